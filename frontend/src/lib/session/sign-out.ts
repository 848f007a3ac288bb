import { apiRequest } from '@/lib/http/client';
import { useAppStore } from '@/stores/app-store';

/** Ends the session on the server and here (here even when the server cannot be reached). */
export async function signOut(): Promise<void> {
  try {
    await apiRequest<null>('/api/logout', { method: 'POST', body: {}, silent: true });
  } finally {
    useAppStore.getState().clearSession();
  }
}
