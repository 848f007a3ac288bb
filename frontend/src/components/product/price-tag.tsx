import { useTranslation } from '@/lib/i18n/use-translation';

import { useFormatMoney } from '@/hooks/use-format-money';

interface PriceTagProps {
  /** USD minor units. */
  price: number;
  /** USD minor units before the discount. */
  listPrice: number;
  /** Whole percent; 0 when none. */
  discount: number;
  size?: 'md' | 'lg';
  /** Show the `-35%` badge beside the price (cards show it on the cover instead). */
  showBadge?: boolean;
}

/** The price in the shopper's currency, the struck list price and the discount badge. */
export function PriceTag({
  price,
  listPrice,
  discount,
  size = 'md',
  showBadge = true,
}: PriceTagProps) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const discounted = discount > 0 && listPrice > price;
  return (
    <span className={`ks-price ks-price--${size}`} data-testid="price">
      <span className="ks-price__now" dir="ltr">
        {formatMoney(price)}
      </span>
      {discounted ? (
        <>
          <s className="ks-price__was">
            <span className="ks-visually-hidden">{t('product.listPrice')} </span>
            <span dir="ltr">{formatMoney(listPrice)}</span>
          </s>
          {showBadge ? (
            <span className="ks-discount-badge">
              {t('product.discountBadge', { percent: discount })}
            </span>
          ) : null}
        </>
      ) : null}
    </span>
  );
}
