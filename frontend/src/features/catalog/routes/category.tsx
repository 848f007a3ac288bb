import { SearchX } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useLocation, useParams } from 'react-router';

import { PlatformIcon } from '@/components/product/platform-icon';
import { AppLink } from '@/components/ui/app-link';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useCatalogLabels } from '@/hooks/use-catalog-labels';
import { usePageTitle } from '@/hooks/use-page-title';
import { isPageSize, listKindOf } from '@/lib/catalog/codes';
import { ApiError } from '@/lib/http/envelope';
import { useAppNavigate } from '@/lib/navigation/use-app-navigate';

import { useTypeList } from '../api/get-type-list';
import { FilterSidebar } from '../components/filter-sidebar';
import { ListPageLayout } from '../components/list-page-layout';
import { ListToolbar } from '../components/list-toolbar';
import { ProductResults } from '../components/product-results';
import {
  EMPTY_FILTERS,
  effectiveSort,
  parseFilters,
  serializeFilters,
  updateFilters,
  type ProductFilters,
} from '../lib/filters';

/**
 * `/{code}`: the products of one type, platform or genre of the navigation bar, with the
 * same list UI. The page, page size and sort live in the address; ticking another filter
 * continues on `/games` with this category already ticked.
 */
export function CategoryRoute() {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const { name: code = '' } = useParams();
  const location = useLocation();
  const navigate = useAppNavigate();
  const kind = listKindOf(code) ?? 'type';
  const { page, limit, sort } = useMemo(() => parseFilters(location.search), [location.search]);
  const query = useTypeList(code, { page, limit, sort });

  const name = labels.listName(code);
  usePageTitle(name);
  const base: ProductFilters = { ...EMPTY_FILTERS, [kind]: [code], page, limit, sort };
  const here = (next: ProductFilters) =>
    `/${encodeURIComponent(code)}${serializeFilters({ ...EMPTY_FILTERS, page: next.page, limit: next.limit, sort: next.sort })}`;
  const toGames = (next: ProductFilters) =>
    navigate(`${paths.games}${serializeFilters({ ...next, page: 1 })}`);
  const data = query.data;
  const notFound = query.error instanceof ApiError && query.error.code === 404;

  if (notFound) {
    return (
      <div className="ks-container ks-page">
        <EmptyState
          icon={SearchX}
          title={t('api.error.typeNotFound')}
          text={t('catalog.categoryMissing')}
          testId="category-not-found"
          headingLevel={1}
        >
          <AppLink to={paths.games} className="ks-button ks-button--primary">
            {t('catalog.browseAll')}
          </AppLink>
        </EmptyState>
      </div>
    );
  }

  return (
    <ListPageLayout
      crumbs={[
        { label: t('nav.home'), to: paths.home },
        { label: t('catalog.allGames'), to: paths.games },
        { label: name },
      ]}
      heading={
        <div className="ks-list-page__heading">
          {kind === 'platform' ? <PlatformIcon code={code} size={44} /> : null}
          <div>
            <p className="ks-list-page__eyebrow">{t(`catalog.kind.${kind}`)}</p>
            <h1 className="ks-page__title" data-testid="list-title">
              {name}
            </h1>
          </div>
        </div>
      }
      sidebar={<FilterSidebar filters={base} facets={data?.facets} onChange={toGames} />}
      showResultsLabel={data ? t('catalog.showResults', { count: data.total }) : t('common.close')}
    >
      {(openFilters) => (
        <>
          <ListToolbar
            total={data?.total}
            sort={effectiveSort({ sort, text: '' })}
            hasText={false}
            onSortChange={(next) => navigate(here(updateFilters(base, { sort: next })))}
            onOpenFilters={openFilters}
          />
          <ProductResults
            rows={data?.rows}
            total={data?.total ?? 0}
            page={page}
            limit={limit}
            refreshing={query.isPlaceholderData}
            error={query.error}
            onRetry={() => void query.refetch()}
            hrefForPage={(next) => here(updateFilters(base, { page: next }))}
            onPageSizeChange={(next) => {
              if (isPageSize(next)) navigate(here(updateFilters(base, { limit: next })));
            }}
            emptyActions={
              <AppLink to={paths.games} className="ks-button ks-button--primary">
                {t('catalog.browseAll')}
              </AppLink>
            }
          />
        </>
      )}
    </ListPageLayout>
  );
}
