import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { DEFAULT_LANGUAGE } from '@/lib/i18n/languages';
import { decideLangQuery, LANG_PARAM, searchForLanguage } from '@/lib/navigation/lang-query';
import {
  browserScrollEnvironment,
  scrollToTop,
  type ScrollEnvironment,
} from '@/lib/navigation/scroll';
import { hasStoredLanguage, useAppStore } from '@/stores/app-store';
import { selectLanguage, selectSetLanguage } from '@/stores/selectors';

export interface NavigationRulesOptions {
  /** Tests pass a fake; the browser's window is used otherwise. */
  scrollEnvironment?: ScrollEnvironment;
}

/**
 * The rules every navigation follows (the same-place rule lives in `AppLink` and
 * `useAppNavigate`, which stop such a navigation before it starts):
 * - the `lang` query (L1–L5 of `lang-query.ts`) on every new address: switch and persist the
 *   language, and fix the address with a history replace; when the shopper picks another
 *   language in the switcher, the address follows it (`lang` names it, none for English);
 * - scroll to the top over 800 ms, at once when the shopper prefers reduced motion; not on the
 *   address the page was loaded at, which the browser has placed itself (at the top, or where a
 *   reload left it) — and asking the scroll position then would force the whole first layout
 *   before the first paint.
 */
export function useNavigationRules({ scrollEnvironment }: NavigationRulesOptions = {}): void {
  const location = useLocation();
  const navigate = useNavigate();
  const language = useAppStore(selectLanguage);
  const setLanguage = useAppStore(selectSetLanguage);
  const seenKey = useRef<string | null>(null);
  const loadedHere = useRef(true);

  useEffect(() => {
    const replace = (pathname: string, search: string, hash: string): void => {
      void navigate(
        { pathname, search, hash },
        { replace: true, state: location.state as unknown },
      );
    };
    if (seenKey.current !== location.key) {
      seenKey.current = location.key;
      const current = useAppStore.getState().language;
      const decision = decideLangQuery(location.search, current, hasStoredLanguage());
      if (decision.switchTo) setLanguage(decision.switchTo);
      if (decision.redirect) {
        const { pathname, search } = decision.redirect;
        replace(pathname ?? location.pathname, search, pathname === null ? location.hash : '');
      }
      return;
    }
    // Same address, another language: the switcher. The address names the new one.
    const named = new URLSearchParams(location.search).get(LANG_PARAM);
    const wanted = language === DEFAULT_LANGUAGE ? null : language;
    if (named !== wanted) {
      replace(location.pathname, searchForLanguage(location.search, language), location.hash);
    }
  }, [location, language, navigate, setLanguage]);

  useEffect(() => {
    if (loadedHere.current) {
      loadedHere.current = false;
      return undefined;
    }
    return scrollToTop(scrollEnvironment ?? browserScrollEnvironment());
  }, [location.key, scrollEnvironment]);
}
