import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

import { isLanguageCode } from '@/lib/i18n/languages';

import { createCartSlice, type CartSlice } from './cart-slice';
import { createPreferencesSlice, type PreferencesSlice } from './preferences-slice';
import { createSessionSlice, type SessionSlice } from './session-slice';
import { createSiteSlice, type SiteSlice } from './site-slice';

/** Client state of spec §3. Server state lives in react-query, never here. */
export type AppState = PreferencesSlice & SessionSlice & CartSlice & SiteSlice;

export const STORE_KEY = 'keyshop-store';
const STORE_VERSION = 1;

type PersistedState = Pick<
  AppState,
  | 'language'
  | 'currencySymbol'
  | 'currency'
  | 'sort'
  | 'pageSize'
  | 'dismissedLanguageSuggestions'
  | 'token'
  | 'user'
  | 'cart'
  | 'cartToken'
  | 'siteSettings'
>;

export const useAppStore = create<AppState>()(
  persist(
    (...args) => ({
      ...createPreferencesSlice(...args),
      ...createSessionSlice(...args),
      ...createCartSlice(...args),
      ...createSiteSlice(...args),
    }),
    {
      name: STORE_KEY,
      version: STORE_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): PersistedState => ({
        language: state.language,
        currencySymbol: state.currencySymbol,
        currency: state.currency,
        sort: state.sort,
        pageSize: state.pageSize,
        dismissedLanguageSuggestions: state.dismissedLanguageSuggestions,
        token: state.token,
        user: state.user,
        cart: state.cart,
        cartToken: state.cartToken,
        siteSettings: state.siteSettings,
      }),
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<PersistedState>;
        const merged = { ...current, ...stored };
        if (!isLanguageCode(merged.language)) merged.language = current.language;
        if (!Array.isArray(merged.dismissedLanguageSuggestions)) {
          merged.dismissedLanguageSuggestions = current.dismissedLanguageSuggestions;
        }
        merged.dismissedLanguageSuggestions =
          merged.dismissedLanguageSuggestions.filter(isLanguageCode);
        if (typeof merged.cartToken !== 'string' || !/^[0-9a-f]{16,128}$/.test(merged.cartToken)) {
          merged.cartToken = null;
        }
        return merged;
      },
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
