import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useLocation } from 'react-router';

import { AppLink } from '@/components/ui/app-link';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { isPageSize } from '@/lib/catalog/codes';
import { useAppNavigate } from '@/lib/navigation/use-app-navigate';

import { useQueryGames } from '../api/query-games';
import { FilterChips } from '../components/filter-chips';
import { FilterSidebar } from '../components/filter-sidebar';
import { ListPageLayout } from '../components/list-page-layout';
import { ListToolbar } from '../components/list-toolbar';
import { ProductResults } from '../components/product-results';
import {
  activeFilters,
  clearFilters,
  effectiveSort,
  parseFilters,
  serializeFilters,
  updateFilters,
  type ProductFilters,
} from '../lib/filters';

/**
 * `/games`: every product, narrowed by the filters in the address. Each change pushes a
 * new address, so a list can be shared and back/forward steps through the changes.
 */
export function GamesRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useAppNavigate();
  const filters = useMemo(() => parseFilters(location.search), [location.search]);
  const query = useQueryGames(filters);
  const hrefOf = (next: ProductFilters) => `${paths.games}${serializeFilters(next)}`;
  const apply = (next: ProductFilters) => navigate(hrefOf(next));

  const title =
    filters.text === '' ? t('catalog.allGames') : t('catalog.searchTitle', { text: filters.text });
  usePageTitle(filters.text === '' ? null : title);
  const data = query.data;
  const total = data?.total;
  const activeCount = activeFilters(filters).length;

  const sidebar = <FilterSidebar filters={filters} facets={data?.facets} onChange={apply} />;

  return (
    <ListPageLayout
      crumbs={[{ label: t('nav.home'), to: paths.home }, { label: t('catalog.allGames') }]}
      heading={
        <h1 className="ks-page__title" data-testid="list-title">
          {title}
        </h1>
      }
      sidebar={sidebar}
      showResultsLabel={
        total === undefined ? t('common.close') : t('catalog.showResults', { count: total })
      }
    >
      {(openFilters) => (
        <>
          <ListToolbar
            total={total}
            sort={effectiveSort(filters)}
            hasText={filters.text !== ''}
            onSortChange={(sort) => apply(updateFilters(filters, { sort }))}
            onOpenFilters={openFilters}
            activeFilterCount={activeCount}
          />
          <FilterChips filters={filters} onChange={apply} />
          <ProductResults
            rows={data?.rows}
            total={total ?? 0}
            page={filters.page}
            limit={filters.limit}
            refreshing={query.isPlaceholderData}
            error={query.error}
            onRetry={() => void query.refetch()}
            hrefForPage={(page) => hrefOf(updateFilters(filters, { page }))}
            onPageSizeChange={(limit) => {
              if (isPageSize(limit)) apply(updateFilters(filters, { limit }));
            }}
            emptyActions={
              <>
                {activeCount > 0 ? (
                  <button
                    type="button"
                    className="ks-button ks-button--primary"
                    onClick={() => apply(clearFilters(filters))}
                  >
                    {t('catalog.chips.clearAll')}
                  </button>
                ) : null}
                <AppLink to={paths.home} className="ks-button ks-button--secondary">
                  {t('common.backHome')}
                </AppLink>
              </>
            }
          />
        </>
      )}
    </ListPageLayout>
  );
}
