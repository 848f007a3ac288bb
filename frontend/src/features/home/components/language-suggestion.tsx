import { lazy, Suspense } from 'react';

import { useVisitorLocation } from '@/lib/catalog/get-location';
import { useAppStore } from '@/stores/app-store';
import { selectDismissedLanguageSuggestions, selectLanguage } from '@/stores/selectors';

import { languageToSuggest } from '../lib/language-suggestion';

/**
 * The banner and react-i18next's `<Trans>` (with its HTML parser, ~5 KB gzip) load only when
 * there is something to suggest, which most visits never have.
 */
const LanguageSuggestionBanner = lazy(async () => {
  const { LanguageSuggestionBanner: Banner } = await import(
    /* webpackChunkName: "language-suggestion" */ './language-suggestion-banner'
  );
  return { default: Banner };
});

/**
 * "This store is also available in Deutsch": offered when `/api/home/location` suggests
 * another store language the shopper has not answered yet.
 */
export function LanguageSuggestion() {
  const location = useVisitorLocation();
  const language = useAppStore(selectLanguage);
  const answered = useAppStore(selectDismissedLanguageSuggestions);

  const suggested = languageToSuggest(location.data, language, answered);
  if (suggested === null) return null;
  return (
    <Suspense fallback={null}>
      <LanguageSuggestionBanner suggested={suggested} />
    </Suspense>
  );
}
