import { api } from '@/lib/http/client';
import { useAppStore } from '@/stores/app-store';

/** Ends the session on the server and here (here even when the server cannot be reached). */
export async function signOut(): Promise<void> {
  try {
    await api.post('/prod-api/api/logout', { silent: true });
  } finally {
    useAppStore.getState().clearSession();
  }
}
