import { reloadPage } from '@/lib/browser';
import { useAppStore } from '@/stores/app-store';

/** When the page last reloaded for a 401 (this tab), so a call answering 401 cannot loop. */
const UNAUTHORIZED_RELOAD_KEY = 'keyshop-401-reload';
const UNAUTHORIZED_RELOAD_PAUSE_MS = 10_000;

/**
 * Spec §8: a 401 to a call made with a session ends it and reloads the page, so every part of
 * it starts again as signed out. A second 401 within 10 s of such a reload does not reload
 * again. (A 401 without a session, such as wrong credentials at sign-in, goes to the caller.)
 */
export function endSessionAndReload(): void {
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
