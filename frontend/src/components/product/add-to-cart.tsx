import { ShoppingCart, Zap } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate } from 'react-router';

import { useCart, useSetCartLine } from '@/api/cart';
import { paths } from '@/config/paths';
import { notify } from '@/lib/toast';

interface AddToCartProps {
  productId: number;
  /** Units to add (the product page's quantity picker). */
  quantity?: number;
  variant?: 'icon' | 'button';
  /** Also shows "Buy now": add, then straight to checkout. */
  buyNow?: boolean;
  disabled?: boolean;
}

/**
 * Add to cart on product cards (an icon) and the product page (a button, with Buy now). The
 * quantity adds to what the cart already holds; the server caps it at what one order may
 * take and says so.
 */
export function AddToCart({
  productId,
  quantity = 1,
  variant = 'button',
  buyNow = false,
  disabled = false,
}: AddToCartProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cart = useCart();
  const setLine = useSetCartLine();
  const inCart = cart.data?.lines.find((line) => line.product.id === productId)?.quantity ?? 0;

  const add = (then?: string): void => {
    setLine.mutate(
      { productId, quantity: inCart + quantity },
      {
        onSuccess: () => {
          if (then) void navigate(then);
          else notify.success(t('shop.cart.added'));
        },
      },
    );
  };

  if (variant === 'icon') {
    return (
      <button
        type="button"
        className="ks-wish ks-wish--icon ks-add-to-cart--icon"
        aria-label={t('shop.cart.add')}
        title={t('shop.cart.add')}
        disabled={disabled || setLine.isPending}
        onClick={() => add()}
        data-testid="add-to-cart"
      >
        <ShoppingCart aria-hidden="true" size={18} />
      </button>
    );
  }
  return (
    <>
      <button
        type="button"
        className="ks-button ks-button--primary"
        disabled={disabled || setLine.isPending}
        onClick={() => add()}
        data-testid="add-to-cart"
      >
        <ShoppingCart aria-hidden="true" size={20} />
        <span>{t('shop.cart.add')}</span>
      </button>
      {buyNow ? (
        <button
          type="button"
          className="ks-button ks-button--secondary"
          disabled={disabled || setLine.isPending}
          onClick={() => add(paths.checkout)}
          data-testid="buy-now"
        >
          <Zap aria-hidden="true" size={20} />
          <span>{t('shop.cart.buyNow')}</span>
        </button>
      ) : null}
    </>
  );
}
