import { reloadPage } from '@/lib/browser';
import { i18n, translateIfKnown } from '@/lib/i18n/i18n';
import { notify } from '@/lib/toast';
import { useAppStore } from '@/stores/app-store';

import {
  API_BASE,
  ApiError,
  isEnvelope,
  NetworkError,
  retryAfterOf,
  type Envelope,
} from './envelope';

export const REQUEST_TIMEOUT_MS = 30_000;

/** The abort reason of a request that ran out of time (told apart from a caller's abort). */
const TIMED_OUT = Symbol('request timed out');

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Do not show the error toast; the caller handles the failure itself. */
  silent?: boolean;
  /** Extra headers; they win over the defaults (e.g. the browser's own Accept-Language). */
  headers?: Record<string, string>;
  /**
   * The browser's HTTP cache mode. The gateway lets browsers keep public GETs for a minute;
   * data the shopper just changed (reviews) asks with `no-cache` (a cheap ETag check).
   */
  cache?: RequestCache;
  timeoutMs?: number;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const search = params.toString();
  return search === '' ? url : `${url}?${search}`;
}

function buildHeaders(hasBody: boolean): Record<string, string> {
  const { language, token } = useAppStore.getState();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': language,
  };
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/**
 * The text of an error toast: the catalogue's `msgKey` text, else `msg`, else a default.
 * A 429's `retryAfter` fills the text's `{{seconds}}`.
 */
export function errorMessageOf(envelope: Partial<Envelope<unknown>>): string {
  const seconds = retryAfterOf(envelope.data);
  const translated = translateIfKnown(envelope.msgKey, seconds === null ? undefined : { seconds });
  if (translated) return translated;
  if (typeof envelope.msg === 'string' && envelope.msg.trim() !== '') return envelope.msg;
  return i18n.t('toast.error.default');
}

/** When the page last reloaded for a 401 (this tab), so a call answering 401 cannot loop. */
const UNAUTHORIZED_RELOAD_KEY = 'keyshop-401-reload';
const UNAUTHORIZED_RELOAD_PAUSE_MS = 10_000;

/**
 * Spec §8: a 401 to a call made with a session ends it and reloads the page, so every part of
 * it starts again as signed out. A second 401 within 10 s of such a reload does not reload
 * again. (A 401 without a session, such as wrong credentials at sign-in, goes to the caller.)
 */
function handleUnauthorized(): void {
  useAppStore.getState().clearSession();
  try {
    const last = Number(sessionStorage.getItem(UNAUTHORIZED_RELOAD_KEY) ?? '0');
    if (Date.now() - last < UNAUTHORIZED_RELOAD_PAUSE_MS) return;
    sessionStorage.setItem(UNAUTHORIZED_RELOAD_KEY, String(Date.now()));
  } catch {
    // Storage refused: reload anyway; the session is gone, so the next load calls nothing private.
  }
  reloadPage();
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Calls the gateway and resolves with the envelope's `data` when `code` is 200.
 * 401 to a call with a session clears it and reloads the page; 500 goes back to the caller as it came (an
 * `ApiError`, no toast: spec §8); other codes toast the error and reject with an `ApiError`;
 * a network failure or time-out toasts and rejects with a `NetworkError`.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, signal, silent = false, headers, cache } = options;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(TIMED_OUT), timeoutMs);
  const abortFromCaller = (): void => controller.abort(signal?.reason);
  signal?.addEventListener('abort', abortFromCaller, { once: true });

  let response: Response;
  let payload: unknown;
  const sent = { ...buildHeaders(body !== undefined), ...headers };
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers: sent,
      body: body === undefined ? null : JSON.stringify(body),
      signal: controller.signal,
      credentials: 'same-origin',
      ...(cache ? { cache } : {}),
    });
    payload = await readBody(response);
  } catch (cause) {
    const timedOut = controller.signal.reason === TIMED_OUT;
    if (signal?.aborted && !timedOut) throw cause;
    const message = timedOut
      ? i18n.t('toast.error.timeout')
      : i18n.t('toast.error.network', {
          reason: cause instanceof Error ? cause.message : String(cause),
        });
    if (!silent) notify.error(message);
    throw new NetworkError(message);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }

  const envelope: Partial<Envelope<unknown>> = isEnvelope(payload) ? payload : {};
  // A 200 without an envelope (an HTML page from a proxy, say) is an error, not empty data.
  const code = envelope.code ?? (response.ok ? 500 : response.status);
  if (code === 200 && response.ok) {
    return envelope.data as T;
  }
  if (code === 401 && sent.Authorization !== undefined) {
    handleUnauthorized();
  }
  const message = errorMessageOf(envelope);
  if (!silent && code !== 401 && code !== 500) notify.error(message);
  throw new ApiError(code, message, envelope.msgKey ?? '', envelope.data ?? null);
}
