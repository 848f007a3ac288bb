import { api } from '@/lib/http/client';
import { useAppStore } from '@/stores/app-store';

/**
 * At sign-in, before the session is stored: the visitor's cart joins the member's (the new
 * session's token is sent with the call). A failure leaves the member's cart as it was.
 */
export async function mergeVisitorCart(sessionToken: string): Promise<void> {
  const { cartToken, currency } = useAppStore.getState();
  if (!cartToken) return;
  await api
    .post('/prod-api/api/cart/merge', {
      params: { query: { currency: currency.code }, header: { 'X-Cart-Token': cartToken } },
      headers: { Authorization: `Bearer ${sessionToken}` },
      silent: true,
    })
    .catch(() => undefined);
}
