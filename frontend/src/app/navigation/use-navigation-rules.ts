import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { decideLangQuery } from '@/lib/navigation/lang-query';
import {
  browserScrollEnvironment,
  scrollToTop,
  type ScrollEnvironment,
} from '@/lib/navigation/scroll';
import { useAppStore } from '@/stores/app-store';
import { selectSetLanguage } from '@/stores/selectors';

export interface NavigationRulesOptions {
  /** Tests pass a fake; the browser's window is used otherwise. */
  scrollEnvironment?: ScrollEnvironment;
}

/**
 * The rules every navigation follows (the same-place rule lives in `AppLink` and
 * `useAppNavigate`, which stop such a navigation before it starts):
 * - the `lang` query (R1–R6 of `lang-query.ts`): switch and persist the language, then
 *   remove the parameter from the address with a history replace, other params kept;
 * - scroll to the top over 800 ms, at once when the shopper prefers reduced motion.
 */
export function useNavigationRules({ scrollEnvironment }: NavigationRulesOptions = {}): void {
  const location = useLocation();
  const navigate = useNavigate();
  const setLanguage = useAppStore(selectSetLanguage);

  useEffect(() => {
    const decision = decideLangQuery(location.search, useAppStore.getState().language);
    if (decision.switchTo) setLanguage(decision.switchTo);
    if (decision.strippedSearch === null) return;
    void navigate(
      { pathname: location.pathname, search: decision.strippedSearch, hash: location.hash },
      { replace: true, state: location.state as unknown },
    );
  }, [location, navigate, setLanguage]);

  useEffect(
    () => scrollToTop(scrollEnvironment ?? browserScrollEnvironment()),
    [location.key, scrollEnvironment],
  );
}
