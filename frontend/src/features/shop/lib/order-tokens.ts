/**
 * A guest's link tokens, per order number, kept for this browser tab only (sessionStorage):
 * the checkout answer gives one, the e-mail's link carries one in its fragment (never sent
 * to a server, never in a log). They travel to the gateway in the `X-Order-Token` header.
 */
const KEY = 'keyshop-order-tokens';

function read(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function orderToken(orderNo: string): string | null {
  return read()[orderNo] ?? null;
}

export function rememberOrderToken(orderNo: string, token: string): void {
  if (token === '') return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...read(), [orderNo]: token }));
  } catch {
    // Storage refused (private mode): the page keeps working until reloaded.
  }
}

/** The token in a link's fragment: `#token=…`. */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[0-9a-f]{16,128}$/.test(token) ? token : null;
}
