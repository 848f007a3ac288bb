import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { loginPath, paths } from '@/config/paths';
import { reloadPage } from '@/lib/browser';
import { i18n } from '@/lib/i18n/i18n';
import { notify } from '@/lib/toast';
import { useAppStore } from '@/stores/app-store';

import { checkSession, saveVisit } from '../api/auth';
import { decideSession } from './session-decision';

/** The page before, or where the shopper came from on entry. */
function entryReferrer(): string {
  return typeof document === 'undefined' ? '' : document.referrer;
}

/**
 * On every navigation: ask the server for the session's state and follow the rules of
 * `decideSession`; record the visit. A failed check (offline) changes nothing.
 */
export function useSessionCheck(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const previous = useRef<string | null>(null);
  const to = location.pathname + location.search;

  useEffect(() => {
    const fromUrl = previous.current ?? entryReferrer();
    previous.current = to;
    let cancelled = false;
    const run = async (): Promise<void> => {
      let check;
      try {
        check = await checkSession({ fromUrl, toUrl: to });
      } catch {
        return;
      }
      if (cancelled) return;
      const store = useAppStore.getState();
      const decision = decideSession(check, location.pathname);
      if (decision.kind !== 'reload') void saveVisit({ toUrl: to, fromUrl }).catch(() => null);
      switch (decision.kind) {
        case 'home':
          void navigate(paths.home, { replace: true });
          break;
        case 'disabled':
          store.clearSession();
          notify.warning(i18n.t('api.member.disabled'));
          if (decision.toLogin) void navigate(paths.login, { replace: true });
          break;
        case 'login':
          if (decision.clearToken || store.token !== null) store.clearSession();
          void navigate(loginPath(to), { replace: true });
          break;
        case 'reload':
          store.clearSession();
          reloadPage();
          break;
        case 'continue':
          break;
      }
    };
    void run();
    return () => {
      cancelled = true;
    };
  }, [to, location.pathname, navigate]);
}
