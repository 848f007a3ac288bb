import { X } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { useCatalogLabels } from '@/hooks/use-catalog-labels';
import { LANGUAGES, isLanguageCode } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectCurrency } from '@/stores/selectors';

import {
  activeFilters,
  clearFilters,
  removeFilter,
  type ActiveFilter,
  type ProductFilters,
} from '../lib/filters';

interface FilterChipsProps {
  filters: ProductFilters;
  onChange: (next: ProductFilters) => void;
}

/** One removable chip per active filter, and "Clear all". Nothing when no filter is on. */
export function FilterChips({ filters, onChange }: FilterChipsProps) {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const display = useAppStore(selectCurrency);
  const chips = activeFilters(filters);
  if (chips.length === 0) return null;

  const amount = (value: string, currency: string | null) =>
    !currency || currency === display.code ? `${display.symbol}${value}` : `${value} ${currency}`;

  const labelOf = (chip: ActiveFilter): string => {
    switch (chip.kind) {
      case 'text':
        return t('catalog.chips.text', { text: chip.value });
      case 'price':
        if (chip.min !== null && chip.max !== null) {
          return t('catalog.chips.priceBetween', {
            min: amount(chip.min, chip.currency),
            max: amount(chip.max, chip.currency),
          });
        }
        return chip.min !== null
          ? t('catalog.chips.priceFrom', { min: amount(chip.min, chip.currency) })
          : t('catalog.chips.priceUpTo', { max: amount(chip.max ?? '', chip.currency) });
      case 'perOrderLimit':
        return t('catalog.filters.perOrderAtLeast', { count: chip.value });
      case 'type':
        return labels.type(chip.value);
      case 'platform':
        return labels.platform(chip.value);
      case 'genre':
        return labels.genre(chip.value);
      case 'region':
        return labels.region(chip.value);
      case 'stock':
        return labels.stock(chip.value);
      case 'language':
        return isLanguageCode(chip.value) ? LANGUAGES[chip.value].nativeName : chip.value;
    }
  };

  return (
    <div className="ks-chips" data-testid="filter-chips">
      <ul className="ks-chips__list" aria-label={t('catalog.chips.label')}>
        {chips.map((chip) => {
          const label = labelOf(chip);
          const key = 'value' in chip ? `${chip.kind}:${String(chip.value)}` : chip.kind;
          return (
            <li key={key}>
              <button
                type="button"
                className="ks-chip"
                aria-label={t('catalog.chips.remove', { filter: label })}
                onClick={() => onChange(removeFilter(filters, chip))}
              >
                <span>{label}</span>
                <X aria-hidden="true" size={14} />
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="ks-chips__clear"
        data-testid="clear-filters"
        onClick={() => onChange(clearFilters(filters))}
      >
        {t('catalog.chips.clearAll')}
      </button>
    </div>
  );
}
