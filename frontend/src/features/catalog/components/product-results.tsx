import { RotateCw, SearchX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { ProductCardDto } from '@/api/types';
import { ProductGrid } from '@/components/product/product-grid';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { PAGE_SIZES } from '@/lib/catalog/codes';
import { ApiError } from '@/lib/http/envelope';
import { translateIfKnown } from '@/lib/i18n/i18n';

interface ProductResultsProps {
  rows: readonly ProductCardDto[] | undefined;
  total: number;
  page: number;
  limit: number;
  /** True while a new page or filter loads with the old rows still shown. */
  refreshing: boolean;
  error: unknown;
  onRetry: () => void;
  hrefForPage: (page: number) => string;
  onPageSizeChange: (limit: number) => void;
  /** The way out of an empty list (clear filters, browse all). */
  emptyActions: ReactNode;
}

/** The grid of results with skeletons, the empty state, errors and the pagination. */
export function ProductResults({
  rows,
  total,
  page,
  limit,
  refreshing,
  error,
  onRetry,
  hrefForPage,
  onPageSizeChange,
  emptyActions,
}: ProductResultsProps) {
  const { t } = useTranslation();

  if (error && !rows) {
    const fields = error instanceof ApiError ? Object.values(error.fieldErrors) : [];
    const text =
      fields.map((key) => translateIfKnown(key)).find((message) => message !== null) ??
      (error instanceof Error ? error.message : undefined);
    return (
      <EmptyState
        icon={TriangleAlert}
        title={t('catalog.loadFailed')}
        text={text}
        testId="results-error"
      >
        {fields.length > 0 ? (
          emptyActions
        ) : (
          <button type="button" className="ks-button ks-button--primary" onClick={onRetry}>
            <RotateCw aria-hidden="true" size={18} />
            {t('common.retry')}
          </button>
        )}
      </EmptyState>
    );
  }

  if (rows?.length === 0) {
    return (
      <EmptyState
        icon={SearchX}
        title={t('catalog.empty.title')}
        text={t('catalog.empty.text')}
        testId="results-empty"
      >
        {emptyActions}
      </EmptyState>
    );
  }

  return (
    <div
      className="ks-results"
      aria-busy={refreshing || !rows}
      data-refreshing={refreshing || undefined}
    >
      <ProductGrid
        products={rows}
        skeletonCount={Math.min(limit, 12)}
        eagerCount={4}
        label={t('catalog.resultsLabel')}
      />
      {rows && total > 0 ? (
        <Pagination
          page={page}
          total={total}
          limit={limit}
          hrefForPage={hrefForPage}
          pageSizes={PAGE_SIZES}
          onPageSizeChange={onPageSizeChange}
        />
      ) : null}
    </div>
  );
}
