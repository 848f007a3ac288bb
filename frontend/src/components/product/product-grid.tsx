import { useTranslation } from '@/lib/i18n/use-translation';

import type { ProductCardDto } from '@/api/types';

import { ProductCard, ProductCardSkeleton } from './product-card';

interface ProductGridProps {
  products: readonly ProductCardDto[] | undefined;
  /** Shown as skeleton cards while `products` is undefined. */
  skeletonCount?: number;
  /** How many of the first cards load their covers eagerly. */
  eagerCount?: number;
  layout?: 'grid' | 'row';
  label?: string;
  headingLevel?: 2 | 3;
}

/** A list of product cards: a responsive grid, or a row that scrolls sideways on phones. */
export function ProductGrid({
  products,
  skeletonCount = 8,
  eagerCount = 0,
  layout = 'grid',
  label,
  headingLevel = 3,
}: ProductGridProps) {
  const { t } = useTranslation();
  const className = `ks-product-grid ks-product-grid--${layout}`;
  if (!products) {
    return (
      <div className={className} aria-busy="true" aria-label={t('common.loading')} role="status">
        {Array.from({ length: skeletonCount }, (_, index) => (
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  return (
    <ul className={className} aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id} className="ks-product-grid__item">
          <ProductCard product={product} eager={index < eagerCount} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
