import type { CouponBody, CouponDto, ProductType } from '@/api/types';

/** The coupon form as typed: text fields, parsed on save. */
export interface CouponForm {
  code: string;
  kind: 'percent' | 'fixed';
  /** Percent, or USD with cents (`5.00`). */
  amount: string;
  /** One per line: `EUR 4.50`. */
  fixedAmounts: string;
  minGoods: string;
  /** `datetime-local` values (this device's clock); empty: none. */
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perBuyerLimit: string;
  /** Comma-separated product numbers. */
  productIds: string;
  productTypes: ProductType[];
  disabled: boolean;
}

export const EMPTY_COUPON: CouponForm = {
  code: '',
  kind: 'percent',
  amount: '',
  fixedAmounts: '',
  minGoods: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perBuyerLimit: '',
  productIds: '',
  productTypes: [],
  disabled: false,
};

/** `4.5` or `4.50` as minor units (450); null for anything else. */
export function minorUnits(text: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = (match[2] ?? '').padEnd(2, '0');
  return Number(match[1]) * 100 + Number(cents);
}

/** Minor units as typed in the form: 450 → `4.50`. */
export function majorText(minor: number): string {
  return `${String(Math.trunc(minor / 100))}.${String(minor % 100).padStart(2, '0')}`;
}

/** `EUR 4.50` lines as minor units per currency; null when a line is not one. */
export function parseAmounts(text: string): Record<string, number> | null {
  const amounts: Record<string, number> = {};
  for (const line of text
    .split(/\r?\n/)
    .map((row) => row.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z]{3})\s*[: ]\s*(\S+)$/.exec(line);
    const minor = match ? minorUnits(match[2] ?? '') : null;
    if (!match || minor === null || minor === 0) return null;
    amounts[(match[1] ?? '').toUpperCase()] = minor;
  }
  return amounts;
}

/** A `datetime-local` value of epoch milliseconds, on this device's clock. */
export function localDateTime(ms: number): string {
  const date = new Date(ms);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The form of a coupon read from the API. */
export function formOf(coupon: CouponDto): CouponForm {
  return {
    code: coupon.code,
    kind: coupon.kind,
    amount: coupon.kind === 'percent' ? String(coupon.amount) : majorText(coupon.amount),
    fixedAmounts: Object.entries(coupon.fixedAmounts)
      .map(([currency, minor]) => `${currency} ${majorText(minor)}`)
      .join('\n'),
    minGoods: coupon.minGoodsUsd > 0 ? majorText(coupon.minGoodsUsd) : '',
    startsAt: coupon.startsAt > 0 ? localDateTime(coupon.startsAt) : '',
    endsAt: coupon.endsAt ? localDateTime(coupon.endsAt) : '',
    usageLimit: coupon.usageLimit ? String(coupon.usageLimit) : '',
    perBuyerLimit: coupon.perBuyerLimit ? String(coupon.perBuyerLimit) : '',
    productIds: coupon.productIds.join(', '),
    productTypes: [...coupon.productTypes],
    disabled: coupon.disabled,
  };
}

/** The form as the API's body, or the fields it could not read (catalogue keys). */
export function bodyOf(
  form: CouponForm,
  version?: number,
): { body: CouponBody } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const whole = (text: string, field: string): number | null => {
    if (text.trim() === '') return null;
    if (!/^\d{1,10}$/.test(text.trim())) errors[field] = 'api.field.notANumber';
    return Number(text.trim());
  };
  const amount = form.kind === 'percent' ? whole(form.amount, 'amount') : minorUnits(form.amount);
  if (amount === null && !errors.amount) errors.amount = 'api.field.required';
  const fixedAmounts = form.kind === 'fixed' ? parseAmounts(form.fixedAmounts) : {};
  if (fixedAmounts === null) errors.fixedAmounts = 'staff.coupons.badAmounts';
  const minGoods = form.minGoods.trim() === '' ? 0 : minorUnits(form.minGoods);
  if (minGoods === null) errors.minGoodsUsd = 'api.field.notANumber';
  const productIds = form.productIds
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((id) => (/^\d{1,12}$/.test(id) ? Number(id) : NaN));
  if (productIds.some((id) => Number.isNaN(id))) errors.productIds = 'api.field.invalid';
  const time = (value: string) => (value === '' ? undefined : Date.parse(value));
  const usageLimit = whole(form.usageLimit, 'usageLimit');
  const perBuyerLimit = whole(form.perBuyerLimit, 'perBuyerLimit');
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      code: form.code.trim(),
      kind: form.kind,
      amount: amount ?? 0,
      fixedAmounts: fixedAmounts ?? {},
      minGoodsUsd: minGoods ?? 0,
      startsAt: time(form.startsAt) ?? 0,
      endsAt: time(form.endsAt),
      usageLimit: usageLimit ?? undefined,
      perBuyerLimit: perBuyerLimit ?? undefined,
      productIds,
      productTypes: form.productTypes,
      disabled: form.disabled,
      version,
    },
  };
}
