import { mergeVisitorCart } from '@/api/cart';
import type { LoginBody } from '@/api/member-types';
import { useAppStore } from '@/stores/app-store';

import { getInfo, login } from '../api/auth';

/**
 * Signs in: the token first (getInfo is sent with it), then the member info; the session
 * is stored only when both came back. Then the visitor's cart joins the member's.
 */
export async function signIn(body: LoginBody): Promise<void> {
  const { token } = await login(body);
  const store = useAppStore.getState();
  store.setToken(token);
  try {
    const info = await getInfo();
    store.setSession(token, info);
  } catch (error) {
    store.clearSession();
    throw error;
  }
  await mergeVisitorCart();
}
