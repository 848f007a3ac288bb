import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate, useSearchParams } from 'react-router';

import { paths, paymentPath } from '@/config/paths';

import { capturePayment, shopKeys } from '../api/shop';

import './shop.css';

/**
 * Back from PayPal with the payment approved: the store captures it (once, however often
 * this page is opened), then goes on to the success page, or back to paying with the reason
 * when PayPal declined it.
 */
export function PaypalReturnRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const sessionId = params.get('session') ?? '';
  const orderNo = params.get('order') ?? '';
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = (paid: boolean, order: string): void => {
      const next = paid ? paths.successPayment : paths.paying;
      void navigate(paymentPath(next, order), { replace: true });
    };
    if (!sessionId) {
      finish(false, orderNo);
      return;
    }
    capturePayment(sessionId)
      .then((session) => {
        client.setQueryData(shopKeys.session(sessionId), session);
        finish(session.state === 'succeeded', session.orderNo);
      })
      .catch(() => finish(false, orderNo));
  }, [client, navigate, orderNo, sessionId]);

  return (
    <div
      className="ks-container ks-shop-page ks-shop-page--center"
      aria-busy="true"
      data-testid="paypal-return-page"
    >
      <Loader2 className="ks-spin" aria-hidden="true" size={48} />
      <h1 className="ks-shop-page__title">{t('shop.pay.checking')}</h1>
    </div>
  );
}
