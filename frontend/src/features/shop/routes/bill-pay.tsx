import { useQueryClient } from '@tanstack/react-query';
import { Clock, FlaskConical, Lock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate, useSearchParams } from 'react-router';

import { FormAlert, TextField } from '@/components/ui/form-field';
import { paths, paymentPath } from '@/config/paths';
import { ApiError } from '@/lib/http/envelope';
import { errorMessageOf } from '@/lib/http/error-message';
import { useOrderMoney } from '@/hooks/use-order-money';

import { cancelSession, chargeCard, shopKeys, usePaymentSession } from '../api/shop';
import { BadPaymentLink } from '../components/bad-link';
import { useCooldown, useCountdown } from '../components/use-countdown';
import { formatExpiry, groupCardNumber } from '../lib/countdown';

import './shop.css';

type CardField = 'number' | 'expiry' | 'cvc';

/**
 * The sandbox provider's hosted payment page: test cards only (4242 4242 4242 4242 pays,
 * 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 lacks funds). The provider reports
 * the outcome to the store with a signed webhook, as a real one does; this page then goes
 * on to the success page, or back to paying with the reason.
 */
export function BillPayRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sessionId = params.get('session');
  const orderNo = params.get('order') ?? '';
  const client = useQueryClient();
  const session = usePaymentSession(sessionId);
  const money = useOrderMoney();
  const left = useCountdown(session.data?.expiresAt, session.data?.now);
  const [cooling, cool] = useCooldown();
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pay = async (): Promise<void> => {
    if (!sessionId) return;
    cool();
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      const result = await chargeCard(sessionId, card);
      client.setQueryData(shopKeys.session(sessionId), result);
      const next = result.state === 'succeeded' ? paths.successPayment : paths.paying;
      void navigate(paymentPath(next, result.orderNo), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setErrors(error.fieldErrors);
      } else if (error instanceof ApiError) {
        setFormError(errorMessageOf({ msgKey: error.msgKey, msg: error.message }));
      } else {
        setFormError(t('toast.error.default'));
      }
    } finally {
      setBusy(false);
    }
  };

  const leave = async (): Promise<void> => {
    if (sessionId) await cancelSession(sessionId).catch(() => null);
    const target = orderNo === '' ? (session.data?.orderNo ?? '') : orderNo;
    void navigate(paymentPath(paths.cancelPayment, target), { replace: true });
  };

  const open = session.data?.state === 'open';
  if (!sessionId || (session.isError && !session.data)) return <BadPaymentLink />;
  return (
    <div className="ks-container ks-shop-page ks-bill-pay" data-testid="bill-pay-page">
      <div className="ks-bill-pay__card">
        <p className="ks-bill-pay__brand">
          <FlaskConical aria-hidden="true" size={20} />
          {t('shop.sandbox.brand')}
        </p>
        <p className="ks-pay-amount" data-testid="bill-pay-amount">
          {session.data ? money(session.data.amount, session.data.currency) : '…'}
        </p>
        <p className="ks-pay-countdown">
          <Clock aria-hidden="true" size={18} />
          {t('shop.pay.timeLeft', { time: left })}
        </p>
        {session.data && !open ? (
          <FormAlert testId="bill-pay-closed">{t('api.payment.statusIncorrect')}</FormAlert>
        ) : null}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void pay();
          }}
        >
          <TextField
            label={t('shop.sandbox.number')}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            value={card.number}
            onChange={(event) => setCard({ ...card, number: groupCardNumber(event.target.value) })}
            error={errors.number}
            testId="card-number"
            name="number"
          />
          <div className="ks-bill-pay__row">
            <TextField
              label={t('shop.sandbox.expiry')}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              value={card.expiry}
              onChange={(event) => setCard({ ...card, expiry: formatExpiry(event.target.value) })}
              error={errors.expiry}
              testId="card-expiry"
              name="expiry"
            />
            <TextField
              label={t('shop.sandbox.cvc')}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              value={card.cvc}
              onChange={(event) => setCard({ ...card, cvc: event.target.value.replace(/\D/g, '') })}
              error={errors.cvc}
              testId="card-cvc"
              name="cvc"
            />
          </div>
          {formError ? <FormAlert testId="bill-pay-error">{formError}</FormAlert> : null}
          <button
            type="submit"
            className="ks-button ks-button--primary ks-button--block"
            disabled={cooling || busy || !open}
            data-testid="card-pay"
          >
            <Lock aria-hidden="true" size={18} />
            {t('shop.sandbox.pay')}
          </button>
        </form>
        <p className="ks-shop-card__hint">{t('shop.sandbox.testCards')}</p>
        <button
          type="button"
          className="ks-link-button"
          onClick={() => void leave()}
          data-testid="bill-pay-cancel"
        >
          {t('shop.sandbox.cancel')}
        </button>
      </div>
    </div>
  );
}
