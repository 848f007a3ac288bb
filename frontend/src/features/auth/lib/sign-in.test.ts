import { QueryClient } from '@tanstack/react-query';

import { memberInfoQueryOptions } from '@/api/member-info';
import { useAppStore } from '@/stores/app-store';

import { signIn } from './sign-in';

jest.mock('@/lib/toast', () => ({
  notify: { success: jest.fn(), error: jest.fn(), warning: jest.fn(), info: jest.fn() },
}));

const fetchMock = jest.fn<Promise<Response>, [Request]>();
const MEMBER = {
  id: 7,
  email: 'ann@example.com',
  fullName: 'Ann Lee',
  country: '',
  newsletter: false,
  levelName: 'Bronze',
  points: 0,
  createdAt: 0,
};
const VISITOR_CART = '0123456789abcdef0123';

function envelope(code: number, data: unknown): Promise<Response> {
  return Promise.resolve(
    new Response(JSON.stringify({ code, msg: '', msgKey: '', data }), { status: code }),
  );
}

/** Answers login, getInfo (`infoCode`) and the cart merge; records the requests. */
function gateway(infoCode = 200): void {
  fetchMock.mockImplementation((request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/prod-api/api/login') {
      return envelope(200, { token: 'new-session', expiresAt: 0 });
    }
    if (pathname === '/prod-api/api/getInfo') {
      return envelope(infoCode, infoCode === 200 ? MEMBER : null);
    }
    return envelope(200, { count: 2, currency: 'USD', goods: 0, lines: [] });
  });
}

const BODY = { account: 'ann@example.com', password: 'secret-1', code: '', uuid: '' };

beforeEach(() => {
  fetchMock.mockReset();
  Object.defineProperty(globalThis, 'fetch', { value: fetchMock, writable: true });
  useAppStore.setState({ token: null, cartToken: VISITOR_CART });
});

describe('signIn', () => {
  it('stores the session once the member info came back, with the info in the query cache', async () => {
    gateway();
    const client = new QueryClient();
    await signIn(BODY, client);

    expect(useAppStore.getState().token).toBe('new-session');
    expect(client.getQueryData(memberInfoQueryOptions('new-session').queryKey)).toEqual(MEMBER);
    const paths = fetchMock.mock.calls.map(([request]) => new URL(request.url).pathname);
    expect(paths).toEqual([
      '/prod-api/api/login',
      '/prod-api/api/getInfo',
      '/prod-api/api/cart/merge',
    ]);
    const [, info, merge] = fetchMock.mock.calls.map(([request]) => request);
    expect(info?.headers.get('Authorization')).toBe('Bearer new-session');
    expect(merge?.headers.get('Authorization')).toBe('Bearer new-session');
    expect(merge?.headers.get('X-Cart-Token')).toBe(VISITOR_CART);
    // The visitor's cart is the member's now.
    expect(useAppStore.getState().cartToken).toBeNull();
  });

  it('stores nothing when the member info cannot be had', async () => {
    gateway(403);
    const client = new QueryClient();
    await expect(signIn(BODY, client)).rejects.toMatchObject({ code: 403 });
    expect(useAppStore.getState().token).toBeNull();
    expect(useAppStore.getState().cartToken).toBe(VISITOR_CART);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
