/**
 * The one money formatter of the SPA (DESIGN §6): prices travel as USD minor units (cents);
 * the shopper sees them in the chosen currency as `symbol + amount` with two decimals and
 * thousands grouped by three with commas. The amount is cents / 100 × the stored rate,
 * rounded half away from zero at the cent. Zero or empty input shows `symbol + "0.00"`.
 */

export interface DisplayCurrency {
  symbol: string;
  /** Units of the currency per 1 USD. */
  rate: number;
}

export type MinorUnits = number | string | null | undefined;

/** Float noise below this many cents is ignored before rounding (e.g. 0.4999999999 → 0.5). */
const NOISE_DIGITS = 6;

function toNumber(value: MinorUnits): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  const trimmed = value.trim();
  if (trimmed === '') return 0;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : 0;
}

function usableRate(rate: number): number {
  return Number.isFinite(rate) && rate > 0 ? rate : 1;
}

/** Rounds a non-negative number of cents to a whole cent, half away from zero. */
function roundCents(cents: number): number {
  const cleaned = Number(cents.toFixed(NOISE_DIGITS));
  return Math.floor(cleaned + 0.5);
}

/** Groups the digits of a whole number by three with commas: 1234567 → "1,234,567". */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Converts USD minor units into whole minor units of the display currency. */
export function convertMinorUnits(usdMinorUnits: MinorUnits, rate: number): number {
  const cents = toNumber(usdMinorUnits) * usableRate(rate);
  const rounded = roundCents(Math.abs(cents));
  return cents < 0 ? -rounded : rounded;
}

/** `formatMoney(123456, { symbol: '€', rate: 0.92 })` → `"€1,135.80"`. */
export function formatMoney(usdMinorUnits: MinorUnits, currency: DisplayCurrency): string {
  const minor = convertMinorUnits(usdMinorUnits, currency.rate);
  if (minor === 0) return `${currency.symbol}0.00`;
  const absolute = Math.abs(minor);
  const whole = Math.floor(absolute / 100);
  const fraction = String(absolute % 100).padStart(2, '0');
  const sign = minor < 0 ? '-' : '';
  return `${sign}${currency.symbol}${groupThousands(whole.toFixed(0))}.${fraction}`;
}
