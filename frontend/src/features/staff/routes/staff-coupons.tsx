import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Power, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { CouponDto } from '@/api/types';
import { ProductTypeValues } from '@/api/vocabulary';
import {
  CheckboxField,
  FormAlert,
  SelectField,
  TextField,
  TextareaField,
  errorText,
} from '@/components/ui/form-field';
import { Pagination } from '@/components/ui/pagination';
import { ApiError } from '@/lib/http/envelope';
import { formatMoney } from '@/lib/money';
import { notify } from '@/lib/toast';
import { useAppStore } from '@/stores/app-store';

import { saveCoupon, searchCoupons } from '../api/staff';
import { RequirePermission } from '../components/staff-layout';
import { EMPTY_COUPON, bodyOf, formOf, majorText, type CouponForm } from '../lib/coupon-form';
import { useDateTime } from '../lib/format';

const COUPONS_KEY = ['staff', 'coupons'] as const;
const PAGE_SIZE = 20;

const usd = (cents: number): string => formatMoney(cents, { symbol: '$', rate: 1 });

/** A new coupon, or an edit of one (with the version read: 409 when it changed since). */
function CouponEditor({ editing, onDone }: { editing: CouponDto | null; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<CouponForm>(editing ? formOf(editing) : EMPTY_COUPON);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: saveCoupon,
    onSuccess: (saved) => {
      notify.success(t('staff.coupons.saved', { code: saved.code }));
      onDone();
      return queryClient.invalidateQueries({ queryKey: COUPONS_KEY });
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setErrors(error.fieldErrors);
      } else {
        setFormError(error instanceof ApiError ? errorText(error.msgKey) : error.message);
      }
    },
  });
  const set =
    (name: keyof CouponForm) =>
    (event: { target: { value: string } }): void =>
      setForm((current) => ({ ...current, [name]: event.target.value }));
  const submit = (): void => {
    setFormError(null);
    const parsed = bodyOf(form, editing?.version);
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    save.mutate(parsed.body);
  };
  const fixed = form.kind === 'fixed';

  return (
    <form
      className="ks-staff__card ks-staff__filters ks-staff__audit"
      data-testid="staff-coupon-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 className="ks-staff__subtitle">
        {editing ? `${t('staff.coupons.edit')} · ${editing.code}` : t('staff.coupons.new')}
      </h2>
      <TextField
        label={t('staff.coupons.code')}
        value={form.code}
        onChange={set('code')}
        disabled={editing !== null}
        error={errors.code}
        testId="staff-coupon-code"
      />
      <SelectField
        label={t('staff.coupons.kind')}
        value={form.kind}
        onChange={set('kind')}
        testId="staff-coupon-kind"
      >
        <option value="percent">{t('staff.coupons.kindPercent')}</option>
        <option value="fixed">{t('staff.coupons.kindFixed')}</option>
      </SelectField>
      <TextField
        label={fixed ? t('staff.coupons.amountUsd') : t('staff.coupons.percent')}
        inputMode="decimal"
        value={form.amount}
        onChange={set('amount')}
        error={errors.amount}
        testId="staff-coupon-amount"
      />
      {fixed ? (
        <TextareaField
          label={t('staff.coupons.fixedAmounts')}
          hint={t('staff.coupons.fixedHint')}
          rows={2}
          value={form.fixedAmounts}
          onChange={set('fixedAmounts')}
          error={errors.fixedAmounts}
          testId="staff-coupon-fixed"
        />
      ) : null}
      <TextField
        label={t('staff.coupons.minGoods')}
        inputMode="decimal"
        value={form.minGoods}
        onChange={set('minGoods')}
        error={errors.minGoodsUsd}
        testId="staff-coupon-min"
      />
      <TextField
        label={t('staff.coupons.startsAt')}
        type="datetime-local"
        value={form.startsAt}
        onChange={set('startsAt')}
        error={errors.startsAt}
      />
      <TextField
        label={t('staff.coupons.endsAt')}
        type="datetime-local"
        value={form.endsAt}
        onChange={set('endsAt')}
        error={errors.endsAt}
        testId="staff-coupon-ends"
      />
      <TextField
        label={t('staff.coupons.usageLimit')}
        inputMode="numeric"
        value={form.usageLimit}
        onChange={set('usageLimit')}
        error={errors.usageLimit}
        testId="staff-coupon-limit"
      />
      <TextField
        label={t('staff.coupons.perBuyerLimit')}
        inputMode="numeric"
        value={form.perBuyerLimit}
        onChange={set('perBuyerLimit')}
        error={errors.perBuyerLimit}
        testId="staff-coupon-per-buyer"
      />
      <TextField
        label={t('staff.coupons.productIds')}
        value={form.productIds}
        onChange={set('productIds')}
        error={errors.productIds}
      />
      <fieldset className="ks-staff__types">
        <legend>{t('staff.coupons.productTypes')}</legend>
        {ProductTypeValues.map((type) => (
          <CheckboxField
            key={type}
            label={t(`catalog.type.${type}`)}
            checked={form.productTypes.includes(type)}
            onChange={(event) =>
              setForm((current) => ({
                ...current,
                productTypes: event.target.checked
                  ? [...current.productTypes, type]
                  : current.productTypes.filter((kept) => kept !== type),
              }))
            }
            testId={`staff-coupon-type-${type}`}
          />
        ))}
      </fieldset>
      <FormAlert>{formError}</FormAlert>
      <div className="ks-staff__actions">
        <button
          type="submit"
          className="ks-button ks-button--primary"
          disabled={save.isPending}
          data-testid="staff-coupon-save"
        >
          {t('staff.coupons.save')}
        </button>
        <button type="button" className="ks-button ks-button--ghost" onClick={onDone}>
          {t('staff.coupons.cancel')}
        </button>
      </div>
    </form>
  );
}

/** What a coupon takes off, in the list: `10%` (as the language writes it), or `$5.00 · EUR 4.50`. */
function valueOf(coupon: CouponDto, language: string): string {
  if (coupon.kind === 'percent') {
    return new Intl.NumberFormat(language, { style: 'percent' }).format(coupon.amount / 100);
  }
  const local = Object.entries(coupon.fixedAmounts).map(
    ([currency, minor]) => `${currency} ${majorText(minor)}`,
  );
  return [usd(coupon.amount), ...local].join(' · ');
}

function CouponCard({ coupon, onEdit }: { coupon: CouponDto; onEdit: () => void }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const language = useAppStore((state) => state.language);
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: () => {
      const parsed = bodyOf({ ...formOf(coupon), disabled: !coupon.disabled }, coupon.version);
      if ('errors' in parsed) throw new Error(Object.values(parsed.errors).join(', '));
      return saveCoupon(parsed.body);
    },
    onSuccess: (saved) => {
      notify.success(t('staff.coupons.saved', { code: saved.code }));
      return queryClient.invalidateQueries({ queryKey: COUPONS_KEY });
    },
    onError: (error) =>
      notify.error(error instanceof ApiError ? errorText(error.msgKey) : error.message),
  });
  const restriction = [
    ...coupon.productTypes.map((type) => t(`catalog.type.${type}`)),
    ...(coupon.productIds.length > 0
      ? [t('staff.coupons.products', { ids: coupon.productIds.join(', ') })]
      : []),
  ];
  return (
    <li
      className={`ks-staff__card${coupon.disabled ? ' ks-staff__card--muted' : ''}`}
      data-testid="staff-coupon"
      data-code={coupon.code}
    >
      <p className="ks-staff__row-title">
        <span className="ks-staff__code">{coupon.code}</span>{' '}
        <span
          className={coupon.disabled ? 'ks-staff__badge' : 'ks-staff__role'}
          data-testid="staff-coupon-state"
        >
          {coupon.disabled ? t('staff.coupons.off') : t('staff.coupons.active')}
        </span>
      </p>
      <dl className="ks-staff__facts">
        <div>
          <dt>{t('staff.coupons.value')}</dt>
          <dd data-testid="staff-coupon-value">{valueOf(coupon, language)}</dd>
        </div>
        <div>
          <dt>{t('staff.coupons.minimum')}</dt>
          <dd>{usd(coupon.minGoodsUsd)}</dd>
        </div>
        <div>
          <dt>{t('staff.coupons.window')}</dt>
          <dd>
            {coupon.endsAt
              ? t('staff.coupons.until', { when: formatDateTime(coupon.endsAt) })
              : t('staff.coupons.always')}
          </dd>
        </div>
        <div>
          <dt>{t('staff.coupons.uses')}</dt>
          <dd data-testid="staff-coupon-uses">
            {coupon.usageLimit
              ? t('staff.coupons.usesOf', { used: coupon.used, limit: coupon.usageLimit })
              : coupon.used}
          </dd>
        </div>
        <div>
          <dt>{t('staff.coupons.paidOrders')}</dt>
          <dd>{coupon.paidOrders}</dd>
        </div>
        <div>
          <dt>{t('staff.coupons.revenue')}</dt>
          <dd>{usd(coupon.revenueUsd)}</dd>
        </div>
        <div>
          <dt>{t('staff.coupons.restricted')}</dt>
          <dd>{restriction.length > 0 ? restriction.join(', ') : t('staff.coupons.everything')}</dd>
        </div>
      </dl>
      <div className="ks-staff__actions">
        <button
          type="button"
          className="ks-button ks-button--secondary ks-button--small"
          onClick={onEdit}
          data-testid="staff-coupon-edit"
        >
          <Pencil size={16} aria-hidden />
          {t('staff.coupons.edit')}
        </button>
        <button
          type="button"
          className="ks-button ks-button--ghost ks-button--small"
          disabled={toggle.isPending}
          onClick={() => toggle.mutate()}
          data-testid="staff-coupon-toggle"
        >
          <Power size={16} aria-hidden />
          {coupon.disabled ? t('staff.coupons.switchOn') : t('staff.coupons.switchOff')}
        </button>
      </div>
    </li>
  );
}

function CouponsPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<CouponDto | 'new' | null>(null);
  const coupons = useQuery({
    queryKey: [...COUPONS_KEY, text, page],
    queryFn: () => searchCoupons(text.trim(), page),
    placeholderData: keepPreviousData,
  });
  return (
    <section data-testid="staff-coupons">
      <h1 className="ks-staff__title">{t('staff.coupons.title')}</h1>
      <p className="ks-staff__intro">{t('staff.coupons.intro')}</p>
      {editing === null ? (
        <button
          type="button"
          className="ks-button ks-button--primary"
          onClick={() => setEditing('new')}
          data-testid="staff-coupon-new"
        >
          <Plus size={18} aria-hidden />
          {t('staff.coupons.new')}
        </button>
      ) : (
        <CouponEditor
          key={editing === 'new' ? 'new' : `${editing.code}:${String(editing.version)}`}
          editing={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <form
        className="ks-staff__filters ks-staff__audit"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setText(draft);
        }}
      >
        <TextField
          label={t('staff.coupons.search')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          testId="staff-coupons-text"
        />
        <div className="ks-staff__actions">
          <button type="submit" className="ks-button ks-button--secondary">
            <Search size={18} aria-hidden />
            {t('staff.orders.search')}
          </button>
        </div>
      </form>
      {coupons.isError ? <FormAlert>{coupons.error.message}</FormAlert> : null}
      {coupons.data?.total === 0 ? (
        <p className="ks-staff__intro">{t('staff.coupons.empty')}</p>
      ) : null}
      <ul className="ks-staff__list">
        {coupons.data?.rows.map((coupon) => (
          <CouponCard
            key={coupon.code}
            coupon={coupon}
            onEdit={() => {
              setEditing(coupon);
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        ))}
      </ul>
      {coupons.data && coupons.data.total > PAGE_SIZE ? (
        <Pagination
          page={page}
          total={coupons.data.total}
          limit={PAGE_SIZE}
          onPageChange={setPage}
        />
      ) : null}
    </section>
  );
}

/** Finance's coupons: the list with their figures, new ones, edits, switching off. */
export function StaffCouponsRoute() {
  return (
    <RequirePermission permission="coupons.manage">
      <CouponsPage />
    </RequirePermission>
  );
}
