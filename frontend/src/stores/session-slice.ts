import type { StateCreator } from 'zustand';

import type { MemberInfoDto } from '@/api/member-types';

/** What the store keeps about the signed-in member: `GET /api/getInfo`. */
export type UserInfo = MemberInfoDto;

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
  /** Signs in at once: token and member info together, never one without the other. */
  setSession: (token: string, info: UserInfo) => void;
  clearSession: () => void;
}

export const createSessionSlice: StateCreator<SessionSlice, [], [], SessionSlice> = (set) => ({
  token: null,
  user: SIGNED_OUT,
  setToken: (token) => set({ token }),
  setUser: (info) => set({ user: { info: { ...info }, loggedIn: true } }),
  setSession: (token, info) => set({ token, user: { info: { ...info }, loggedIn: true } }),
  clearSession: () => set({ token: null, user: SIGNED_OUT }),
});
