import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { ConsoleLevelDto, ConsoleLevelsDto } from '@/api/types';
import { FormAlert, TextField, errorText } from '@/components/ui/form-field';
import { ApiError } from '@/lib/http/envelope';
import { notify } from '@/lib/toast';

import { saveLevels, staffLevels } from '../api/content';
import { RequirePermission } from '../components/staff-layout';
import { centsOf, dollarsOf } from '../lib/payment-form';

const LEVELS_KEY = ['staff', 'levels'] as const;

/** A level as typed: the threshold in dollars, the rest whole numbers. */
interface LevelForm {
  id: number;
  name: string;
  threshold: string;
  discount: string;
  points: string;
  rate: string;
}

function formOf(level: ConsoleLevelDto): LevelForm {
  return {
    id: level.id ?? 0,
    name: level.name,
    threshold: dollarsOf(level.thresholdUsdCents),
    discount: String(level.discountPercent),
    points: String(level.pointsPerUsd),
    rate: String(level.exchangeRate),
  };
}

const whole = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text) : null);

/** The table to send, or the fields the browser already knows are wrong. */
function tableOf(
  forms: LevelForm[],
): { levels: ConsoleLevelDto[] } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const levels = forms.map((form, index) => {
    const field = (name: string) => `levels[${String(index)}].${name}`;
    const threshold = centsOf(form.threshold);
    const values = [
      ['discountPercent', whole(form.discount)],
      ['pointsPerUsd', whole(form.points)],
      ['exchangeRate', whole(form.rate)],
    ] as const;
    if (threshold === null) errors[field('thresholdUsdCents')] = 'api.field.invalid';
    for (const [name, value] of values)
      if (value === null) errors[field(name)] = 'api.field.invalid';
    return {
      id: form.id,
      name: form.name,
      thresholdUsdCents: threshold ?? 0,
      discountPercent: whole(form.discount) ?? 0,
      pointsPerUsd: whole(form.points) ?? 0,
      exchangeRate: whole(form.rate) ?? 0,
    };
  });
  return Object.keys(errors).length > 0 ? { errors } : { levels };
}

function LevelsEditor({ table }: { table: ConsoleLevelsDto }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [forms, setForms] = useState<LevelForm[]>(() => table.levels.map(formOf));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (levels: ConsoleLevelDto[]) => saveLevels(table.version, levels),
    onSuccess: (saved) => {
      notify.success(t('staff.levels.saved'));
      queryClient.setQueryData(LEVELS_KEY, saved);
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setErrors(error.fieldErrors);
        setFormError(errorText(error.fieldErrors.levels ?? 'api.error.validation'));
      } else {
        setFormError(error instanceof ApiError ? errorText(error.msgKey) : error.message);
      }
    },
  });
  const set = (index: number, change: Partial<LevelForm>): void =>
    setForms(forms.map((form, at) => (at === index ? { ...form, ...change } : form)));
  return (
    <form
      className="ks-staff__section"
      onSubmit={(event) => {
        event.preventDefault();
        setFormError(null);
        const result = tableOf(forms);
        if ('errors' in result) {
          setErrors(result.errors);
          return;
        }
        setErrors({});
        save.mutate(result.levels);
      }}
    >
      {forms.map((form, index) => {
        const error = (name: string) => errors[`levels[${String(index)}].${name}`];
        return (
          <fieldset
            className="ks-staff__card ks-staff__level"
            key={form.id > 0 ? form.id : `new-${String(index)}`}
            data-testid="staff-level"
          >
            <TextField
              label={t('staff.levels.name')}
              value={form.name}
              onChange={(event) => set(index, { name: event.target.value })}
              error={error('name')}
              testId="staff-level-name"
            />
            <TextField
              label={t('staff.levels.threshold')}
              inputMode="decimal"
              value={form.threshold}
              onChange={(event) => set(index, { threshold: event.target.value })}
              error={error('thresholdUsdCents')}
              dir="ltr"
              testId="staff-level-threshold"
            />
            <TextField
              label={t('staff.levels.discount')}
              inputMode="numeric"
              value={form.discount}
              onChange={(event) => set(index, { discount: event.target.value })}
              error={error('discountPercent')}
              dir="ltr"
              testId="staff-level-discount"
            />
            <TextField
              label={t('staff.levels.points')}
              inputMode="numeric"
              value={form.points}
              onChange={(event) => set(index, { points: event.target.value })}
              error={error('pointsPerUsd')}
              dir="ltr"
              testId="staff-level-points"
            />
            <TextField
              label={t('staff.levels.rate')}
              hint={t('staff.levels.rateHint')}
              inputMode="numeric"
              value={form.rate}
              onChange={(event) => set(index, { rate: event.target.value })}
              error={error('exchangeRate')}
              dir="ltr"
              testId="staff-level-rate"
            />
            <div className="ks-staff__actions">
              <button
                type="button"
                className="ks-button ks-button--ghost ks-button--small"
                disabled={forms.length === 1}
                onClick={() => setForms(forms.filter((_, at) => at !== index))}
              >
                <Trash2 size={16} aria-hidden />
                {t('staff.products.remove')}
              </button>
            </div>
          </fieldset>
        );
      })}
      <FormAlert>{formError}</FormAlert>
      <div className="ks-staff__actions">
        <button
          type="button"
          className="ks-button ks-button--ghost"
          onClick={() =>
            setForms([
              ...forms,
              { id: 0, name: '', threshold: '', discount: '0', points: '1', rate: '100' },
            ])
          }
          data-testid="staff-level-add"
        >
          <Plus size={18} aria-hidden />
          {t('staff.levels.add')}
        </button>
        <button
          type="submit"
          className="ks-button ks-button--primary"
          disabled={save.isPending}
          data-testid="staff-levels-save"
        >
          <Save size={18} aria-hidden />
          {t('staff.levels.save')}
        </button>
      </div>
    </form>
  );
}

function LevelsPage() {
  const { t } = useTranslation();
  const table = useQuery({ queryKey: LEVELS_KEY, queryFn: staffLevels });
  return (
    <section data-testid="staff-levels">
      <h1 className="ks-staff__title">{t('staff.levels.title')}</h1>
      <p className="ks-staff__intro">{t('staff.levels.intro')}</p>
      {table.isError ? <FormAlert>{table.error.message}</FormAlert> : null}
      {table.data ? <LevelsEditor key={table.data.version} table={table.data} /> : null}
    </section>
  );
}

/** The membership levels: thresholds, discount, points per dollar and the points' worth. */
export function StaffLevelsRoute() {
  return (
    <RequirePermission permission="content.manage">
      <LevelsPage />
    </RequirePermission>
  );
}
