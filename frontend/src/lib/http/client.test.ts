import { reloadPage } from '@/lib/browser';
import { notify } from '@/lib/toast';
import { useAppStore } from '@/stores/app-store';

import { apiRequest, REQUEST_TIMEOUT_MS } from './client';
import { ApiError, NetworkError } from './envelope';

jest.mock('@/lib/browser', () => ({ reloadPage: jest.fn() }));
jest.mock('@/lib/toast', () => ({
  notify: { success: jest.fn(), error: jest.fn(), warning: jest.fn(), info: jest.fn() },
}));

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();

function respond(status: number, body: unknown): Promise<Response> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return Promise.resolve({
    ok: status >= 200 && status < 300,
    status,
    text: () => Promise.resolve(text),
  } as Response);
}

function envelope(code: number, data: unknown, msgKey = '', msg = '') {
  return { code, msg, msgKey, data };
}

beforeEach(() => {
  fetchMock.mockReset();
  Object.defineProperty(globalThis, 'fetch', { value: fetchMock, writable: true });
});

describe('apiRequest', () => {
  it('resolves with data of a 200 envelope and sends language and token', async () => {
    useAppStore.setState({ language: 'de', token: 'secret' });
    fetchMock.mockReturnValue(respond(200, envelope(200, [{ code: 'USD' }])));

    await expect(
      apiRequest('/api/home/rate', { query: { page: 1, q: undefined } }),
    ).resolves.toEqual([{ code: 'USD' }]);

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/prod-api/api/home/rate?page=1');
    expect(init?.headers).toMatchObject({
      'Accept-Language': 'de',
      Authorization: 'Bearer secret',
    });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('toasts the catalogue text of msgKey for another code and rejects with an ApiError', async () => {
    fetchMock.mockReturnValue(
      respond(404, envelope(404, null, 'api.error.configKeyNotFound', 'Nicht gefunden')),
    );

    const failure = apiRequest('/api/home/config/configKey/nope');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      code: 404,
      msgKey: 'api.error.configKeyNotFound',
    });
    expect(notify.error).toHaveBeenCalledWith('This site setting does not exist');
  });

  it('falls back to the server msg when msgKey is unknown, then to the default text', async () => {
    fetchMock.mockReturnValueOnce(
      respond(409, envelope(409, null, 'api.error.unknownKey', 'Taken')),
    );
    await expect(apiRequest('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(notify.error).toHaveBeenLastCalledWith('Taken');

    fetchMock.mockReturnValueOnce(respond(503, envelope(503, null)));
    await expect(apiRequest('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(notify.error).toHaveBeenLastCalledWith('Something went wrong, please try again');
  });

  it('hands a 500 back to the caller untouched, without a toast', async () => {
    fetchMock.mockReturnValue(
      respond(500, envelope(500, { detail: 'x' }, 'api.error.internal', 'Internal error')),
    );
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      code: 500,
      msgKey: 'api.error.internal',
      data: { detail: 'x' },
    });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('exposes the field errors of a 400', async () => {
    fetchMock.mockReturnValue(
      respond(
        400,
        envelope(400, { fields: { email: 'api.field.required', n: 3 } }, 'api.error.validation'),
      ),
    );
    const error: unknown = await apiRequest('/api/register', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ email: 'api.field.required' });
  });

  it('on 401 clears the session and reloads, without a toast', async () => {
    sessionStorage.clear();
    useAppStore.setState({ token: 'expired', user: { info: null, loggedIn: true } });
    fetchMock.mockReturnValue(respond(401, envelope(401, null, 'api.error.unauthorized')));

    await expect(apiRequest('/api/getInfo')).rejects.toMatchObject({ code: 401 });
    expect(useAppStore.getState().token).toBeNull();
    expect(useAppStore.getState().user.loggedIn).toBe(false);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('on 401 without a session only rejects (wrong credentials at sign-in)', async () => {
    sessionStorage.clear();
    useAppStore.setState({ token: null });
    fetchMock.mockReturnValue(respond(401, envelope(401, null, 'api.member.badCredentials')));
    await expect(apiRequest('/api/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      code: 401,
    });
    expect(reloadPage).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('on 401 reloads once, not again within 10 s (no reload loop)', async () => {
    sessionStorage.clear();
    fetchMock.mockReturnValue(respond(401, envelope(401, null, 'api.error.unauthorized')));
    await expect(
      apiRequest('/api/getInfo', { headers: { Authorization: 'Bearer a' } }),
    ).rejects.toMatchObject({ code: 401 });
    await expect(
      apiRequest('/api/getInfo', { headers: { Authorization: 'Bearer b' } }),
    ).rejects.toMatchObject({ code: 401 });
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('treats a 200 without an envelope as an error (a 500 for the caller)', async () => {
    fetchMock.mockReturnValue(respond(200, '<!doctype html><html></html>'));
    await expect(apiRequest('/api/home/rate')).rejects.toMatchObject({ code: 500 });
  });

  it('rejects a network failure with its message and toasts it', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const failure = apiRequest('/api/home/rate');
    await expect(failure).rejects.toBeInstanceOf(NetworkError);
    await expect(failure).rejects.toThrow('Could not reach the store: Failed to fetch');
    expect(notify.error).toHaveBeenCalledWith('Could not reach the store: Failed to fetch');
  });

  it('does not toast when the call is silent', async () => {
    fetchMock.mockReturnValue(respond(404, envelope(404, null, 'api.error.notFound')));
    await expect(apiRequest('/api/x', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('gives up after 30 seconds', async () => {
    jest.useFakeTimers();
    try {
      fetchMock.mockImplementation(
        (_url, init) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => {
              reject(new DOMException('aborted', 'AbortError'));
            });
          }),
      );
      const failure = apiRequest('/api/slow');
      jest.advanceTimersByTime(REQUEST_TIMEOUT_MS);
      await expect(failure).rejects.toThrow('The store took too long to answer, please try again');
      expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    } finally {
      jest.useRealTimers();
    }
  });

  it("passes a caller's abort through without a toast", async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => {
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    );
    const failure = apiRequest('/api/x', { signal: controller.signal });
    controller.abort();
    await expect(failure).rejects.toMatchObject({ name: 'AbortError' });
    expect(notify.error).not.toHaveBeenCalled();
  });
});
