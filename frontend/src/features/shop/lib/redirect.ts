/**
 * Where a payment session sends the buyer: a provider's hosted page is another site (a full
 * page load), the sandbox's page is one of the store's (a route change). Only http(s) URLs
 * leave the store; anything else stays inside it.
 */
export type PaymentTarget = { external: true; url: string } | { external: false; path: string };

export function paymentTarget(redirectUrl: string, fallbackPath: string): PaymentTarget {
  if (/^https?:\/\//i.test(redirectUrl)) return { external: true, url: redirectUrl };
  if (redirectUrl.startsWith('/') && !redirectUrl.startsWith('//')) {
    return { external: false, path: redirectUrl };
  }
  return { external: false, path: fallbackPath };
}
