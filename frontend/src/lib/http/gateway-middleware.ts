import type { Middleware } from 'openapi-fetch';

import { i18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/toast';
import { useAppStore } from '@/stores/app-store';

import { ApiError, isEnvelope, NetworkError } from './envelope';
import { errorMessageOf } from './error-message';
import { endSessionAndReload } from './unauthorized';

export const REQUEST_TIMEOUT_MS = 30_000;

/** The abort reason of a request that ran out of time (told apart from a caller's abort). */
const TIMED_OUT = Symbol('request timed out');

export interface GatewayCallOptions {
  /** Do not show the error toast; the caller handles the failure itself. */
  silent?: boolean;
  /** Gives up (toast and `NetworkError`) after this long; 30 s unless told. */
  timeoutMs?: number;
  /**
   * A 401 to this call, made with a session of another kind (the staff console's), ends
   * that session instead of the member's: the member's stays as it is.
   */
  onUnauthorized?: () => void;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The gateway's rules for one call, as the openapi-fetch middleware of that call:
 *
 * - sends the shopper's language (`Accept-Language`, unless the caller set one) and the
 *   session (`Authorization: Bearer`) when signed in; gives up after 30 s;
 * - lets through only an envelope with `code` 200 (a 200 that is not an envelope is a 500);
 * - otherwise rejects with an `ApiError`: a 401 to a call made with a session ends it and
 *   reloads the page, a 401 without one goes to the caller (wrong password at sign-in), a 500
 *   goes back untouched and without a toast (spec §8), other codes are toasted unless silent;
 * - a network failure or time-out is toasted and rejects with a `NetworkError`; the caller's
 *   own abort passes through as it came.
 */
export function gatewayMiddleware({
  silent = false,
  timeoutMs = REQUEST_TIMEOUT_MS,
  onUnauthorized,
}: GatewayCallOptions = {}): Middleware {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let withSession = false;

  const stopTimer = (): void => clearTimeout(timer);

  /** The error to reject with when no envelope came back; undefined keeps the caller's abort. */
  const networkFailure = (cause: unknown): NetworkError | undefined => {
    stopTimer();
    const timedOut = controller.signal.reason === TIMED_OUT;
    if (controller.signal.aborted && !timedOut) return undefined;
    const message = timedOut
      ? i18n.t('toast.error.timeout')
      : i18n.t('toast.error.network', {
          reason: cause instanceof Error ? cause.message : String(cause),
        });
    if (!silent) notify.error(message);
    return new NetworkError(message);
  };

  return {
    onRequest({ request }) {
      const { language, token } = useAppStore.getState();
      const headers = new Headers(request.headers);
      headers.set('Accept', 'application/json');
      if (!headers.has('Accept-Language')) headers.set('Accept-Language', language);
      if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
      withSession = headers.has('Authorization');

      const callerSignal = request.signal;
      const abortFromCaller = (): void => controller.abort(callerSignal.reason);
      if (callerSignal.aborted) abortFromCaller();
      else callerSignal.addEventListener('abort', abortFromCaller, { once: true });
      timer = setTimeout(() => controller.abort(TIMED_OUT), timeoutMs);
      return new Request(request, { headers, signal: controller.signal });
    },

    async onResponse({ response }) {
      let payload: unknown;
      try {
        payload = await readJson(response.clone());
      } catch (cause) {
        throw networkFailure(cause) ?? cause;
      }
      stopTimer();
      const envelope = isEnvelope(payload) ? payload : null;
      // A 200 without an envelope (an HTML page from a proxy, say) is an error, not empty data.
      const code = envelope?.code ?? (response.ok ? 500 : response.status);
      if (code === 200 && response.ok) return undefined;

      if (code === 401 && withSession) (onUnauthorized ?? endSessionAndReload)();
      const message = errorMessageOf(envelope ?? {});
      if (!silent && code !== 401 && code !== 500) notify.error(message);
      throw new ApiError(code, message, envelope?.msgKey ?? '', envelope?.data ?? null);
    },

    onError({ error }) {
      return networkFailure(error);
    },
  };
}
