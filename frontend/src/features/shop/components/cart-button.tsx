import { ShoppingCart } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { useCartCount } from '@/api/cart';
import { AppLink } from '@/components/ui/app-link';
import { paths } from '@/config/paths';

/** The header's cart link with its badge: the units in the cart, kept fresh from the server. */
export function CartButton() {
  const { t } = useTranslation();
  const count = useCartCount();
  return (
    <AppLink
      to={paths.cart}
      className="ks-menu-trigger ks-cart-button"
      aria-label={t('shop.cart.badge', { units: count })}
      data-testid="cart-button"
    >
      <ShoppingCart aria-hidden="true" size={18} />
      <span className="ks-menu-trigger__text">{t('shop.cart.title')}</span>
      {count > 0 ? (
        <span className="ks-cart-button__badge" data-testid="cart-count">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </AppLink>
  );
}
