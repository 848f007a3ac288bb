import { Clock, CreditCard, Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate, useSearchParams } from 'react-router';

import { FormAlert } from '@/components/ui/form-field';
import { billPayPath, paths, paymentPath } from '@/config/paths';
import { useOrderMoney } from '@/hooks/use-order-money';

import { fetchPaymentSession, payAgain, useOrder, usePaymentSession } from '../api/shop';
import { BadPaymentLink } from '../components/bad-link';
import { useCooldown, useCountdown } from '../components/use-countdown';
import { OrderLines } from '../components/order-parts';
import { reasonKey } from '../lib/labels';
import { paymentTarget } from '../lib/redirect';

import './shop.css';

/** Session states after which the buyer pays again with a new session. */
const ENDED = new Set(['failed', 'cancelled', 'expired']);

/**
 * Paying: the order's amount and the time left to pay (mm:ss), Pay now to the provider's
 * page; after a declined, abandoned or timed-out attempt, the reason and Pay again.
 * A paid order moves on to the success page by itself.
 */
export function PayingRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderNo = params.get('order');
  const order = useOrder(orderNo, true);
  const session = usePaymentSession(order.data?.paymentSessionId ?? null);
  const money = useOrderMoney();
  const left = useCountdown(order.data?.expiresAt, session.data?.now);
  const [cooling, cool] = useCooldown();
  const state = order.data?.state;

  useEffect(() => {
    if (
      orderNo &&
      state &&
      state !== 'pending_payment' &&
      state !== 'cancelled' &&
      state !== 'expired'
    ) {
      void navigate(paymentPath(paths.successPayment, orderNo), { replace: true });
    }
  }, [orderNo, state, navigate]);

  if (!orderNo || (order.isError && !order.data)) return <BadPaymentLink />;
  if (!order.data) {
    return (
      <div className="ks-container ks-shop-page ks-shop-page--center" aria-busy="true">
        <Loader2 className="ks-spin" aria-hidden="true" size={32} />
        <p>{t('shop.pay.creating')}</p>
      </div>
    );
  }
  const current = order.data;
  const ended = session.data ? ENDED.has(session.data.state) : false;
  const closed = current.state === 'cancelled' || current.state === 'expired';
  const reasonCode = session.data?.reason ?? '';
  const reasonLabel = reasonKey(reasonCode);
  const reason = reasonLabel ? t(reasonLabel) : reasonCode;

  const pay = async (): Promise<void> => {
    cool();
    const sessionId = ended
      ? (await payAgain(current.orderNo)).paymentSessionId
      : current.paymentSessionId;
    const next =
      !ended && session.data?.id === sessionId
        ? session.data
        : await fetchPaymentSession(sessionId);
    const target = paymentTarget(next.redirectUrl, billPayPath(sessionId, current.orderNo));
    if (target.external) {
      window.location.assign(target.url);
    } else {
      void navigate(target.path);
    }
  };

  return (
    <div className="ks-container ks-shop-page" data-testid="paying-page">
      <h1 className="ks-shop-page__title">{t('shop.pay.title')}</h1>
      <div className="ks-shop-layout">
        <section className="ks-shop-card">
          <p className="ks-shop-card__hint">
            {t('shop.order.number', { orderNo: current.orderNo })}
          </p>
          <OrderLines order={current} />
        </section>
        <aside className="ks-shop-summary">
          <p className="ks-pay-amount" data-testid="paying-amount">
            {money(current.realAmount, current.currency)}
          </p>
          {closed ? (
            <FormAlert testId="paying-closed">
              {t(current.state === 'expired' ? 'shop.pay.expired' : 'shop.pay.cancelled')}
            </FormAlert>
          ) : (
            <>
              <p className="ks-pay-countdown" data-testid="paying-countdown">
                <Clock aria-hidden="true" size={18} />
                {t('shop.pay.timeLeft', { time: left })}
              </p>
              {ended ? (
                <FormAlert testId="paying-failed">
                  {t('shop.pay.again')}
                  {reason ? ` (${reason})` : ''}
                </FormAlert>
              ) : null}
              <button
                type="button"
                className="ks-button ks-button--primary ks-button--block"
                disabled={cooling || !current.payable}
                onClick={() => void pay()}
                data-testid="pay-now"
              >
                <CreditCard aria-hidden="true" size={20} />
                {t(ended ? 'shop.pay.payAgain' : 'shop.pay.payNow')}
              </button>
            </>
          )}
        </aside>
      </div>
    </div>
  );
}
