import { Minus, Plus, ShoppingCart, Trash2 } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { useCart, useSetCartLine } from '@/api/cart';
import { PlatformIcon } from '@/components/product/platform-icon';
import { AppLink } from '@/components/ui/app-link';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { LazyImage } from '@/components/ui/lazy-image';
import { paths, productPath } from '@/config/paths';
import { useCatalogLabels } from '@/hooks/use-catalog-labels';
import { useOrderMoney } from '@/hooks/use-order-money';

import './shop.css';

/** The cart: each product with its quantity (within what one order may take), the total, checkout. */
export function CartRoute() {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const cart = useCart();
  const setLine = useSetCartLine();
  const money = useOrderMoney();
  const lines = cart.data?.lines ?? [];
  const currency = cart.data?.currency ?? 'USD';
  const change = (productId: number, quantity: number): void =>
    setLine.mutate({ productId, quantity });

  return (
    <div className="ks-container ks-shop-page" data-testid="cart-page">
      <Breadcrumbs items={[{ label: t('shop.cart.title') }]} />
      <h1 className="ks-shop-page__title">{t('shop.cart.title')}</h1>
      {cart.isSuccess && lines.length === 0 ? (
        <EmptyState
          icon={ShoppingCart}
          title={t('api.cart.empty')}
          text={t('shop.cart.emptyText')}
          testId="cart-empty"
        >
          <AppLink to={paths.games} className="ks-button ks-button--primary">
            {t('nav.allGames')}
          </AppLink>
        </EmptyState>
      ) : (
        <div className="ks-shop-layout">
          <ul className="ks-cart-lines">
            {lines.map((line) => (
              <li
                key={line.product.id}
                className={['ks-cart-line', line.available ? '' : 'ks-cart-line--gone']
                  .filter(Boolean)
                  .join(' ')}
                data-testid="cart-line"
              >
                <div className="ks-cart-line__cover">
                  <LazyImage src={line.product.cover} alt="" ratio="cover" />
                </div>
                <div className="ks-cart-line__body">
                  <AppLink
                    to={productPath(line.product.gameName, line.product.gameExtName)}
                    className="ks-cart-line__title"
                  >
                    {line.product.title}
                  </AppLink>
                  <p className="ks-cart-line__meta">
                    <PlatformIcon code={line.product.platform} size={16} />
                    {labels.platform(line.product.platform)}
                  </p>
                  {line.available ? null : (
                    <p className="ks-cart-line__warning">{t('api.delivery.outOfStock')}</p>
                  )}
                </div>
                <div
                  className="ks-cart-line__quantity"
                  role="group"
                  aria-label={t('product.quantity')}
                >
                  <button
                    type="button"
                    className="ks-icon-button"
                    aria-label={t('shop.cart.less')}
                    disabled={line.quantity <= 1 || setLine.isPending}
                    onClick={() => change(line.product.id, line.quantity - 1)}
                  >
                    <Minus aria-hidden="true" size={16} />
                  </button>
                  <span data-testid="cart-line-quantity">{line.quantity}</span>
                  <button
                    type="button"
                    className="ks-icon-button"
                    aria-label={t('shop.cart.more')}
                    disabled={line.quantity >= line.most || setLine.isPending}
                    onClick={() => change(line.product.id, line.quantity + 1)}
                  >
                    <Plus aria-hidden="true" size={16} />
                  </button>
                </div>
                <p className="ks-cart-line__total">{money(line.lineTotal, currency)}</p>
                <button
                  type="button"
                  className="ks-icon-button"
                  aria-label={t('shop.cart.remove')}
                  title={t('shop.cart.remove')}
                  disabled={setLine.isPending}
                  onClick={() => change(line.product.id, 0)}
                  data-testid="cart-remove"
                >
                  <Trash2 aria-hidden="true" size={18} />
                </button>
              </li>
            ))}
          </ul>
          <aside className="ks-shop-summary" aria-label={t('shop.summary')}>
            <dl className="ks-price-parts">
              <div>
                <dt>{t('shop.cart.items', { units: cart.data?.count ?? 0 })}</dt>
                <dd data-testid="cart-total">{money(cart.data?.goods ?? 0, currency)}</dd>
              </div>
            </dl>
            <AppLink
              to={paths.checkout}
              className="ks-button ks-button--primary ks-button--block"
              aria-disabled={(cart.data?.count ?? 0) === 0}
              data-testid="cart-checkout"
            >
              {t('shop.cart.checkout')}
            </AppLink>
            <AppLink to={paths.games} className="ks-text-link">
              {t('shop.cart.continue')}
            </AppLink>
          </aside>
        </div>
      )}
    </div>
  );
}
