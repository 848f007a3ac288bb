import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { normalizePrice } from '../lib/filters';

interface PriceRangeFilterProps {
  min: string | null;
  max: string | null;
  /** The currency the amounts are in (its symbol is shown in the fields). */
  currencyCode: string;
  currencySymbol: string;
  onApply: (range: { min: string | null; max: string | null }) => void;
}

type RangeError = 'api.field.notANumber' | 'api.field.priceRange' | null;

/** The same rule as the server: amounts ≥ 0 with at most two decimals, lowest ≤ highest. */
export function validatePriceRange(min: string, max: string): RangeError {
  const low = min.trim() === '' ? null : normalizePrice(min);
  const high = max.trim() === '' ? null : normalizePrice(max);
  if ((min.trim() !== '' && low === null) || (max.trim() !== '' && high === null)) {
    return 'api.field.notANumber';
  }
  if (low !== null && high !== null && Number(low) > Number(high)) return 'api.field.priceRange';
  return null;
}

/** Lowest and highest price in the display currency, applied with Enter or the button. */
export function PriceRangeFilter({
  min,
  max,
  currencyCode,
  currencySymbol,
  onApply,
}: PriceRangeFilterProps) {
  const { t } = useTranslation();
  const [low, setLow] = useState(min ?? '');
  const [high, setHigh] = useState(max ?? '');
  const [error, setError] = useState<RangeError>(null);
  const [applied, setApplied] = useState({ min, max });
  const errorId = useId();
  // The address changed (chip removed, back button): show what it says now.
  if (applied.min !== min || applied.max !== max) {
    setApplied({ min, max });
    setLow(min ?? '');
    setHigh(max ?? '');
    setError(null);
  }

  const submit = (event: SubmitEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const problem = validatePriceRange(low, high);
    setError(problem);
    if (problem) return;
    onApply({
      min: low.trim() === '' ? null : normalizePrice(low),
      max: high.trim() === '' ? null : normalizePrice(high),
    });
  };

  const field = (
    label: string,
    value: string,
    setValue: (next: string) => void,
    testId: string,
  ) => (
    <label className="ks-price-range__field">
      <span className="ks-visually-hidden">{label}</span>
      <span className="ks-price-range__symbol" aria-hidden="true">
        {currencySymbol}
      </span>
      <input
        className="ks-input"
        inputMode="decimal"
        placeholder={label}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid={testId}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
      />
    </label>
  );

  return (
    <form className="ks-price-range" onSubmit={submit} noValidate>
      <div className="ks-price-range__fields">
        {field(t('catalog.filters.priceMin', { currency: currencyCode }), low, setLow, 'price-min')}
        <span className="ks-price-range__dash" aria-hidden="true">
          –
        </span>
        {field(
          t('catalog.filters.priceMax', { currency: currencyCode }),
          high,
          setHigh,
          'price-max',
        )}
      </div>
      {error ? (
        <p id={errorId} className="ks-field__error" role="alert">
          {t(error)}
        </p>
      ) : null}
      <button
        type="submit"
        className="ks-button ks-button--secondary ks-button--small"
        data-testid="price-apply"
      >
        {t('catalog.filters.applyPrice')}
      </button>
    </form>
  );
}
