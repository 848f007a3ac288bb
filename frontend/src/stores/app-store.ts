import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

import { isLanguageCode } from '@/lib/i18n/languages';

import {
  PERSISTED_STATE_VERSION,
  readPersistedState,
  type PersistedState,
} from './persisted-state';
import { createPreferencesSlice, type PreferencesSlice } from './preferences-slice';
import { createSessionSlice, type SessionSlice } from './session-slice';

/**
 * Client state of spec §3: preferences and the session and cart tokens. Server state (the
 * member's info, the cart, the site settings) lives in react-query, never here.
 */
export type AppState = PreferencesSlice & SessionSlice;

export const STORE_KEY = 'keyshop-store';

export const useAppStore = create<AppState>()(
  persist(
    (...args) => ({
      ...createPreferencesSlice(...args),
      ...createSessionSlice(...args),
    }),
    {
      name: STORE_KEY,
      version: PERSISTED_STATE_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): PersistedState => ({
        language: state.language,
        currencySymbol: state.currencySymbol,
        currency: state.currency,
        sort: state.sort,
        pageSize: state.pageSize,
        dismissedLanguageSuggestions: state.dismissedLanguageSuggestions,
        token: state.token,
        cartToken: state.cartToken,
      }),
      migrate: readPersistedState,
      merge: (persisted, current) => ({
        ...current,
        ...readPersistedState(persisted, PERSISTED_STATE_VERSION),
      }),
    },
  ),
);

/** Whether an earlier visit stored a language (the persisted state names one). */
export function hasStoredLanguage(): boolean {
  try {
    const raw = localStorage.getItem(STORE_KEY);
    if (raw === null) return false;
    const parsed = JSON.parse(raw) as { state?: { language?: unknown } } | null;
    return isLanguageCode(parsed?.state?.language);
  } catch {
    return false;
  }
}
