import '@testing-library/jest-dom/jest-globals';

import { cleanup, configure } from '@testing-library/react';

import { SITE_CONFIG_STORAGE_KEY } from '@/api/site-config-storage';
import { initI18n } from '@/lib/i18n/i18n';
import { STORE_KEY, useAppStore } from '@/stores/app-store';

const initialState = useAppStore.getState();

// The first visit of a lazy route compiles its modules; on a busy CI machine that can take
// longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

// Radix menus measure and observe elements; jsdom has neither.
const doNothing = (): void => undefined;
class ResizeObserverStub {
  observe = doNothing;
  unobserve = doNothing;
  disconnect = doNothing;
}
Object.defineProperty(globalThis, 'ResizeObserver', { value: ResizeObserverStub, writable: true });

Object.defineProperty(window, 'scrollTo', { value: () => undefined, writable: true });
Object.defineProperty(Element.prototype, 'scrollIntoView', {
  value: () => undefined,
  writable: true,
});

// Component tests answer their queries from a seeded cache; a query they did not seed stays
// loading instead of reaching for a network (the HTTP client's own test mocks `fetch`).
Object.defineProperty(globalThis, 'fetch', {
  value: () => new Promise<Response>(() => undefined),
  writable: true,
  configurable: true,
});

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: doNothing,
      removeEventListener: doNothing,
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList,
});

beforeAll(async () => {
  await initI18n('en-US');
});

afterEach(() => {
  cleanup();
  useAppStore.setState(initialState, true);
  localStorage.removeItem(STORE_KEY);
  localStorage.removeItem(SITE_CONFIG_STORAGE_KEY);
  document.documentElement.lang = 'en-US';
  document.documentElement.dir = 'ltr';
});
