import { Printer } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { useSiteSetting } from '@/api/site-config';
import type { OrderDto } from '@/api/types';
import { countryName } from '@/lib/countries';
import { postalAddressLines } from '@/lib/forms/postal-address';
import type { TranslationKey } from '@/lib/i18n/i18n';
import { LANGUAGES } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { nonEmpty } from '@/lib/text/non-empty';
import { selectLanguage } from '@/stores/selectors';
import { useOrderMoney } from '@/hooks/use-order-money';

import { providerKeyOfMethod } from '../lib/labels';

/** The order's billing address, as printed (the country named in the UI language). */
export function useBillingLines(order: OrderDto): string[] {
  const language = useAppStore(selectLanguage);
  if (!order.billingAddress) return [];
  return postalAddressLines(order.billingAddress, (code) =>
    countryName(code, LANGUAGES[language].htmlLang),
  );
}

/** Who pays, on the order page. */
export function BillingAddress({ order }: { order: OrderDto }) {
  const { t } = useTranslation();
  const lines = useBillingLines(order);
  if (lines.length === 0) return null;
  return (
    <section className="ks-order__billing" aria-labelledby="order-billing-title">
      <h3 id="order-billing-title" className="ks-order__subtitle">
        {t('shop.checkout.billing')}
      </h3>
      <address data-testid="order-billing" dir="auto">
        {lines.map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
    </section>
  );
}

/** The button that prints the receipt (the page's print layout shows only the receipt). */
export function PrintReceiptButton() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="ks-button ks-button--ghost"
      onClick={() => window.print()}
      data-testid="order-print"
    >
      <Printer aria-hidden="true" size={18} />
      {t('shop.receipt.print')}
    </button>
  );
}

/**
 * The receipt of a paid order, laid out for paper: the store, the order number and date, who
 * paid, every product with its price, every part of the total and the payment method. Hidden
 * on screen; `@media print` shows it alone.
 */
export function Receipt({ order }: { order: OrderDto }) {
  const { t } = useTranslation();
  const money = useOrderMoney();
  const language = useAppStore(selectLanguage);
  const store = nonEmpty(useSiteSetting('siteTitle')) ?? t('meta.siteName');
  const billing = useBillingLines(order);
  const date = new Intl.DateTimeFormat(LANGUAGES[language].htmlLang, {
    dateStyle: 'long',
    timeStyle: 'short',
  });
  const paidAt = order.history.find((step) => step.state === 'paid')?.at ?? order.createdAt;
  const parts: [TranslationKey, number][] = [
    ['shop.price.goods', order.goods],
    ['shop.price.memberDiscount', -order.memberDiscount],
    ['shop.price.coupon', -order.couponDiscount],
    ['shop.price.points', -order.pointsDiscount],
    ['shop.price.fee', order.paymentFee],
    ['shop.price.adjustment', order.adjustment],
    ['shop.price.serviceCharge', order.serviceCharge],
  ];
  const methodKey = providerKeyOfMethod(order.paymentMethod);
  return (
    <section className="ks-receipt" aria-hidden="true" data-testid="receipt">
      <header className="ks-receipt__head">
        <p className="ks-receipt__store">{store}</p>
        <h2 className="ks-receipt__title">{t('shop.receipt.title')}</h2>
      </header>
      <dl className="ks-receipt__facts">
        <div>
          <dt>{t('shop.receipt.orderNo')}</dt>
          <dd>{order.orderNo}</dd>
        </div>
        <div>
          <dt>{t('shop.receipt.paidAt')}</dt>
          <dd>{date.format(paidAt)}</dd>
        </div>
        <div>
          <dt>{t('shop.receipt.method')}</dt>
          <dd>{methodKey ? t(methodKey) : order.paymentMethod}</dd>
        </div>
      </dl>
      <div className="ks-receipt__billing">
        <h3>{t('shop.checkout.billing')}</h3>
        <address data-testid="receipt-billing" dir="auto">
          {billing.map((line) => (
            <span key={line}>{line}</span>
          ))}
          <span>{order.email}</span>
        </address>
      </div>
      <table className="ks-receipt__lines">
        <thead>
          <tr>
            <th scope="col">{t('shop.receipt.product')}</th>
            <th scope="col">{t('shop.receipt.quantity')}</th>
            <th scope="col">{t('shop.receipt.unitPrice')}</th>
            <th scope="col">{t('shop.receipt.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.lineNo}>
              <td dir="auto">{line.title}</td>
              <td>{line.quantity}</td>
              <td>{money(line.unitPrice, order.currency)}</td>
              <td>{money(line.unitPrice * line.quantity, order.currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {parts
            .filter(([, amount]) => amount !== 0)
            .map(([key, amount]) => (
              <tr key={key}>
                <th scope="row" colSpan={3}>
                  {t(key)}
                </th>
                <td>{money(amount, order.currency)}</td>
              </tr>
            ))}
          <tr className="ks-receipt__total">
            <th scope="row" colSpan={3}>
              {t('shop.price.total')}
            </th>
            <td data-testid="receipt-total">{money(order.realAmount, order.currency)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="ks-receipt__note">{t('shop.receipt.note')}</p>
    </section>
  );
}
