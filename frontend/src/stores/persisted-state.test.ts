import { STORE_KEY, useAppStore } from './app-store';
import { PERSISTED_STATE_VERSION, readPersistedState } from './persisted-state';

const VERSION_1 = {
  language: 'de',
  currencySymbol: '€',
  currency: { code: 'EUR', symbol: '€', rate: 0.92 },
  sort: 2,
  pageSize: 20,
  dismissedLanguageSuggestions: ['ja', 'xx'],
  token: 'session-token',
  user: { info: { id: 7, email: 'ann@example.com', fullName: 'Ann Lee' }, loggedIn: true },
  cart: { count: 3, amount: 2999 },
  cartToken: '0123456789abcdef0123',
  siteSettings: { siteTitle: 'Old title' },
};

describe('the persisted state', () => {
  it('is at version 2', () => {
    expect(PERSISTED_STATE_VERSION).toBe(2);
  });

  it('keeps the preferences and tokens of version 1 and drops its copies of server state', () => {
    expect(readPersistedState(VERSION_1, 1)).toEqual({
      language: 'de',
      currencySymbol: '€',
      currency: { code: 'EUR', symbol: '€', rate: 0.92 },
      sort: 2,
      pageSize: 20,
      dismissedLanguageSuggestions: ['ja'],
      token: 'session-token',
      cartToken: '0123456789abcdef0123',
    });
  });

  it('drops a version 1 token that was not signed in', () => {
    const signedOut = { ...VERSION_1, user: { info: null, loggedIn: false } };
    expect(readPersistedState(signedOut, 1).token).toBeUndefined();
    expect(readPersistedState({ token: 'x' }, 1).token).toBeUndefined();
  });

  it('drops fields of the wrong shape, whatever the version', () => {
    expect(
      readPersistedState(
        {
          language: 'klingon',
          currency: { code: 'EUR' },
          sort: 'newest',
          dismissedLanguageSuggestions: 'ja',
          token: 42,
          cartToken: 'not hex',
        },
        2,
      ),
    ).toEqual({});
    expect(readPersistedState(null, 2)).toEqual({});
    expect(readPersistedState(['de'], 1)).toEqual({});
  });

  it('migrates what an earlier visit stored when the store rehydrates', async () => {
    localStorage.setItem(STORE_KEY, JSON.stringify({ state: VERSION_1, version: 1 }));
    await useAppStore.persist.rehydrate();

    const state = useAppStore.getState();
    expect(state.language).toBe('de');
    expect(state.currency.code).toBe('EUR');
    expect(state.token).toBe('session-token');
    expect(state.cartToken).toBe('0123456789abcdef0123');
    expect(state).not.toHaveProperty('user');
    expect(state).not.toHaveProperty('cart');
    expect(state).not.toHaveProperty('siteSettings');

    const stored: unknown = JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null');
    expect(stored).toMatchObject({ version: 2, state: { language: 'de', token: 'session-token' } });
    expect(stored).not.toHaveProperty('state.user');
    expect(stored).not.toHaveProperty('state.siteSettings');
  });
});
