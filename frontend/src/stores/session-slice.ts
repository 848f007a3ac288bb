import type { StateCreator } from 'zustand';

/**
 * The two tokens the browser keeps: the member's session (sent as `Authorization: Bearer`)
 * and a visitor's cart on the server (sent as `X-Cart-Token`). What they stand for (the
 * member's info, the cart) is server state, read through react-query.
 */
export interface SessionSlice {
  /** The member's session token; null when signed out. */
  token: string | null;
  /** A visitor's cart on the server; null until the first line (and after sign-in). */
  cartToken: string | null;
  /** Signs in: the session starts and the visitor's cart token (merged by then) is dropped. */
  startSession: (token: string) => void;
  clearSession: () => void;
  setCartToken: (cartToken: string | null) => void;
}

export const createSessionSlice: StateCreator<SessionSlice, [], [], SessionSlice> = (set) => ({
  token: null,
  cartToken: null,
  startSession: (token) => set({ token, cartToken: null }),
  clearSession: () => set({ token: null }),
  setCartToken: (cartToken) => set({ cartToken }),
});
