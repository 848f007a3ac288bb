import { reloadPage } from '@/lib/browser';
import { notify } from '@/lib/toast';
import { useAppStore } from '@/stores/app-store';

import { api, REQUEST_TIMEOUT_MS } from './client';
import { ApiError, NetworkError } from './envelope';

jest.mock('@/lib/browser', () => ({ reloadPage: jest.fn() }));
jest.mock('@/lib/toast', () => ({
  notify: { success: jest.fn(), error: jest.fn(), warning: jest.fn(), info: jest.fn() },
}));

const fetchMock = jest.fn<Promise<Response>, [Request]>();

function respond(status: number, body: unknown): Promise<Response> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return Promise.resolve(new Response(text, { status }));
}

function envelope(code: number, data: unknown, msgKey = '', msg = '') {
  return { code, msg, msgKey, data };
}

/** The request the client handed to `fetch`. */
function sentRequest(call = 0): Request {
  const request = fetchMock.mock.calls[call]?.[0];
  if (!request) throw new Error(`fetch was not called ${call + 1} times`);
  return request;
}

/** A fetch that never answers, rejecting only when its request is aborted. */
function hangUntilAborted(request: Request): Promise<Response> {
  return new Promise((_resolve, reject) => {
    if (request.signal.aborted) reject(new DOMException('aborted', 'AbortError'));
    request.signal.addEventListener('abort', () => {
      reject(new DOMException('aborted', 'AbortError'));
    });
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  Object.defineProperty(globalThis, 'fetch', { value: fetchMock, writable: true });
});

describe('api', () => {
  it('resolves with data of a 200 envelope and sends language and token', async () => {
    useAppStore.setState({ language: 'de', token: 'secret' });
    fetchMock.mockReturnValue(respond(200, envelope(200, [{ code: 'USD' }])));

    await expect(
      api.get('/prod-api/api/home/gamesNews', {
        params: { query: { page: 1, limit: undefined } },
      }),
    ).resolves.toEqual([{ code: 'USD' }]);

    const request = sentRequest();
    expect(request.url).toBe('http://localhost/prod-api/api/home/gamesNews?page=1');
    expect(request.method).toBe('GET');
    expect(request.headers.get('Accept-Language')).toBe('de');
    expect(request.headers.get('Authorization')).toBe('Bearer secret');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('fills path parameters, sends the body as JSON and lets headers of the call win', async () => {
    useAppStore.setState({ language: 'de', token: null });
    fetchMock.mockReturnValue(respond(200, envelope(200, null)));

    await api.put('/prod-api/api/addresses/{id}', {
      params: { path: { id: 7 } },
      body: {
        firstName: 'Ann',
        lastName: 'Lee',
        phone: '',
        address: 'Main St 1',
        city: 'Berlin',
        province: '',
        zip: '10115',
        country: 'DE',
        isDefault: false,
      },
      headers: { 'Accept-Language': 'fr' },
    });

    const request = sentRequest();
    expect(request.url).toBe('http://localhost/prod-api/api/addresses/7');
    expect(request.method).toBe('PUT');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.headers.get('Accept-Language')).toBe('fr');
    expect(request.headers.has('Authorization')).toBe(false);
    await expect(request.json()).resolves.toMatchObject({ firstName: 'Ann', city: 'Berlin' });
  });

  it('toasts the catalogue text of msgKey for another code and rejects with an ApiError', async () => {
    fetchMock.mockReturnValue(
      respond(404, envelope(404, null, 'api.error.configKeyNotFound', 'Nicht gefunden')),
    );

    const failure = api.get('/prod-api/api/home/config/configKey/{key}', {
      params: { path: { key: 'nope' } },
    });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      code: 404,
      msgKey: 'api.error.configKeyNotFound',
    });
    expect(sentRequest().url).toBe('http://localhost/prod-api/api/home/config/configKey/nope');
    expect(notify.error).toHaveBeenCalledWith('This site setting does not exist');
  });

  it('falls back to the server msg when msgKey is unknown, then to the default text', async () => {
    fetchMock.mockReturnValueOnce(
      respond(409, envelope(409, null, 'api.error.unknownKey', 'Taken')),
    );
    await expect(api.get('/prod-api/api/countries')).rejects.toBeInstanceOf(ApiError);
    expect(notify.error).toHaveBeenLastCalledWith('Taken');

    fetchMock.mockReturnValueOnce(respond(503, envelope(503, null)));
    await expect(api.get('/prod-api/api/countries')).rejects.toBeInstanceOf(ApiError);
    expect(notify.error).toHaveBeenLastCalledWith('Something went wrong, please try again');
  });

  it('hands a 500 back to the caller untouched, without a toast', async () => {
    fetchMock.mockReturnValue(
      respond(500, envelope(500, { detail: 'x' }, 'api.error.internal', 'Internal error')),
    );
    await expect(api.get('/prod-api/api/countries')).rejects.toMatchObject({
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
    const error: unknown = await api
      .post('/prod-api/api/newsletter/subscribe', { body: { email: '' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ email: 'api.field.required' });
  });

  it('on 401 clears the session and reloads, without a toast', async () => {
    sessionStorage.clear();
    useAppStore.setState({ token: 'expired' });
    fetchMock.mockReturnValue(respond(401, envelope(401, null, 'api.error.unauthorized')));

    await expect(api.get('/prod-api/api/getInfo')).rejects.toMatchObject({ code: 401 });
    expect(useAppStore.getState().token).toBeNull();
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it("on 401 to a staff console call ends that session only, never the shopper's", async () => {
    sessionStorage.clear();
    useAppStore.setState({ token: 'shopper' });
    fetchMock.mockReturnValue(respond(401, envelope(401, null, 'api.error.unauthorized')));
    const onUnauthorized = jest.fn();
    await expect(
      api.get('/prod-api/api/staff/me', {
        headers: { Authorization: 'Bearer staff' },
        onUnauthorized,
      }),
    ).rejects.toMatchObject({ code: 401 });
    expect(sentRequest().headers.get('Authorization')).toBe('Bearer staff');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(useAppStore.getState().token).toBe('shopper');
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('on 401 without a session only rejects (wrong credentials at sign-in)', async () => {
    sessionStorage.clear();
    useAppStore.setState({ token: null });
    fetchMock.mockReturnValue(respond(401, envelope(401, null, 'api.member.badCredentials')));
    await expect(
      api.post('/prod-api/api/login', {
        body: { account: 'a@example.com', password: 'wrong', code: '', uuid: '' },
      }),
    ).rejects.toMatchObject({ code: 401 });
    expect(reloadPage).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('on 401 reloads once, not again within 10 s (no reload loop)', async () => {
    sessionStorage.clear();
    fetchMock.mockImplementation(() => respond(401, envelope(401, null, 'api.error.unauthorized')));
    await expect(
      api.get('/prod-api/api/getInfo', { headers: { Authorization: 'Bearer a' } }),
    ).rejects.toMatchObject({ code: 401 });
    await expect(
      api.get('/prod-api/api/getInfo', { headers: { Authorization: 'Bearer b' } }),
    ).rejects.toMatchObject({ code: 401 });
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('treats a 200 without an envelope as an error (a 500 for the caller)', async () => {
    fetchMock.mockReturnValue(respond(200, '<!doctype html><html></html>'));
    await expect(api.get('/prod-api/api/home/rate')).rejects.toMatchObject({ code: 500 });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('treats an empty 200 as an error too', async () => {
    fetchMock.mockReturnValue(respond(200, ''));
    await expect(api.get('/prod-api/api/home/rate')).rejects.toMatchObject({ code: 500 });
  });

  it('rejects a network failure with its message and toasts it', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const failure = api.get('/prod-api/api/home/rate');
    await expect(failure).rejects.toBeInstanceOf(NetworkError);
    await expect(failure).rejects.toThrow('Could not reach the store: Failed to fetch');
    expect(notify.error).toHaveBeenCalledWith('Could not reach the store: Failed to fetch');
  });

  it('does not toast when the call is silent', async () => {
    fetchMock.mockReturnValue(respond(404, envelope(404, null, 'api.error.notFound')));
    await expect(api.get('/prod-api/api/countries', { silent: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(notify.error).not.toHaveBeenCalled();

    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/prod-api/api/countries', { silent: true })).rejects.toBeInstanceOf(
      NetworkError,
    );
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('gives up after 30 seconds', async () => {
    jest.useFakeTimers();
    try {
      fetchMock.mockImplementation(hangUntilAborted);
      const failure = api.get('/prod-api/api/home/rate');
      const settled = expect(failure).rejects.toThrow(
        'The store took too long to answer, please try again',
      );
      await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      await settled;
      await expect(failure).rejects.toBeInstanceOf(NetworkError);
      expect(notify.error).toHaveBeenCalledWith(
        'The store took too long to answer, please try again',
      );
      expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    } finally {
      jest.useRealTimers();
    }
  });

  it("passes a caller's abort through without a toast", async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(hangUntilAborted);
    const failure = api.get('/prod-api/api/home/rate', { signal: controller.signal });
    // Abort while the request is out (fetch has it), not before.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    controller.abort();
    await expect(failure).rejects.toMatchObject({ name: 'AbortError' });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('passes an abort from before the call through as well', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockImplementation(hangUntilAborted);
    await expect(
      api.get('/prod-api/api/home/rate', { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(notify.error).not.toHaveBeenCalled();
  });
});
