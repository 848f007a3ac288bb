import { useTranslation } from '@/lib/i18n/use-translation';

import { ProductGrid } from '@/components/product/product-grid';

import { useRecommendations } from '../api/get-recommendations';
import type { ProductRef } from '../api/query-keys';

/** Up to 8 products to look at next. */
export function RecommendationsTab({ productRef }: { productRef: ProductRef }) {
  const { t } = useTranslation();
  const recommendations = useRecommendations(productRef);
  return (
    <div data-testid="panel-recommendations">
      <h2 className="ks-visually-hidden">{t('product.tabs.recommendations')}</h2>
      {recommendations.isError ? (
        <p className="ks-muted">{t('product.recommendationsFailed')}</p>
      ) : recommendations.data?.length === 0 ? (
        <p className="ks-muted">{t('product.noRecommendations')}</p>
      ) : (
        <ProductGrid
          products={recommendations.data}
          skeletonCount={4}
          label={t('product.tabs.recommendations')}
        />
      )}
    </div>
  );
}
