import { useQuery } from '@tanstack/react-query';

import type {
  CardBody,
  CheckoutBody,
  OrderDto,
  OrderKeysDto,
  PaymentSessionDto,
  PlacedDto,
} from '@/api/types';
import { api } from '@/lib/http/client';
import { useAppStore } from '@/stores/app-store';

import { orderToken } from '../lib/order-tokens';

export const shopKeys = {
  all: ['shop'] as const,
  methods: (currency: string) => [...shopKeys.all, 'methods', currency] as const,
  order: (orderNo: string) => [...shopKeys.all, 'order', orderNo] as const,
  orders: (page: number) => [...shopKeys.all, 'orders', page] as const,
  session: (id: string) => [...shopKeys.all, 'session', id] as const,
};

const NO_STORE = { cache: 'no-store' } as const;

/** The path and the guest's link token of `orderNo` (if this tab has one). */
function orderParams(orderNo: string) {
  return { path: { orderNo }, header: { 'X-Order-Token': orderToken(orderNo) } };
}

export function usePaymentMethods(currency: string) {
  return useQuery({
    queryKey: shopKeys.methods(currency),
    queryFn: () => api.get('/prod-api/api/payment/methods', { params: { query: { currency } } }),
    staleTime: 5 * 60 * 1000,
  });
}

/** Places the order; `idempotencyKey` makes a retried click answer the same order. */
export function checkout(body: CheckoutBody, idempotencyKey: string): Promise<PlacedDto> {
  const { cartToken, token } = useAppStore.getState();
  return api.post('/prod-api/api/order/checkout', {
    params: {
      header: {
        'Idempotency-Key': idempotencyKey,
        'X-Cart-Token': cartToken && !token ? cartToken : undefined,
      },
    },
    body,
    silent: true,
  });
}

/** One order, for its member or this tab's guest token; polled while it moves. */
export function useOrder(orderNo: string | null, poll = false) {
  return useQuery({
    queryKey: shopKeys.order(orderNo ?? ''),
    queryFn: () =>
      api.get('/prod-api/api/order/{orderNo}', {
        params: orderParams(orderNo ?? ''),
        silent: true,
        ...NO_STORE,
      }),
    enabled: orderNo !== null && orderNo !== '',
    // An order moves on the server (paid, delivered): always asked afresh.
    staleTime: 0,
    refetchInterval: (query) => {
      // An order this visitor cannot open is not asked again (the page says the link is bad).
      if (query.state.status === 'error') return false;
      const state = query.state.data?.state;
      return poll && (state === undefined || state === 'pending_payment' || state === 'paid')
        ? 1500
        : false;
    },
    retry: false,
  });
}

export function useOrders(page: number) {
  return useQuery({
    queryKey: shopKeys.orders(page),
    queryFn: () =>
      api.get('/prod-api/api/orders', {
        params: { query: { page, limit: 10 } },
        ...NO_STORE,
      }),
    staleTime: 0,
  });
}

type OrderAction = 'cancel' | 'confirm' | 'resend';

/** Cancels or confirms the order (answering it as it is now), or sends its keys again. */
export function orderAction(orderNo: string, action: OrderAction): Promise<OrderDto | null> {
  const init = { params: orderParams(orderNo) };
  switch (action) {
    case 'cancel':
      return api.post('/prod-api/api/order/{orderNo}/cancel', init);
    case 'confirm':
      return api.post('/prod-api/api/order/{orderNo}/confirm', init);
    case 'resend':
      return api.post('/prod-api/api/order/{orderNo}/resend', init).then(() => null);
  }
}

export function deleteOrder(orderNo: string): Promise<unknown> {
  return api.delete('/prod-api/api/order/{orderNo}', { params: orderParams(orderNo) });
}

/** Pays an unpaid order again, with its own payment method. */
export function payAgain(orderNo: string): Promise<PlacedDto> {
  return api.post('/prod-api/api/order/{orderNo}/pay-again', {
    params: orderParams(orderNo),
    body: { paymentMethod: '' },
  });
}

/** Asks for a refund with a reason (answered within 2 working days). */
export function requestRefund(orderNo: string, reason: string): Promise<OrderDto> {
  return api.post('/prod-api/api/order/{orderNo}/refund', {
    params: orderParams(orderNo),
    body: { reason },
    silent: true,
  });
}

/** The keys, shown to their owner; the server records each reveal. */
export function revealKeys(orderNo: string): Promise<OrderKeysDto> {
  return api.post('/prod-api/api/order/{orderNo}/keys', { params: orderParams(orderNo) });
}

export function fetchPaymentSession(sessionId: string): Promise<PaymentSessionDto> {
  return api.get('/prod-api/api/payment/session/{sessionId}', {
    params: { path: { sessionId } },
    silent: true,
    ...NO_STORE,
  });
}

export function usePaymentSession(id: string | null) {
  return useQuery({
    queryKey: shopKeys.session(id ?? ''),
    queryFn: () => fetchPaymentSession(id ?? ''),
    enabled: id !== null && id !== '',
    staleTime: 0,
    retry: false,
  });
}

export function chargeCard(sessionId: string, card: CardBody): Promise<PaymentSessionDto> {
  return api.post('/prod-api/api/payment/sandbox/{sessionId}/charge', {
    params: { path: { sessionId } },
    body: card,
    silent: true,
  });
}

/** Back from PayPal: the approved payment is captured (once, however often this is called). */
export function capturePayment(sessionId: string): Promise<PaymentSessionDto> {
  return api.post('/prod-api/api/payment/session/{sessionId}/capture', {
    params: { path: { sessionId } },
  });
}

export function cancelSession(sessionId: string): Promise<PaymentSessionDto> {
  return api.post('/prod-api/api/payment/session/{sessionId}/cancel', {
    params: { path: { sessionId } },
    silent: true,
  });
}
