import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/http/client';
import { useAppStore, type AppState } from '@/stores/app-store';
import { selectCartToken, selectCurrency, selectToken } from '@/stores/selectors';

import type { CartDto } from './types';

/**
 * The cart lives on the server: a member's under their session, a visitor's under the cart
 * token the first added line returns (kept in the store, sent as `X-Cart-Token`). Every
 * answer is the whole cart priced in the shopper's currency; the header badge reads its
 * `count` from the same query. (At sign-in the visitor's cart is merged:
 * `merge-visitor-cart.ts`.)
 */
export const cartKeys = {
  all: ['cart'] as const,
  cart: (currency: string, owner: string) => [...cartKeys.all, currency, owner] as const,
};

type Tokens = Pick<AppState, 'token' | 'cartToken'>;

/** Whose cart: the member's session, else the visitor's cart token, else none yet. */
function cartOwnerOf({ token, cartToken }: Tokens): string {
  return token ?? cartToken ?? 'none';
}

/** The visitor's cart token, sent only while signed out (a member's cart is their session's). */
function visitorCartToken({ token, cartToken }: Tokens): string | undefined {
  return cartToken && !token ? cartToken : undefined;
}

/** Keeps a new visitor cart's token. */
function rememberCartToken(cart: CartDto): CartDto {
  if (cart.cartToken) useAppStore.getState().setCartToken(cart.cartToken);
  return cart;
}

export function fetchCart(currency: string): Promise<CartDto> {
  return api
    .get('/prod-api/api/cart', {
      params: {
        query: { currency },
        header: { 'X-Cart-Token': visitorCartToken(useAppStore.getState()) },
      },
      cache: 'no-store',
      silent: true,
    })
    .then(rememberCartToken);
}

/** The cart in the shopper's currency; `select` picks what a component needs of it. */
export function useCart<Selected = CartDto>(select?: (cart: CartDto) => Selected) {
  const currency = useAppStore(selectCurrency).code;
  const token = useAppStore(selectToken);
  const cartToken = useAppStore(selectCartToken);
  return useQuery({
    queryKey: cartKeys.cart(currency, cartOwnerOf({ token, cartToken })),
    queryFn: () => fetchCart(currency),
    select,
  });
}

const selectCount = (cart: CartDto): number => cart.count;

/** The header badge: units in the cart (0 until the cart is known). */
export function useCartCount(): number {
  return useCart(selectCount).data ?? 0;
}

/** Sets a product's quantity (0 removes it); the first line of a visitor makes their cart. */
export function setCartLine(
  currency: string,
  line: { productId: number; quantity: number },
): Promise<CartDto> {
  return api
    .put('/prod-api/api/cart/lines', {
      params: {
        query: { currency },
        header: { 'X-Cart-Token': visitorCartToken(useAppStore.getState()) },
      },
      body: line,
    })
    .then(rememberCartToken);
}

/** The mutation; its answer (the whole cart) replaces the cart everywhere, the badge too. */
export function useSetCartLine() {
  const client = useQueryClient();
  const currency = useAppStore(selectCurrency).code;
  return useMutation({
    mutationFn: (line: { productId: number; quantity: number }) => setCartLine(currency, line),
    onSuccess: async (cart) => {
      client.setQueryData(cartKeys.cart(currency, cartOwnerOf(useAppStore.getState())), cart);
      await client.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}
