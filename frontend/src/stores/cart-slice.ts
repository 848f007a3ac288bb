import type { StateCreator } from 'zustand';

/** The header's cart badge: units in the cart and their total in the cart's currency. */
export interface CartSummary {
  count: number;
  amount: number;
}

export const EMPTY_CART: CartSummary = { count: 0, amount: 0 };

export interface CartSlice {
  cart: CartSummary;
  /** A visitor's cart on the server (sent as `X-Cart-Token`); null until the first line. */
  cartToken: string | null;
  setCartSummary: (cart: CartSummary) => void;
  setCartToken: (token: string | null) => void;
  clearCart: () => void;
}

export const createCartSlice: StateCreator<CartSlice, [], [], CartSlice> = (set) => ({
  cart: EMPTY_CART,
  cartToken: null,
  setCartSummary: (cart) => set({ cart: { ...cart } }),
  setCartToken: (cartToken) => set({ cartToken }),
  clearCart: () => set({ cart: EMPTY_CART }),
});
