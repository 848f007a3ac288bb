import { useQuery } from '@tanstack/react-query';

import type { ListPageDto } from '@/api/member-types';
import type {
  CardBody,
  CheckoutBody,
  OrderDto,
  OrderKeysDto,
  PaymentMethodDto,
  PaymentSessionDto,
  PlacedDto,
} from '@/api/shop-types';
import type { CurrencyDto } from '@/api/types';
import { apiRequest } from '@/lib/http/client';
import { formatMoney } from '@/lib/money';
import { useAppStore } from '@/stores/app-store';

import { orderToken } from '../lib/order-tokens';

export const shopKeys = {
  all: ['shop'] as const,
  methods: (currency: string) => [...shopKeys.all, 'methods', currency] as const,
  order: (orderNo: string) => [...shopKeys.all, 'order', orderNo] as const,
  orders: (page: number) => [...shopKeys.all, 'orders', page] as const,
  session: (id: string) => [...shopKeys.all, 'session', id] as const,
};

const NO_STORE = { cache: 'no-store' as const };

/** The guest's link token of `orderNo`, if this tab has one. */
function orderHeaders(orderNo: string): Record<string, string> {
  const token = orderToken(orderNo);
  return token ? { 'X-Order-Token': token } : {};
}

export function usePaymentMethods(currency: string) {
  return useQuery({
    queryKey: shopKeys.methods(currency),
    queryFn: () => apiRequest<PaymentMethodDto[]>('/api/payment/methods', { query: { currency } }),
    staleTime: 5 * 60 * 1000,
  });
}

/** Places the order; `idempotencyKey` makes a retried click answer the same order. */
export function checkout(body: CheckoutBody, idempotencyKey: string): Promise<PlacedDto> {
  const { cartToken, token } = useAppStore.getState();
  const headers: Record<string, string> = { 'Idempotency-Key': idempotencyKey };
  if (cartToken && !token) headers['X-Cart-Token'] = cartToken;
  return apiRequest<PlacedDto>('/api/order/checkout', {
    method: 'POST',
    body,
    headers,
    silent: true,
  });
}

/** One order, for its member or this tab's guest token; polled while it moves. */
export function useOrder(orderNo: string | null, poll = false) {
  return useQuery({
    queryKey: shopKeys.order(orderNo ?? ''),
    queryFn: () =>
      apiRequest<OrderDto>(`/api/order/${encodeURIComponent(orderNo ?? '')}`, {
        headers: orderHeaders(orderNo ?? ''),
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
      apiRequest<ListPageDto<OrderDto>>('/api/orders', { query: { page, limit: 10 }, ...NO_STORE }),
    staleTime: 0,
  });
}

type OrderAction = 'cancel' | 'confirm' | 'resend';

export function orderAction(orderNo: string, action: OrderAction): Promise<OrderDto | null> {
  return apiRequest<OrderDto | null>(`/api/order/${encodeURIComponent(orderNo)}/${action}`, {
    method: 'POST',
    headers: orderHeaders(orderNo),
  });
}

export function deleteOrder(orderNo: string): Promise<null> {
  return apiRequest<null>(`/api/order/${encodeURIComponent(orderNo)}`, {
    method: 'DELETE',
    headers: orderHeaders(orderNo),
  });
}

export function payAgain(orderNo: string): Promise<PlacedDto> {
  return apiRequest<PlacedDto>(`/api/order/${encodeURIComponent(orderNo)}/pay-again`, {
    method: 'POST',
    body: {},
    headers: orderHeaders(orderNo),
  });
}

/** Asks for a refund with a reason (answered within 2 working days). */
export function requestRefund(orderNo: string, reason: string): Promise<OrderDto> {
  return apiRequest<OrderDto>(`/api/order/${encodeURIComponent(orderNo)}/refund`, {
    method: 'POST',
    body: { reason },
    headers: orderHeaders(orderNo),
    silent: true,
  });
}

/** The keys, shown to their owner; the server records each reveal. */
export function revealKeys(orderNo: string): Promise<OrderKeysDto> {
  return apiRequest<OrderKeysDto>(`/api/order/${encodeURIComponent(orderNo)}/keys`, {
    method: 'POST',
    headers: orderHeaders(orderNo),
  });
}

export function usePaymentSession(id: string | null) {
  return useQuery({
    queryKey: shopKeys.session(id ?? ''),
    queryFn: () =>
      apiRequest<PaymentSessionDto>(`/api/payment/session/${encodeURIComponent(id ?? '')}`, {
        silent: true,
        ...NO_STORE,
      }),
    enabled: id !== null && id !== '',
    staleTime: 0,
    retry: false,
  });
}

export function chargeCard(sessionId: string, card: CardBody): Promise<PaymentSessionDto> {
  return apiRequest<PaymentSessionDto>(
    `/api/payment/sandbox/${encodeURIComponent(sessionId)}/charge`,
    { method: 'POST', body: card, silent: true },
  );
}

export function fetchPaymentSession(id: string): Promise<PaymentSessionDto> {
  return apiRequest<PaymentSessionDto>(`/api/payment/session/${encodeURIComponent(id)}`, {
    silent: true,
    ...NO_STORE,
  });
}

/** Back from PayPal: the approved payment is captured (once, however often this is called). */
export function capturePayment(sessionId: string): Promise<PaymentSessionDto> {
  return apiRequest<PaymentSessionDto>(
    `/api/payment/session/${encodeURIComponent(sessionId)}/capture`,
    { method: 'POST' },
  );
}

export function cancelSession(sessionId: string): Promise<PaymentSessionDto> {
  return apiRequest<PaymentSessionDto>(
    `/api/payment/session/${encodeURIComponent(sessionId)}/cancel`,
    { method: 'POST', silent: true },
  );
}

/**
 * Formats minor units of an order's own currency (no conversion: the rate was locked at
 * checkout) with the currency's symbol, as every other amount in the store is shown.
 */
export function useOrderMoney(): (minor: number, code: string) => string {
  const language = useAppStore((state) => state.language);
  const rates = useQuery({
    queryKey: ['site', 'rates', language],
    queryFn: ({ signal }) => apiRequest<CurrencyDto[]>('/api/home/rate', { signal }),
    staleTime: 10 * 60 * 1000,
  });
  return (minor, code) => {
    const symbol = rates.data?.find((currency) => currency.code === code)?.symbol ?? `${code} `;
    return formatMoney(minor, { symbol, rate: 1 });
  };
}
