import type { AppState } from './app-store';

export const selectLanguage = (state: AppState) => state.language;
export const selectSetLanguage = (state: AppState) => state.setLanguage;
export const selectCurrency = (state: AppState) => state.currency;
export const selectCurrencySymbol = (state: AppState) => state.currencySymbol;
export const selectSetCurrency = (state: AppState) => state.setCurrency;
export const selectDismissedLanguageSuggestions = (state: AppState) =>
  state.dismissedLanguageSuggestions;
export const selectDismissLanguageSuggestion = (state: AppState) => state.dismissLanguageSuggestion;
export const selectToken = (state: AppState) => state.token;
/** Signed in: the store holds a session token (stored only once its member info came back). */
export const selectIsSignedIn = (state: AppState) => state.token !== null;
export const selectCartToken = (state: AppState) => state.cartToken;
export const selectClearSession = (state: AppState) => state.clearSession;
