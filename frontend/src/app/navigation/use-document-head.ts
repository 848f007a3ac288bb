import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useMatches } from 'react-router';

import { useSiteSetting } from '@/api/site-config';
import { composeDocumentTitle, setMetaContent } from '@/lib/document-head';
import { i18n } from '@/lib/i18n/i18n';
import { DEFAULT_LANGUAGE } from '@/lib/i18n/languages';
import { nonEmpty } from '@/lib/text/non-empty';

import { titleKeyOf } from '../route-handle';

/** The store's own defaults, in English (spec: the default meta text is the English one). */
function englishDefault(key: 'meta.siteName' | 'meta.keywords' | 'meta.description'): string {
  return i18n.getFixedT(DEFAULT_LANGUAGE)(key);
}

/**
 * `document.title` from the page's own title (a product's name, set through `usePageTitle`)
 * or else the matched route's title key, followed by the site title setting (`siteTitle`);
 * the home page carries the site title alone. The description and keywords meta tags come
 * from the site settings. Until the settings arrive, or where they are empty, the
 * English defaults stand in.
 */
export function useDocumentHead(pageTitleOverride: string | null = null): void {
  const { t, i18n: active } = useTranslation();
  const matches = useMatches();
  const siteTitle = nonEmpty(useSiteSetting('siteTitle')) ?? englishDefault('meta.siteName');
  const keywords = nonEmpty(useSiteSetting('siteKeywords')) ?? englishDefault('meta.keywords');
  const description =
    nonEmpty(useSiteSetting('siteDescription')) ?? englishDefault('meta.description');
  const titleKey = titleKeyOf(matches);
  const home = titleKey === 'pageTitle.home' && pageTitleOverride === null;
  const pageTitle = home ? null : (pageTitleOverride ?? (titleKey ? t(titleKey) : null));

  useEffect(() => {
    document.title = composeDocumentTitle(pageTitle, siteTitle);
  }, [pageTitle, siteTitle, active.language]);

  useEffect(() => {
    setMetaContent('keywords', keywords);
    setMetaContent('description', description);
  }, [keywords, description]);
}
