import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { ConsoleMethodDto } from '@/api/types';
import { CheckboxField, FormAlert, TextField, errorText } from '@/components/ui/form-field';
import { ApiError } from '@/lib/http/envelope';
import { notify } from '@/lib/toast';

import { savePaymentMethod, staffPaymentMethods } from '../api/content';
import { RequirePermission } from '../components/staff-layout';
import { bodyOfMethod, formOfMethod, type FeeForm, type MethodForm } from '../lib/payment-form';
import { mayStaff, useStaffStore } from '../lib/staff-store';

const METHODS_KEY = ['staff', 'payment-methods'] as const;

/** One method: switched on or off, its currencies, its fee and the fees per currency. */
function MethodCard({ method, editable }: { method: ConsoleMethodDto; editable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<MethodForm>(() => formOfMethod(method));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: Parameters<typeof savePaymentMethod>[1]) =>
      savePaymentMethod(method.code, body),
    onSuccess: async () => {
      notify.success(t('staff.payments.saved', { code: method.code }));
      setErrors({});
      setFormError(null);
      await queryClient.invalidateQueries({ queryKey: METHODS_KEY });
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setErrors(error.fieldErrors);
        setFormError(errorText('api.error.validation'));
      } else {
        setFormError(error instanceof ApiError ? errorText(error.msgKey) : error.message);
      }
    },
  });
  const setFee = (index: number, change: Partial<FeeForm>): void =>
    setForm({
      ...form,
      fees: form.fees.map((fee, at) => (at === index ? { ...fee, ...change } : fee)),
    });
  const currencyError = Object.entries(errors).find(([field]) =>
    field.startsWith('currencies'),
  )?.[1];
  return (
    <form
      className="ks-staff__card ks-staff__section"
      data-testid="staff-payment-method"
      data-code={method.code}
      onSubmit={(event) => {
        event.preventDefault();
        setFormError(null);
        const result = bodyOfMethod(form, method.version);
        if ('errors' in result) {
          setErrors(result.errors);
          return;
        }
        save.mutate(result.body);
      }}
    >
      <p className="ks-staff__row-title">
        <span className="ks-staff__code">{method.code}</span>{' '}
        <span className="ks-staff__badge ks-staff__badge--quiet">
          {t(`shop.method.${method.provider}`)}
        </span>{' '}
        {method.providerReady ? null : (
          <span className="ks-staff__badge" data-testid="staff-payment-not-ready">
            {t('staff.payments.notReady')}
          </span>
        )}
      </p>
      <fieldset
        className="ks-staff__section ks-staff__plain"
        disabled={!editable || save.isPending}
      >
        <CheckboxField
          label={t('staff.payments.enabled')}
          checked={form.enabled}
          onChange={(event) => setForm({ ...form, enabled: event.target.checked })}
          testId="staff-payment-enabled"
        />
        <TextField
          label={t('staff.payments.currencies')}
          hint={t('staff.payments.currenciesHint')}
          value={form.currencies}
          onChange={(event) => setForm({ ...form, currencies: event.target.value })}
          error={currencyError}
          dir="ltr"
          testId="staff-payment-currencies"
        />
        <div className="ks-staff__grid">
          <TextField
            label={t('staff.payments.percent')}
            inputMode="decimal"
            value={form.percent}
            onChange={(event) => setForm({ ...form, percent: event.target.value })}
            error={errors.feeBasisPoints}
            dir="ltr"
            testId="staff-payment-percent"
          />
          <TextField
            label={t('staff.payments.fixed')}
            inputMode="decimal"
            value={form.fixed}
            onChange={(event) => setForm({ ...form, fixed: event.target.value })}
            error={errors.feeFixedUsd}
            dir="ltr"
            testId="staff-payment-fixed"
          />
        </div>
        <p className="ks-staff__subtitle">{t('staff.payments.perCurrency')}</p>
        <p className="ks-staff__muted">{t('staff.payments.perCurrencyHint')}</p>
        {form.fees.map((fee, index) => (
          <div className="ks-staff__fee" key={index} data-testid="staff-payment-fee">
            <TextField
              label={t('staff.payments.currency')}
              value={fee.currency}
              onChange={(event) => setFee(index, { currency: event.target.value })}
              error={errors[`fees[${String(index)}].currency`]}
              dir="ltr"
              testId="staff-payment-fee-currency"
            />
            <TextField
              label={t('staff.payments.percent')}
              inputMode="decimal"
              value={fee.percent}
              onChange={(event) => setFee(index, { percent: event.target.value })}
              error={errors[`fees[${String(index)}].feeBasisPoints`]}
              dir="ltr"
              testId="staff-payment-fee-percent"
            />
            <TextField
              label={t('staff.payments.fixed')}
              inputMode="decimal"
              value={fee.fixed}
              onChange={(event) => setFee(index, { fixed: event.target.value })}
              error={errors[`fees[${String(index)}].feeFixedUsd`]}
              dir="ltr"
              testId="staff-payment-fee-fixed"
            />
            <button
              type="button"
              className="ks-button ks-button--ghost ks-button--small"
              onClick={() => setForm({ ...form, fees: form.fees.filter((_, at) => at !== index) })}
            >
              <Trash2 size={16} aria-hidden />
              {t('staff.products.remove')}
            </button>
          </div>
        ))}
        <div className="ks-staff__actions">
          <button
            type="button"
            className="ks-button ks-button--ghost ks-button--small"
            onClick={() =>
              setForm({
                ...form,
                fees: [...form.fees, { currency: '', percent: form.percent, fixed: form.fixed }],
              })
            }
            data-testid="staff-payment-add-fee"
          >
            <Plus size={16} aria-hidden />
            {t('staff.payments.addFee')}
          </button>
        </div>
        <FormAlert>{formError}</FormAlert>
        {editable ? (
          <div className="ks-staff__actions">
            <button
              type="submit"
              className="ks-button ks-button--primary"
              data-testid="staff-payment-save"
            >
              <Save size={18} aria-hidden />
              {t('staff.settings.save')}
            </button>
          </div>
        ) : null}
      </fieldset>
    </form>
  );
}

function PaymentMethodsPage() {
  const { t } = useTranslation();
  const staff = useStaffStore((state) => state.staff);
  const methods = useQuery({ queryKey: METHODS_KEY, queryFn: staffPaymentMethods });
  const editable = mayStaff(staff, 'payments.manage');
  return (
    <section data-testid="staff-payment-methods">
      <h1 className="ks-staff__title">{t('staff.payments.title')}</h1>
      <p className="ks-staff__intro">{t('staff.payments.intro')}</p>
      {methods.isError ? <FormAlert>{methods.error.message}</FormAlert> : null}
      <div className="ks-staff__list">
        {methods.data?.map((method) => (
          <MethodCard
            key={`${method.code}.${String(method.version)}`}
            method={method}
            editable={editable}
          />
        ))}
      </div>
    </section>
  );
}

/** The payment methods: switched on or off, their currencies and fees, per currency too. */
export function StaffPaymentMethodsRoute() {
  return (
    <RequirePermission permission="payments.read">
      <PaymentMethodsPage />
    </RequirePermission>
  );
}
