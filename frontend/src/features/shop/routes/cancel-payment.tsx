import { XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useSearchParams } from 'react-router';

import { AppLink } from '@/components/ui/app-link';
import { paths, paymentPath } from '@/config/paths';

import { cancelSession } from '../api/shop';

import './shop.css';

/**
 * The buyer left the payment page: nothing was charged; the order waits to be paid again.
 * Coming back from a provider's page (its cancel address names the session), the session is
 * closed there too, so the abandoned checkout cannot be paid later.
 */
export function CancelPaymentRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderNo = params.get('order') ?? '';
  const sessionId = params.get('session');

  useEffect(() => {
    if (sessionId) void cancelSession(sessionId).catch(() => null);
  }, [sessionId]);
  return (
    <div className="ks-container ks-shop-page ks-shop-page--center" data-testid="cancel-page">
      <XCircle className="ks-cancel-icon" aria-hidden="true" size={56} />
      <h1 className="ks-shop-page__title">{t('shop.cancel.title')}</h1>
      <p className="ks-success-text">{t('shop.cancel.text')}</p>
      <div className="ks-shop-actions">
        {orderNo ? (
          <AppLink to={paymentPath(paths.paying, orderNo)} className="ks-button ks-button--primary">
            {t('shop.pay.payAgain')}
          </AppLink>
        ) : null}
        <AppLink to={paths.cart} className="ks-button ks-button--secondary">
          {t('shop.cart.title')}
        </AppLink>
      </div>
    </div>
  );
}
