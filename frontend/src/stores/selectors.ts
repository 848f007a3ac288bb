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
export const selectUser = (state: AppState) => state.user;
export const selectIsLoggedIn = (state: AppState) => state.user.loggedIn;
export const selectCart = (state: AppState) => state.cart;
export const selectCartToken = (state: AppState) => state.cartToken;
export const selectSiteSettings = (state: AppState) => state.siteSettings;
export const selectSetSiteSettings = (state: AppState) => state.setSiteSettings;
export const selectSiteSetting =
  (key: string) =>
  (state: AppState): string | undefined =>
    state.siteSettings[key];
export const selectUserInfo = (state: AppState) => state.user.info;
/** Signed in: a token and the member info it belongs to. */
export const selectIsSignedIn = (state: AppState) => state.token !== null && state.user.loggedIn;
export const selectSetUser = (state: AppState) => state.setUser;
export const selectSetSession = (state: AppState) => state.setSession;
export const selectClearSession = (state: AppState) => state.clearSession;
