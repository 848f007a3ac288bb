import type { StateCreator } from 'zustand';

/** The header's cart badge: item count and total in USD minor units. */
export interface CartSummary {
  count: number;
  amount: number;
}

export const EMPTY_CART: CartSummary = { count: 0, amount: 0 };

export interface CartSlice {
  cart: CartSummary;
  setCartSummary: (cart: CartSummary) => void;
  clearCart: () => void;
}

export const createCartSlice: StateCreator<CartSlice, [], [], CartSlice> = (set) => ({
  cart: EMPTY_CART,
  setCartSummary: (cart) => set({ cart: { ...cart } }),
  clearCart: () => set({ cart: EMPTY_CART }),
});
