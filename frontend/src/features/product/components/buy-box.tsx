import { Globe2, Headset, MapPin, ShieldCheck, Star, TriangleAlert, Zap } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { AddToCart } from '@/components/product/add-to-cart';
import { WishlistButton } from '@/components/product/wishlist-button';

import type { ProductDetailDto } from '@/api/types';
import { PlatformIcon } from '@/components/product/platform-icon';
import { PriceTag } from '@/components/product/price-tag';
import { RatingStars } from '@/components/product/rating-stars';
import { StockBadge } from '@/components/product/stock-badge';
import { AppLink } from '@/components/ui/app-link';
import { listPath } from '@/config/paths';
import { useCatalogLabels } from '@/hooks/use-catalog-labels';
import { useVisitorLocation } from '@/lib/catalog/get-location';
import { localTitle } from '@/lib/catalog/local-title';
import { LANGUAGES } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

import { checkActivation, countryNames } from '../lib/activation';

import { productLanguageNames } from './product-languages';
import { QuantityPicker } from './quantity-picker';

/** How many country names show before "+N more". */
const COUNTRIES_SHOWN = 6;

interface BuyBoxProps {
  product: ProductDetailDto;
  onShowReviews: () => void;
}

/**
 * The right column: title, platform, region with the countries the key activates in (and a
 * warning when the shopper's country is not one of them), languages, price, quantity and
 * the delivery promise, with Add to cart, Buy now and the wishlist heart.
 */
export function BuyBox({ product, onShowReviews }: BuyBoxProps) {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const language = useAppStore(selectLanguage);
  const locale = LANGUAGES[language].htmlLang;
  const title = localTitle(product, language);
  const location = useVisitorLocation();
  const [quantity, setQuantity] = useState(1);
  const [allCountries, setAllCountries] = useState(false);

  const names = countryNames(product.countries, locale);
  const shownNames = allCountries ? names : names.slice(0, COUNTRIES_SHOWN);
  const hiddenCount = names.length - shownNames.length;
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  // A cut list is not a sentence ("A, B and C and 26 more"): list it plainly, "+26 more" after.
  const cutList = new Intl.ListFormat(locale, { type: 'unit', style: 'short' });
  const shopperCountry = location.data?.country ?? null;
  const activation = checkActivation(product.countries, shopperCountry);
  const shopperCountryName = shopperCountry ? countryNames([shopperCountry], locale)[0] : undefined;
  const soldOut = product.stock === 'out_of_stock';

  return (
    <section className="ks-buy-box" aria-labelledby="product-title">
      <p className="ks-buy-box__eyebrow">
        <AppLink to={listPath(product.type)}>{labels.type(product.type)}</AppLink>
      </p>
      <h1 id="product-title" className="ks-buy-box__title" data-testid="product-title">
        {title}
      </h1>

      <div className="ks-buy-box__badges">
        <AppLink to={listPath(product.platform)} className="ks-buy-box__platform">
          <PlatformIcon code={product.platform} size={24} />
          {labels.platform(product.platform)}
        </AppLink>
        <span className="ks-buy-box__region" data-testid="product-region">
          <Globe2 aria-hidden="true" size={16} />
          {labels.region(product.region)}
        </span>
        {product.ratingCount > 0 ? (
          <button type="button" className="ks-buy-box__rating" onClick={onShowReviews}>
            <RatingStars value={product.rating} size={16} />
            <span>
              {t('product.ratingShort', {
                rating: product.rating.toFixed(1),
                count: product.ratingCount,
              })}
            </span>
          </button>
        ) : (
          <button type="button" className="ks-buy-box__rating" onClick={onShowReviews}>
            <Star aria-hidden="true" size={16} />
            <span>{t('product.noRatingYet')}</span>
          </button>
        )}
      </div>

      <div className="ks-buy-box__activation" data-testid="activation">
        <MapPin aria-hidden="true" size={18} />
        <p>
          {product.countries.length === 0 ? (
            t('product.activatesWorldwide')
          ) : (
            <>
              {t('product.activatesIn', {
                countries: (hiddenCount > 0 ? cutList : list).format(shownNames),
              })}
              {hiddenCount > 0 ? (
                <>
                  {' '}
                  <button
                    type="button"
                    className="ks-link-button"
                    onClick={() => setAllCountries(true)}
                  >
                    {t('product.moreCountries', { count: hiddenCount })}
                  </button>
                </>
              ) : null}
            </>
          )}
        </p>
      </div>
      {activation === 'excluded' ? (
        <p className="ks-buy-box__warning" role="note" data-testid="region-warning">
          <TriangleAlert aria-hidden="true" size={18} />
          <span>
            {t('product.regionWarning', { country: shopperCountryName ?? shopperCountry })}
          </span>
        </p>
      ) : null}

      {product.languages.length > 0 ? (
        <p className="ks-buy-box__languages">
          <span className="ks-buy-box__label">{t('product.languages')}</span>{' '}
          {list.format(productLanguageNames(product.languages, locale))}
        </p>
      ) : null}

      <div className="ks-buy-box__purchase">
        <div className="ks-buy-box__price">
          <PriceTag
            price={product.price}
            listPrice={product.listPrice}
            discount={product.discount}
            size="lg"
          />
          <StockBadge stock={product.stock} />
        </div>
        {soldOut ? null : (
          <QuantityPicker value={quantity} max={product.perOrderLimit} onChange={setQuantity} />
        )}
        <div className="ks-buy-box__actions" data-slot="purchase-actions">
          <AddToCart productId={product.id} quantity={quantity} buyNow disabled={soldOut} />
          <WishlistButton productId={product.id} variant="button" />
        </div>
      </div>

      <ul className="ks-buy-box__promise">
        <li>
          <Zap aria-hidden="true" size={18} />
          {t('product.promise.instant')}
        </li>
        <li>
          <ShieldCheck aria-hidden="true" size={18} />
          {t('product.promise.secure')}
        </li>
        <li>
          <Headset aria-hidden="true" size={18} />
          {t('product.promise.support')}
        </li>
      </ul>
    </section>
  );
}
