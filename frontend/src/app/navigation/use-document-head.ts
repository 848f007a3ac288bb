import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

import { useSiteName } from '@/hooks/use-site-name';
import { composeDocumentTitle, setMetaContent } from '@/lib/document-head';
import { useAppStore } from '@/stores/app-store';
import { selectSiteSetting } from '@/stores/selectors';

import { titleKeyOf } from '../route-handle';

const selectKeywords = selectSiteSetting('siteKeywords');
const selectDescription = selectSiteSetting('siteDescription');

function nonEmpty(value: string | undefined): string | null {
  return value && value.trim() !== '' ? value : null;
}

/**
 * `document.title` from the page's own title (a product's name, set through `usePageTitle`)
 * or else the matched route's title key, and the site name; the description and keywords
 * meta tags from the stored site settings, else the catalogue's defaults.
 */
export function useDocumentHead(pageTitleOverride: string | null = null): void {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const siteName = useSiteName();
  const keywords = nonEmpty(useAppStore(selectKeywords)) ?? t('meta.keywords');
  const description = nonEmpty(useAppStore(selectDescription)) ?? t('meta.description');
  const titleKey = titleKeyOf(matches);
  const pageTitle = pageTitleOverride ?? (titleKey ? t(titleKey) : null);

  useEffect(() => {
    document.title = composeDocumentTitle(pageTitle, siteName);
  }, [pageTitle, siteName, i18n.language]);

  useEffect(() => {
    setMetaContent('keywords', keywords);
    setMetaContent('description', description);
  }, [keywords, description]);
}
