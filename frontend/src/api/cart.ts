import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/http/client';
import { useAppStore } from '@/stores/app-store';
import { selectCartToken, selectCurrency, selectToken } from '@/stores/selectors';

import type { CartDto } from './shop-types';

/**
 * The cart lives on the server: a member's under their session, a visitor's under the cart
 * token the first added line returns (kept in the store, sent as `X-Cart-Token`). Every
 * answer is the whole cart priced in the shopper's currency; the header badge follows it.
 */
export const cartKeys = {
  all: ['cart'] as const,
  cart: (currency: string, owner: string) => [...cartKeys.all, currency, owner] as const,
};

function cartHeaders(): Record<string, string> {
  const { cartToken, token } = useAppStore.getState();
  return cartToken && !token ? { 'X-Cart-Token': cartToken } : {};
}

/** Keeps what the badge shows, and a new visitor cart's token. */
function remember(cart: CartDto): CartDto {
  const store = useAppStore.getState();
  if (cart.cartToken) store.setCartToken(cart.cartToken);
  store.setCartSummary({ count: cart.count, amount: cart.goods });
  return cart;
}

export function fetchCart(currency: string): Promise<CartDto> {
  return apiRequest<CartDto>('/api/cart', {
    query: { currency },
    headers: cartHeaders(),
    cache: 'no-store',
    silent: true,
  }).then(remember);
}

/** The cart in the shopper's currency. */
export function useCart() {
  const currency = useAppStore(selectCurrency).code;
  const token = useAppStore(selectToken);
  const cartToken = useAppStore(selectCartToken);
  return useQuery({
    queryKey: cartKeys.cart(currency, token ?? cartToken ?? 'none'),
    queryFn: () => fetchCart(currency),
  });
}

/** Sets a product's quantity (0 removes it); the answer replaces the cart everywhere. */
export function useSetCartLine() {
  const client = useQueryClient();
  const currency = useAppStore(selectCurrency).code;
  return useMutation({
    mutationFn: ({ productId, quantity }: { productId: number; quantity: number }) =>
      apiRequest<CartDto>('/api/cart/lines', {
        method: 'PUT',
        query: { currency },
        body: { productId, quantity },
        headers: cartHeaders(),
      }).then(remember),
    onSuccess: () => client.invalidateQueries({ queryKey: cartKeys.all }),
  });
}

/** At sign-in: the visitor's cart joins the member's, and the visitor's token is dropped. */
export async function mergeVisitorCart(): Promise<void> {
  const { cartToken, currency, setCartToken } = useAppStore.getState();
  if (!cartToken) {
    await fetchCart(currency.code).catch(() => undefined);
    return;
  }
  await apiRequest<CartDto>('/api/cart/merge', {
    method: 'POST',
    query: { currency: currency.code },
    headers: { 'X-Cart-Token': cartToken },
    silent: true,
  })
    .then(remember)
    .catch(() => undefined);
  setCartToken(null);
}
