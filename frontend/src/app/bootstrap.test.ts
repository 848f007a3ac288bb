import { QueryClient } from '@tanstack/react-query';

import { siteConfigKeys } from '@/api/site-config';
import { HOME_ROW_LIMIT, homeKeys } from '@/features/home/api/query-keys';

import { FIRST_SCREEN_WAIT_MS, prefetchFirstScreen } from './bootstrap';

const FEATURED_COVER = '/prod-api/api/media/cover/13.svg';

describe('prefetchFirstScreen', () => {
  const realFetch = globalThis.fetch;
  const realDecode = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'decode');
  let asked: string[];
  let decoded: string[];
  /** Whether the store answers (else nothing ever is). */
  let answering: boolean;

  beforeEach(() => {
    asked = [];
    decoded = [];
    answering = false;
    globalThis.fetch = jest.fn((request: RequestInfo | URL) => {
      const path = new URL(request instanceof Request ? request.url : String(request)).pathname;
      asked.push(path);
      if (answering) {
        const data = path.endsWith('/hotgames') ? [{ id: 13, cover: FEATURED_COVER }] : {};
        const body = { code: 200, msg: '', msgKey: 'api.ok', data };
        return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
      }
      return new Promise<Response>(() => undefined);
    });
    // jsdom neither loads nor decodes images: record which were asked to.
    Object.defineProperty(HTMLImageElement.prototype, 'decode', {
      configurable: true,
      value(this: HTMLImageElement) {
        decoded.push(new URL(this.src).pathname);
        return Promise.resolve();
      },
    });
  });

  afterEach(() => {
    globalThis.fetch = realFetch;
    if (realDecode) Object.defineProperty(HTMLImageElement.prototype, 'decode', realDecode);
    else Reflect.deleteProperty(HTMLImageElement.prototype, 'decode');
  });

  const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

  it('asks for the hero texts and the featured deals of the home page at once', async () => {
    const queryClient = client();
    void prefetchFirstScreen(queryClient, '/', 'de');

    await Promise.resolve();
    expect(queryClient.getQueryState(siteConfigKeys.config('de'))?.fetchStatus).toBe('fetching');
    expect(queryClient.getQueryState(homeKeys.hotGames('de', HOME_ROW_LIMIT))?.fetchStatus).toBe(
      'fetching',
    );
    expect(asked.sort()).toEqual(['/prod-api/api/home/config', '/prod-api/api/home/hotgames']);
    expect(decoded).toEqual([]);
  });

  it('settles once the answers are in, the first featured cover on its way', async () => {
    answering = true;
    const queryClient = client();
    await prefetchFirstScreen(queryClient, '/', 'en-US');

    expect(decoded).toEqual([FEATURED_COVER]);
    expect(queryClient.getQueryData(homeKeys.hotGames('en-US', HOME_ROW_LIMIT))).toHaveLength(1);
    expect(queryClient.getQueryData(siteConfigKeys.config('en-US'))).toEqual({});
  });

  it('holds the first render at most FIRST_SCREEN_WAIT_MS for a slow store', async () => {
    jest.useFakeTimers();
    try {
      let settled = false;
      void prefetchFirstScreen(client(), '/', 'en-US').then(() => {
        settled = true;
      });
      await jest.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS - 1);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('asks for nothing ahead on other pages', async () => {
    const queryClient = client();
    await prefetchFirstScreen(queryClient, '/games', 'en-US');

    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(asked).toEqual([]);
  });
});
