import { SlidersHorizontal } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { useCatalogLabels } from '@/hooks/use-catalog-labels';
import { isSortOrder, SORT_ORDERS, type SortOrder } from '@/lib/catalog/codes';

interface ListToolbarProps {
  /** Undefined while the first page loads. */
  total: number | undefined;
  sort: SortOrder;
  onSortChange: (sort: SortOrder) => void;
  /** "Relevance" only makes sense for a text search. */
  hasText: boolean;
  /** The phone's filter button; omitted where there is no filter drawer. */
  onOpenFilters?: () => void;
  activeFilterCount?: number;
}

/** The result count, the sort select and (on phones) the button of the filter drawer. */
export function ListToolbar({
  total,
  sort,
  onSortChange,
  hasText,
  onOpenFilters,
  activeFilterCount = 0,
}: ListToolbarProps) {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const sortId = useId();
  const orders = SORT_ORDERS.filter((order) => hasText || order !== 'relevance' || sort === order);
  return (
    <div className="ks-list-toolbar">
      <p className="ks-list-toolbar__count" aria-live="polite" data-testid="result-count">
        {total === undefined ? t('common.loading') : t('catalog.resultCount', { count: total })}
      </p>
      <div className="ks-list-toolbar__tools">
        {onOpenFilters ? (
          <button
            type="button"
            className="ks-button ks-button--secondary ks-button--small ks-list-toolbar__filters"
            onClick={onOpenFilters}
            data-testid="open-filters"
          >
            <SlidersHorizontal aria-hidden="true" size={16} />
            {activeFilterCount > 0
              ? t('catalog.filters.buttonCount', { count: activeFilterCount })
              : t('catalog.filters.button')}
          </button>
        ) : null}
        <label className="ks-list-toolbar__sort" htmlFor={sortId}>
          <span>{t('catalog.sortBy')}</span>
        </label>
        <select
          id={sortId}
          className="ks-select"
          value={sort}
          data-testid="sort-select"
          onChange={(event) => {
            if (isSortOrder(event.target.value)) onSortChange(event.target.value);
          }}
        >
          {orders.map((order) => (
            <option key={order} value={order}>
              {labels.sort(order)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
