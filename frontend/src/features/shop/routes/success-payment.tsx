import { CheckCircle2, Loader2, Mail } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useSearchParams } from 'react-router';

import { AppLink } from '@/components/ui/app-link';
import { myOrderPath, orderPath, paths } from '@/config/paths';
import { useAppStore } from '@/stores/app-store';
import { selectIsSignedIn } from '@/stores/selectors';

import { useOrder } from '../api/shop';
import { BadPaymentLink } from '../components/bad-link';

import './shop.css';

/** Paid: the keys are on their way to the buyer's e-mail; a link to the order and its keys. */
export function SuccessPaymentRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderNo = params.get('order') ?? '';
  const signedIn = useAppStore(selectIsSignedIn);
  const order = useOrder(orderNo, true);
  const state = order.data?.state;
  const paid = state !== undefined && state !== 'pending_payment';
  const delivered = state === 'delivered' || state === 'completed';
  if (orderNo === '' || (order.isError && !order.data)) return <BadPaymentLink />;
  return (
    <div className="ks-container ks-shop-page ks-shop-page--center" data-testid="success-page">
      {paid ? (
        <CheckCircle2 className="ks-success-icon" aria-hidden="true" size={56} />
      ) : (
        <Loader2 className="ks-spin" aria-hidden="true" size={48} />
      )}
      <h1 className="ks-shop-page__title" data-testid="success-title">
        {t(paid ? 'shop.success.title' : 'shop.pay.checking')}
      </h1>
      {paid ? (
        <p className="ks-success-text" data-testid="success-state" data-state={state}>
          <Mail aria-hidden="true" size={18} />
          {t(delivered ? 'shop.success.delivered' : 'shop.success.delivering', {
            email: order.data?.email ?? '',
          })}
        </p>
      ) : null}
      <p className="ks-shop-card__hint">{t('shop.order.number', { orderNo })}</p>
      <div className="ks-shop-actions">
        <AppLink
          to={signedIn ? myOrderPath(orderNo) : orderPath(orderNo)}
          className="ks-button ks-button--primary"
          data-testid="success-order-link"
        >
          {t('shop.success.viewOrder')}
        </AppLink>
        <AppLink to={paths.games} className="ks-button ks-button--secondary">
          {t('shop.cart.continue')}
        </AppLink>
      </div>
    </div>
  );
}
