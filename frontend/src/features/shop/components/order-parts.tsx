import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Copy, CreditCard, Eye, Mail, Trash2, Undo2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate } from 'react-router';

import type { OrderDto, OrderKeysDto, OrderState } from '@/api/types';
import type { TranslationKey } from '@/lib/i18n/i18n';
import { PlatformIcon } from '@/components/product/platform-icon';
import { AppLink } from '@/components/ui/app-link';
import { TextareaField } from '@/components/ui/form-field';
import { LazyImage } from '@/components/ui/lazy-image';
import { paths, paymentPath, productPath } from '@/config/paths';
import { useCatalogLabels } from '@/hooks/use-catalog-labels';
import { errorMessageOf } from '@/lib/http/error-message';
import { ApiError } from '@/lib/http/envelope';
import { notify } from '@/lib/toast';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';
import { LANGUAGES } from '@/lib/i18n/languages';
import { useOrderMoney } from '@/hooks/use-order-money';

import { stateKey } from '../lib/labels';
import { deleteOrder, orderAction, requestRefund, revealKeys, shopKeys } from '../api/shop';
import { BillingAddress, PrintReceiptButton, Receipt } from './receipt';

/** An order's state as a coloured label. */
export function OrderStateBadge({
  state,
  testId = 'order-state',
}: {
  state: OrderState;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <span className={`ks-order-state ks-order-state--${state}`} data-testid={testId}>
      {t(stateKey(state))}
    </span>
  );
}

/** The products of an order, with their prices in the order's currency. */
export function OrderLines({ order }: { order: OrderDto }) {
  const labels = useCatalogLabels();
  const money = useOrderMoney();
  return (
    <ul className="ks-cart-lines ks-cart-lines--compact">
      {order.lines.map((line) => (
        <li key={line.lineNo} className="ks-cart-line" data-testid="order-line">
          <div className="ks-cart-line__cover">
            <LazyImage src={line.cover} alt="" ratio="cover" />
          </div>
          <div className="ks-cart-line__body">
            <AppLink
              to={productPath(line.gameName, line.gameExtName)}
              className="ks-cart-line__title"
            >
              {line.title}
            </AppLink>
            <p className="ks-cart-line__meta">
              <PlatformIcon code={line.platform} size={16} />
              {labels.platform(line.platform)}
            </p>
          </div>
          <span className="ks-cart-line__quantity">× {line.quantity}</span>
          <p className="ks-cart-line__total">
            {money(line.unitPrice * line.quantity, order.currency)}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Every part of the price, as the order locked it. */
export function PriceParts({ order }: { order: OrderDto }) {
  const { t } = useTranslation();
  const money = useOrderMoney();
  const language = useAppStore(selectLanguage);
  const pointsText = new Intl.NumberFormat(LANGUAGES[language].htmlLang);
  const parts: [TranslationKey, number, boolean][] = [
    ['shop.price.goods', order.goods, true],
    ['shop.price.memberDiscount', -order.memberDiscount, order.memberDiscount > 0],
    ['shop.price.coupon', -order.couponDiscount, order.couponDiscount > 0],
    ['shop.price.points', -order.pointsDiscount, order.pointsDiscount > 0],
    ['shop.price.fee', order.paymentFee, order.paymentFee > 0],
    ['shop.price.adjustment', order.adjustment, order.adjustment !== 0],
    ['shop.price.serviceCharge', order.serviceCharge, order.serviceCharge > 0],
    ['shop.price.freight', order.freight, true],
  ];
  return (
    <dl className="ks-price-parts" data-testid="price-parts">
      {parts
        .filter(([, , shown]) => shown)
        .map(([key, amount]) => (
          <div key={key}>
            <dt>
              {t(key)}
              {key === 'shop.price.coupon' && order.couponCode ? ` (${order.couponCode})` : ''}
              {key === 'shop.price.points' ? ` (${pointsText.format(order.pointsUsed)})` : ''}
            </dt>
            <dd>{money(amount, order.currency)}</dd>
          </div>
        ))}
      <div className="ks-price-parts__total">
        <dt>{t('shop.price.total')}</dt>
        <dd data-testid="order-total">{money(order.realAmount, order.currency)}</dd>
      </div>
    </dl>
  );
}

/** Every state the order went through, for tracking. */
export function StateHistory({ order }: { order: OrderDto }) {
  const { t } = useTranslation();
  const language = useAppStore(selectLanguage);
  const format = new Intl.DateTimeFormat(LANGUAGES[language].htmlLang, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <ol className="ks-order-history" aria-label={t('shop.order.tracking')}>
      {order.history.map((step) => (
        <li key={`${step.state}-${step.at}`}>
          <OrderStateBadge state={step.state} testId="history-state" />
          <time dateTime={new Date(step.at).toISOString()}>{format.format(step.at)}</time>
        </li>
      ))}
    </ol>
  );
}

/** Get key: the keys shown on request (each reveal is logged, and the log shown). */
function KeysPanel({ order }: { order: OrderDto }) {
  const { t } = useTranslation();
  const language = useAppStore(selectLanguage);
  const [keys, setKeys] = useState<OrderKeysDto | null>(null);
  const [busy, setBusy] = useState(false);
  const format = new Intl.DateTimeFormat(LANGUAGES[language].htmlLang, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const reveal = async (): Promise<void> => {
    setBusy(true);
    try {
      setKeys(await revealKeys(order.orderNo));
    } finally {
      setBusy(false);
    }
  };
  const copy = (key: string): void => {
    void navigator.clipboard
      .writeText(key)
      .then(() => notify.success(t('shop.keys.copied')))
      .catch(() => undefined);
  };
  if (!keys) {
    return (
      <button
        type="button"
        className="ks-button ks-button--primary"
        disabled={busy}
        onClick={() => void reveal()}
        data-testid="reveal-keys"
      >
        <Eye aria-hidden="true" size={18} />
        {t('shop.keys.get')}
      </button>
    );
  }
  return (
    <section className="ks-keys" aria-label={t('shop.keys.title')} data-testid="keys">
      {keys.keys.length === 0 ? <p>{t('api.delivery.waitingStock')}</p> : null}
      <ul className="ks-keys__list">
        {keys.keys.map((key, index) => (
          <li key={`${key.lineNo}-${index}`}>
            <span className="ks-keys__title">{key.title}</span>
            <code className="ks-keys__key" data-testid="key-value">
              {key.key}
            </code>
            <button
              type="button"
              className="ks-icon-button"
              aria-label={t('shop.keys.copy')}
              title={t('shop.keys.copy')}
              onClick={() => copy(key.key)}
            >
              <Copy aria-hidden="true" size={16} />
            </button>
          </li>
        ))}
      </ul>
      <details className="ks-keys__log">
        <summary>{t('shop.keys.log', { times: keys.reveals.length })}</summary>
        <ul>
          {keys.reveals.map((reveal) => (
            <li key={`${reveal.at}-${reveal.actor}`}>
              {format.format(reveal.at)} ·{' '}
              {reveal.actor === 'delivery-email'
                ? t('shop.keys.byEmail')
                : [reveal.ip, reveal.browser, reveal.os].filter((part) => part !== '').join(' · ')}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}

/** Request refund: a reason, and the promise of an answer within 2 working days. */
function RefundForm({ order, onDone }: { order: OrderDto; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (!open) {
    return (
      <button
        type="button"
        className="ks-button ks-button--ghost"
        onClick={() => setOpen(true)}
        data-testid="order-refund"
      >
        <Undo2 aria-hidden="true" size={18} />
        {t('shop.refund.button')}
      </button>
    );
  }
  const submit = async (): Promise<void> => {
    if (reason.trim() === '') {
      setError('api.order.refundReasonRequired');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await requestRefund(order.orderNo, reason);
      notify.success(t('api.order.refundRequested'));
      setOpen(false);
      await onDone();
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.fieldErrors.reason ??
              errorMessageOf({ msgKey: failure.msgKey, msg: failure.message }))
          : t('toast.error.default'),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="ks-refund"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="refund-form"
    >
      <p className="ks-shop-card__hint">{t('shop.refund.notice')}</p>
      <TextareaField
        label={t('shop.refund.reason')}
        rows={3}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={error}
        testId="refund-reason"
        name="reason"
      />
      <div className="ks-shop-actions">
        <button
          type="submit"
          className="ks-button ks-button--primary"
          disabled={busy}
          data-testid="refund-submit"
        >
          {t('shop.refund.submit')}
        </button>
        <button type="button" className="ks-button ks-button--ghost" onClick={() => setOpen(false)}>
          {t('shop.refund.close')}
        </button>
      </div>
    </form>
  );
}

/** The whole order: state, products, price, keys, tracking and what the buyer may do. */
export function OrderDetail({ order, onDeleted }: { order: OrderDto; onDeleted: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: shopKeys.all });
  const act = async (run: () => Promise<unknown>, done: TranslationKey): Promise<void> => {
    setBusy(true);
    try {
      await run();
      notify.success(t(done));
      await refresh();
    } catch {
      // The client already showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  const remove = async (): Promise<void> => {
    if (!window.confirm(t('shop.order.deleteConfirm'))) return;
    setBusy(true);
    try {
      await deleteOrder(order.orderNo);
      notify.success(t('api.order.deleted'));
      await refresh();
      onDeleted();
    } catch {
      setBusy(false);
    }
  };
  return (
    <article className="ks-order" data-testid="order-detail" data-order-no={order.orderNo}>
      <header className="ks-order__head">
        <h2 className="ks-shop-card__title">
          {t('shop.order.number', { orderNo: order.orderNo })}
        </h2>
        <OrderStateBadge state={order.state} />
      </header>
      <OrderLines order={order} />
      <PriceParts order={order} />
      <BillingAddress order={order} />
      {order.hasKeys ? <KeysPanel order={order} /> : null}
      <div className="ks-shop-actions">
        {order.payable ? (
          <button
            type="button"
            className="ks-button ks-button--primary"
            onClick={() => void navigate(paymentPath(paths.paying, order.orderNo))}
            data-testid="order-pay"
          >
            <CreditCard aria-hidden="true" size={18} />
            {t('shop.pay.payNow')}
          </button>
        ) : null}
        {order.confirmable ? (
          <button
            type="button"
            className="ks-button ks-button--secondary"
            disabled={busy}
            onClick={() =>
              void act(() => orderAction(order.orderNo, 'confirm'), 'api.order.confirmed')
            }
            data-testid="order-confirm"
          >
            <CheckCircle2 aria-hidden="true" size={18} />
            {t('shop.order.confirm')}
          </button>
        ) : null}
        {order.state === 'delivered' || order.state === 'completed' ? (
          <button
            type="button"
            className="ks-button ks-button--ghost"
            disabled={busy}
            onClick={() => void act(() => orderAction(order.orderNo, 'resend'), 'api.order.resent')}
            data-testid="order-resend"
          >
            <Mail aria-hidden="true" size={18} />
            {t('shop.order.resend')}
          </button>
        ) : null}
        {order.cancellable ? (
          <button
            type="button"
            className="ks-button ks-button--ghost"
            disabled={busy}
            onClick={() =>
              void act(() => orderAction(order.orderNo, 'cancel'), 'api.order.cancelled')
            }
            data-testid="order-cancel"
          >
            <XCircle aria-hidden="true" size={18} />
            {t('shop.order.cancel')}
          </button>
        ) : null}
        {order.hasKeys ? <PrintReceiptButton /> : null}
        {order.refundable ? <RefundForm order={order} onDone={refresh} /> : null}
        {order.deletable ? (
          <button
            type="button"
            className="ks-button ks-button--ghost"
            disabled={busy}
            onClick={() => void remove()}
            data-testid="order-delete"
          >
            <Trash2 aria-hidden="true" size={18} />
            {t('shop.order.delete')}
          </button>
        ) : null}
      </div>
      <StateHistory order={order} />
      {order.hasKeys ? <Receipt order={order} /> : null}
    </article>
  );
}
