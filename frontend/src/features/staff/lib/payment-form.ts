import type { ConsoleMethodDto } from '@/api/types';

/** One currency's fee as typed: a percentage ("2.9") and a fixed part in dollars ("0.30"). */
export interface FeeForm {
  currency: string;
  percent: string;
  fixed: string;
}

export interface MethodForm {
  enabled: boolean;
  /** ISO codes separated by commas or spaces, or `*`. */
  currencies: string;
  percent: string;
  fixed: string;
  fees: FeeForm[];
}

/** Hundredths of a percent as a percentage: 290 → "2.9". */
export function percentOf(basisPoints: number): string {
  return String(basisPoints / 100);
}

/** US cents as dollars: 30 → "0.30". */
export function dollarsOf(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** "2.9" → 290; `null` for what is not a number with at most 2 decimals. */
export function basisPointsOf(percent: string): number | null {
  const text = percent.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/** "0.30" → 30; `null` for what is not an amount with at most 2 decimals. */
export function centsOf(dollars: string): number | null {
  const text = dollars.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

export function formOfMethod(method: ConsoleMethodDto): MethodForm {
  return {
    enabled: method.enabled,
    currencies: method.currencies.join(', '),
    percent: percentOf(method.feeBasisPoints),
    fixed: dollarsOf(method.feeFixedUsd),
    fees: method.fees.map((fee) => ({
      currency: fee.currency,
      percent: percentOf(fee.feeBasisPoints),
      fixed: dollarsOf(fee.feeFixedUsd),
    })),
  };
}

export interface MethodBody {
  version: number;
  enabled: boolean;
  currencies: string[];
  feeBasisPoints: number;
  feeFixedUsd: number;
  fees: { currency: string; feeBasisPoints: number; feeFixedUsd: number }[];
}

/** The body of a save, or the fields the browser already knows are wrong. */
export function bodyOfMethod(
  form: MethodForm,
  version: number,
): { body: MethodBody } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const feeBasisPoints = basisPointsOf(form.percent);
  const feeFixedUsd = centsOf(form.fixed);
  if (feeBasisPoints === null) errors.feeBasisPoints = 'api.field.invalid';
  if (feeFixedUsd === null) errors.feeFixedUsd = 'api.field.invalid';
  const fees = form.fees.map((fee, index) => {
    const basisPoints = basisPointsOf(fee.percent);
    const cents = centsOf(fee.fixed);
    if (basisPoints === null) errors[`fees[${String(index)}].feeBasisPoints`] = 'api.field.invalid';
    if (cents === null) errors[`fees[${String(index)}].feeFixedUsd`] = 'api.field.invalid';
    return {
      currency: fee.currency.trim().toUpperCase(),
      feeBasisPoints: basisPoints ?? 0,
      feeFixedUsd: cents ?? 0,
    };
  });
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      version,
      enabled: form.enabled,
      currencies: form.currencies
        .split(/[\s,]+/)
        .map((code) => code.trim().toUpperCase())
        .filter((code) => code !== ''),
      feeBasisPoints: feeBasisPoints ?? 0,
      feeFixedUsd: feeFixedUsd ?? 0,
      fees,
    },
  };
}
