import { isLanguageCode, type LanguageCode } from '@/lib/i18n/languages';

import type { CurrencyRecord } from './preferences-slice';

/**
 * What the store keeps in localStorage: preferences and the two tokens, nothing the server
 * owns. Version 2; version 1 also kept copies of server state (the member's info, the cart
 * badge, the site settings), which `readPersistedState` drops.
 */
export const PERSISTED_STATE_VERSION = 2;

export interface PersistedState {
  language: LanguageCode;
  currencySymbol: string;
  currency: CurrencyRecord;
  sort: number;
  pageSize: number;
  dismissedLanguageSuggestions: LanguageCode[];
  token: string | null;
  cartToken: string | null;
}

const CART_TOKEN_PATTERN = /^[0-9a-f]{16,128}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCurrencyRecord(value: unknown): value is CurrencyRecord {
  return (
    isRecord(value) &&
    typeof value.code === 'string' &&
    typeof value.symbol === 'string' &&
    typeof value.rate === 'number' &&
    Number.isFinite(value.rate) &&
    value.rate > 0
  );
}

/**
 * The fields of a stored state of any version that are still valid, each checked; anything
 * else (unknown fields, wrong types, a version 1 token without its signed-in flag) is dropped,
 * so the defaults stand in. It is both the store's `migrate` (from an older version) and its
 * `merge` (a hand-edited or corrupt current one).
 */
export function readPersistedState(stored: unknown, version: number): Partial<PersistedState> {
  if (!isRecord(stored)) return {};
  const state: Partial<PersistedState> = {};
  if (isLanguageCode(stored.language)) state.language = stored.language;
  if (typeof stored.currencySymbol === 'string') state.currencySymbol = stored.currencySymbol;
  if (isCurrencyRecord(stored.currency)) {
    const { code, symbol, rate } = stored.currency;
    state.currency = { code, symbol, rate };
  }
  if (typeof stored.sort === 'number') state.sort = stored.sort;
  if (typeof stored.pageSize === 'number') state.pageSize = stored.pageSize;
  if (Array.isArray(stored.dismissedLanguageSuggestions)) {
    state.dismissedLanguageSuggestions = stored.dismissedLanguageSuggestions.filter(isLanguageCode);
  }
  if (typeof stored.token === 'string' && stored.token !== '') {
    // Version 1 stored the token beside `user.loggedIn`; signed in meant both.
    const signedIn = version >= 2 || (isRecord(stored.user) && stored.user.loggedIn === true);
    if (signedIn) state.token = stored.token;
  }
  if (typeof stored.cartToken === 'string' && CART_TOKEN_PATTERN.test(stored.cartToken)) {
    state.cartToken = stored.cartToken;
  }
  return state;
}
