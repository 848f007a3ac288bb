import type { QueryClient } from '@tanstack/react-query';

import { siteConfigQueryOptions } from '@/api/site-config';
import { paths } from '@/config/paths';
import { hotGamesQueryOptions } from '@/features/home/api/get-hot-games';
import { activateLanguage, initI18n } from '@/lib/i18n/i18n';
import type { LanguageCode } from '@/lib/i18n/languages';
import { decideLangQuery } from '@/lib/navigation/lang-query';
import { hasStoredLanguage, useAppStore } from '@/stores/app-store';

/**
 * Apply the `lang` rules to the address the shopper opened (so the first paint is already in
 * that language, and a first visit with an unsupported `lang` starts on `/`) and answer the
 * language to start in. The address is fixed with a history replace before the router reads
 * it; later navigations follow the same rules in `useNavigationRules`.
 */
export function chooseLanguage(location: Location, history: History): LanguageCode {
  const { language, setLanguage } = useAppStore.getState();
  const decision = decideLangQuery(location.search, language, hasStoredLanguage());
  if (decision.switchTo) setLanguage(decision.switchTo);
  if (decision.redirect) {
    const pathname = decision.redirect.pathname ?? location.pathname;
    const hash = decision.redirect.pathname === null ? location.hash : '';
    history.replaceState(history.state, '', `${pathname}${decision.redirect.search}${hash}`);
  }
  return useAppStore.getState().language;
}

/** Start i18next in `language` and load its catalogue: before the first render. */
export async function loadLanguage(language: LanguageCode): Promise<void> {
  await initI18n(language);
  await activateLanguage(language);
}

/**
 * Fetch and decode the image at `src` now, so an `<img>` of it rendered later is painted in its
 * first frame (from the memory cache) instead of a few frames after.
 */
function preloadImage(src: string): void {
  const image = new Image();
  image.fetchPriority = 'high';
  image.src = src;
  image.decode().catch(() => undefined);
}

/**
 * How long the first render waits for the first screen's answers (see `prefetchFirstScreen`):
 * on a quick store they are in well before, and the first paint shows the page whole instead
 * of placeholders replaced a few frames later; on a slow one the page paints its placeholders
 * after this.
 */
export const FIRST_SCREEN_WAIT_MS = 250;

/**
 * Ask for what the first screen of `pathname` shows while the catalogue loads, so the answers
 * are there (or on their way) when its components mount: on the home page the hero's texts
 * and the featured deals, and the first deal's cover (the page's largest paint) as soon as it
 * is named. Settles when the answers are in (or failed; their queries retry where they are
 * used), at most `FIRST_SCREEN_WAIT_MS` after.
 */
export function prefetchFirstScreen(
  queryClient: QueryClient,
  pathname: string,
  language: LanguageCode,
): Promise<void> {
  if (pathname !== paths.home) return Promise.resolve();
  const ignore = (): void => undefined;
  const answers = Promise.all([
    queryClient.query(siteConfigQueryOptions(language)).catch(ignore),
    queryClient
      .query(hotGamesQueryOptions(language))
      .then(([featured]) => {
        if (featured) preloadImage(featured.cover);
      })
      .catch(ignore),
  ]);
  return new Promise<void>((resolve) => {
    const timer = window.setTimeout(resolve, FIRST_SCREEN_WAIT_MS);
    void answers.then(() => {
      window.clearTimeout(timer);
      resolve();
    });
  });
}
