import type { StateCreator } from 'zustand';

/** What the member area stores about the signed-in shopper; filled in by the member issue. */
export interface UserInfo {
  id: number | string;
  email: string;
  nickname?: string;
  [field: string]: unknown;
}

export interface UserState {
  info: UserInfo | null;
  loggedIn: boolean;
}

export const SIGNED_OUT: UserState = { info: null, loggedIn: false };

export interface SessionSlice {
  token: string | null;
  user: UserState;
  setToken: (token: string | null) => void;
  setUser: (info: UserInfo) => void;
  clearSession: () => void;
}

export const createSessionSlice: StateCreator<SessionSlice, [], [], SessionSlice> = (set) => ({
  token: null,
  user: SIGNED_OUT,
  setToken: (token) => set({ token }),
  setUser: (info) => set({ user: { info, loggedIn: true } }),
  clearSession: () => set({ token: null, user: SIGNED_OUT }),
});
