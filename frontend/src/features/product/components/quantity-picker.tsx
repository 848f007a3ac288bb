import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

interface QuantityPickerProps {
  value: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}

/** Clamps a typed quantity to 1…max (max at least 1). */
export function clampQuantity(value: number, max: number): number {
  const upper = Math.max(1, Math.floor(max));
  if (!Number.isFinite(value)) return 1;
  return Math.min(upper, Math.max(1, Math.floor(value)));
}

/** − n + bounded by the product's per-order limit. */
export function QuantityPicker({ value, max, onChange, disabled = false }: QuantityPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const upper = Math.max(1, max);
  return (
    <div className="ks-quantity">
      <label htmlFor={id} className="ks-quantity__label">
        {t('product.quantity')}
      </label>
      <div className="ks-quantity__control">
        <button
          type="button"
          className="ks-quantity__step"
          aria-label={t('product.quantityLess')}
          disabled={disabled || value <= 1}
          onClick={() => onChange(clampQuantity(value - 1, upper))}
        >
          <Minus aria-hidden="true" size={16} />
        </button>
        <input
          id={id}
          className="ks-quantity__input"
          type="number"
          inputMode="numeric"
          min={1}
          max={upper}
          step={1}
          value={value}
          disabled={disabled}
          data-testid="quantity"
          onChange={(event) => onChange(clampQuantity(Number(event.target.value), upper))}
        />
        <button
          type="button"
          className="ks-quantity__step"
          aria-label={t('product.quantityMore')}
          disabled={disabled || value >= upper}
          onClick={() => onChange(clampQuantity(value + 1, upper))}
        >
          <Plus aria-hidden="true" size={16} />
        </button>
      </div>
      <p className="ks-quantity__hint">{t('product.perOrderLimit', { count: upper })}</p>
    </div>
  );
}
