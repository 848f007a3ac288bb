import { Search } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { QueryGamesDto } from '@/api/types';
import { PlatformIcon } from '@/components/product/platform-icon';
import { useCatalogLabels } from '@/hooks/use-catalog-labels';
import { PER_ORDER_LIMITS } from '@/lib/catalog/codes';
import { LANGUAGE_CODES, LANGUAGES } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectCurrency, selectLanguage } from '@/stores/selectors';

import {
  MULTI_VALUE_FILTERS,
  toggleCode,
  updateFilters,
  type MultiValueKey,
  type ProductFilters,
} from '../lib/filters';

import { CheckList, type CheckOption } from './check-list';
import { PriceRangeFilter } from './price-range-filter';

type Facets = QueryGamesDto['facets'];

interface FilterSidebarProps {
  filters: ProductFilters;
  /** Counts per value with every other filter applied; absent while loading or unknown. */
  facets?: Facets;
  onChange: (next: ProductFilters) => void;
}

/** The currency symbol of a code: the stored one for the shopper's currency, else Intl's. */
function symbolOf(code: string, display: { code: string; symbol: string }, locale: string): string {
  if (code === display.code) return display.symbol;
  try {
    const part = new Intl.NumberFormat(locale, { style: 'currency', currency: code })
      .formatToParts(0)
      .find((item) => item.type === 'currency');
    return part?.value ?? code;
  } catch {
    return code;
  }
}

function FilterGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="ks-filter-group" open>
      <summary className="ks-filter-group__title">{title}</summary>
      <div className="ks-filter-group__body">{children}</div>
    </details>
  );
}

/**
 * Every filter of the product list: text, type, platform, genre, region, language, price
 * range (in the display currency), stock state and per-order limit, with facet counts.
 */
export function FilterSidebar({ filters, facets, onChange }: FilterSidebarProps) {
  const { t } = useTranslation();
  const textId = useId();
  const labels = useCatalogLabels();
  const display = useAppStore(selectCurrency);
  const uiLanguage = useAppStore(selectLanguage);
  const locale = LANGUAGES[uiLanguage].htmlLang;
  const [text, setText] = useState(filters.text);
  const [appliedText, setAppliedText] = useState(filters.text);
  if (appliedText !== filters.text) {
    setAppliedText(filters.text);
    setText(filters.text);
  }

  const languageNames = (() => {
    try {
      return new Intl.DisplayNames([locale], { type: 'language' });
    } catch {
      return null;
    }
  })();

  const options = (
    key: MultiValueKey,
    label: (code: string) => string,
    icon?: (code: string) => ReactNode,
  ): CheckOption[] => {
    const counts = key === 'language' ? undefined : facets?.[key];
    return MULTI_VALUE_FILTERS[key].map((code) => ({
      code,
      label: label(code),
      icon: icon?.(code),
      count: counts ? (counts[code] ?? 0) : undefined,
    }));
  };

  const checkList = (key: MultiValueKey, list: CheckOption[], collapsedCount?: number) => (
    <CheckList
      name={key}
      options={list}
      selected={filters[key]}
      onToggle={(code) => onChange(toggleCode(filters, key, code))}
      collapsedCount={collapsedCount}
    />
  );

  const priceCurrency = filters.currency ?? display.code;

  return (
    <div className="ks-filters" data-testid="filter-sidebar">
      <form
        className="ks-filters__text"
        role="search"
        aria-label={t('catalog.filters.text')}
        onSubmit={(event) => {
          event.preventDefault();
          onChange(updateFilters(filters, { text: text.trim() }));
        }}
      >
        <label className="ks-visually-hidden" htmlFor={textId}>
          {t('catalog.filters.text')}
        </label>
        <input
          id={textId}
          className="ks-input"
          type="search"
          value={text}
          maxLength={100}
          placeholder={t('catalog.filters.textPlaceholder')}
          onChange={(event) => setText(event.target.value)}
        />
        <button
          type="submit"
          className="ks-icon-button"
          aria-label={t('catalog.filters.textApply')}
        >
          <Search aria-hidden="true" size={18} />
        </button>
      </form>

      <FilterGroup title={t('catalog.filters.type')}>
        {checkList('type', options('type', labels.type))}
      </FilterGroup>
      <FilterGroup title={t('catalog.filters.platform')}>
        {checkList(
          'platform',
          options('platform', labels.platform, (code) => <PlatformIcon code={code} size={18} />),
          6,
        )}
      </FilterGroup>
      <FilterGroup title={t('catalog.filters.price', { currency: priceCurrency })}>
        <PriceRangeFilter
          min={filters.priceMin}
          max={filters.priceMax}
          currencyCode={priceCurrency}
          currencySymbol={symbolOf(priceCurrency, display, locale)}
          onApply={({ min, max }) =>
            onChange(
              updateFilters(filters, {
                priceMin: min,
                priceMax: max,
                currency: min === null && max === null ? null : display.code,
              }),
            )
          }
        />
      </FilterGroup>
      <FilterGroup title={t('catalog.filters.genre')}>
        {checkList('genre', options('genre', labels.genre), 6)}
      </FilterGroup>
      <FilterGroup title={t('catalog.filters.region')}>
        {checkList('region', options('region', labels.region), 10)}
      </FilterGroup>
      <FilterGroup title={t('catalog.filters.stock')}>
        {checkList('stock', options('stock', labels.stock))}
      </FilterGroup>
      <FilterGroup title={t('catalog.filters.language')}>
        {checkList(
          'language',
          LANGUAGE_CODES.map((code) => ({
            code,
            label: languageNames?.of(LANGUAGES[code].htmlLang) ?? code,
          })),
          5,
        )}
      </FilterGroup>
      <FilterGroup title={t('catalog.filters.perOrderLimit')}>
        <div
          className="ks-radio-list"
          role="radiogroup"
          aria-label={t('catalog.filters.perOrderLimit')}
        >
          {[null, ...PER_ORDER_LIMITS].map((value) => (
            <label key={value ?? 'any'} className="ks-check ks-check--radio">
              <input
                type="radio"
                className="ks-check__input"
                name="perOrderLimit"
                checked={filters.perOrderLimit === value}
                onChange={() => onChange(updateFilters(filters, { perOrderLimit: value }))}
              />
              <span className="ks-check__box" aria-hidden="true" />
              <span className="ks-check__label">
                {value === null
                  ? t('catalog.filters.perOrderAny')
                  : t('catalog.filters.perOrderAtLeast', { count: value })}
              </span>
            </label>
          ))}
        </div>
      </FilterGroup>
    </div>
  );
}
