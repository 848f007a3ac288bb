import type { StateCreator } from 'zustand';

import { DEFAULT_LANGUAGE, type LanguageCode } from '@/lib/i18n/languages';

/** The currency the shopper sees prices in; `rate` is units per 1 USD. */
export interface CurrencyRecord {
  code: string;
  symbol: string;
  rate: number;
}

export const DEFAULT_CURRENCY: CurrencyRecord = { code: 'USD', symbol: '$', rate: 1 };
export const DEFAULT_SORT = 0;
export const DEFAULT_PAGE_SIZE = 10;

export interface PreferencesSlice {
  language: LanguageCode;
  currencySymbol: string;
  currency: CurrencyRecord;
  sort: number;
  pageSize: number;
  /** Languages the shopper said no (or yes) to when the store suggested them. */
  dismissedLanguageSuggestions: LanguageCode[];
  setLanguage: (language: LanguageCode) => void;
  setCurrency: (currency: CurrencyRecord) => void;
  setSort: (sort: number) => void;
  setPageSize: (pageSize: number) => void;
  dismissLanguageSuggestion: (language: LanguageCode) => void;
}

export const createPreferencesSlice: StateCreator<PreferencesSlice, [], [], PreferencesSlice> = (
  set,
) => ({
  language: DEFAULT_LANGUAGE,
  currencySymbol: DEFAULT_CURRENCY.symbol,
  currency: DEFAULT_CURRENCY,
  sort: DEFAULT_SORT,
  pageSize: DEFAULT_PAGE_SIZE,
  dismissedLanguageSuggestions: [],
  setLanguage: (language) => set({ language }),
  setCurrency: (currency) => set({ currency: { ...currency }, currencySymbol: currency.symbol }),
  setSort: (sort) => set({ sort }),
  setPageSize: (pageSize) => set({ pageSize }),
  dismissLanguageSuggestion: (language) =>
    set((state) =>
      state.dismissedLanguageSuggestions.includes(language)
        ? state
        : { dismissedLanguageSuggestions: [...state.dismissedLanguageSuggestions, language] },
    ),
});
