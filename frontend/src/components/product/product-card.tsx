import { Star } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { ProductCardDto } from '@/api/types';
import { AppLink } from '@/components/ui/app-link';
import { LazyImage } from '@/components/ui/lazy-image';
import { productPath } from '@/config/paths';
import { AddToCart } from './add-to-cart';
import { WishlistButton } from './wishlist-button';
import { useCatalogLabels } from '@/hooks/use-catalog-labels';
import { useLocalTitle } from '@/lib/catalog/local-title';
import { truncateTitle } from '@/lib/text/truncate-title';

import { PlatformIcon } from './platform-icon';
import { PriceTag } from './price-tag';
import { StockBadge } from './stock-badge';

import './product.css';

interface ProductCardProps {
  product: ProductCardDto;
  /** Cards of the first screen load their covers at once. */
  eager?: boolean;
  /** The heading level of the title inside its list (rows under an h2 → 3). */
  headingLevel?: 2 | 3;
}

/**
 * Cover first, then platform and region on the cover, the title on at most two lines, the
 * price with the struck list price and the discount, the stock state. The whole card is
 * one link (the title's link stretched over it), named by the title.
 */
export function ProductCard({ product, eager = false, headingLevel = 3 }: ProductCardProps) {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const title = useLocalTitle(product);
  const shortTitle = truncateTitle(title);
  const soldOut = product.stock === 'out_of_stock';
  return (
    <article
      className={['ks-card', soldOut ? 'ks-card--sold-out' : ''].filter(Boolean).join(' ')}
      data-testid="product-card"
      data-sku={product.sku}
    >
      <div className="ks-card__media">
        <LazyImage src={product.cover} alt="" ratio="cover" eager={eager} />
        <span className="ks-card__platform">
          <PlatformIcon code={product.platform} size={22} />
          <span className="ks-visually-hidden">{labels.platform(product.platform)}</span>
        </span>
        <span className="ks-card__region">{labels.region(product.region)}</span>
        <WishlistButton productId={product.id} />
        {soldOut ? null : <AddToCart productId={product.id} variant="icon" />}
      </div>
      <div className="ks-card__body">
        <p className="ks-card__meta">
          <span>{labels.platform(product.platform)}</span>
          <span aria-hidden="true">·</span>
          <span>{labels.type(product.type)}</span>
        </p>
        <Heading className="ks-card__title">
          <AppLink
            to={productPath(product.gameName, product.gameExtName)}
            className="ks-card__link"
            title={shortTitle === title ? undefined : title}
          >
            {shortTitle}
          </AppLink>
        </Heading>
        {product.ratingCount > 0 ? (
          <p className="ks-card__rating">
            <Star aria-hidden="true" size={14} />
            <span>
              {t('product.ratingShort', {
                rating: product.rating.toFixed(1),
                count: product.ratingCount,
              })}
            </span>
          </p>
        ) : null}
        <div className="ks-card__footer">
          <PriceTag
            price={product.price}
            listPrice={product.listPrice}
            discount={product.discount}
          />
          <StockBadge stock={product.stock} />
        </div>
      </div>
    </article>
  );
}

/** The same box as a card, shimmering, while a list loads. */
export function ProductCardSkeleton() {
  return (
    <div className="ks-card ks-card--skeleton" aria-hidden="true" data-testid="product-skeleton">
      <div className="ks-card__media ks-skeleton" />
      <div className="ks-card__body">
        <span className="ks-skeleton ks-skeleton--line ks-skeleton--short" />
        <span className="ks-skeleton ks-skeleton--line" />
        <span className="ks-skeleton ks-skeleton--line ks-skeleton--price" />
      </div>
    </div>
  );
}
