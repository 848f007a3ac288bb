import type { OrderState, PaymentProvider } from '@/api/types';
import type { TranslationKey } from '@/lib/i18n/i18n';

/** The catalogue key of each order state (a state the API adds is a type error until named). */
const STATE_KEYS: Readonly<Record<OrderState, TranslationKey>> = {
  pending_payment: 'shop.state.pending_payment',
  paid: 'shop.state.paid',
  delayed_delivery: 'shop.state.delayed_delivery',
  delivered: 'shop.state.delivered',
  completed: 'shop.state.completed',
  cancelled: 'shop.state.cancelled',
  expired: 'shop.state.expired',
  refund_requested: 'shop.state.refund_requested',
  refunded: 'shop.state.refunded',
  refund_rejected: 'shop.state.refund_rejected',
};

/** The catalogue key of a provider's decline reason. */
const REASON_KEYS: Readonly<Record<string, TranslationKey>> = {
  card_declined: 'shop.pay.reason.card_declined',
  insufficient_funds: 'shop.pay.reason.insufficient_funds',
  payment_declined: 'shop.pay.reason.payment_declined',
  payment_failed: 'shop.pay.reason.payment_failed',
  provider_unavailable: 'shop.pay.reason.provider_unavailable',
};

/** The catalogue key of each payment provider's method name. */
const PROVIDER_KEYS: Readonly<Record<PaymentProvider, TranslationKey>> = {
  sandbox: 'shop.method.sandbox',
  stripe: 'shop.method.stripe',
  paypal: 'shop.method.paypal',
};

export function stateKey(state: OrderState): TranslationKey {
  return STATE_KEYS[state];
}

export function reasonKey(reason: string): TranslationKey | null {
  return REASON_KEYS[reason] ?? null;
}

export function providerKey(provider: PaymentProvider): TranslationKey {
  return PROVIDER_KEYS[provider];
}

function isProvider(code: string): code is PaymentProvider {
  return Object.hasOwn(PROVIDER_KEYS, code);
}

/** The catalogue key of a payment method's name: its code starts with its provider's. */
export function providerKeyOfMethod(method: string): TranslationKey | null {
  const provider = method.split('-')[0] ?? '';
  return isProvider(provider) ? PROVIDER_KEYS[provider] : null;
}
