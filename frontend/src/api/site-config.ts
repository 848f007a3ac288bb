import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/http/client';
import type { LanguageCode } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

import { readStoredSiteConfig, storeSiteConfig } from './site-config-storage';
import type { SiteConfigDto } from './types';

/**
 * The public site settings (`/api/home/config`, localized, so the language is part of the
 * key). The header, footer, home page, document head and a few forms read single settings
 * through `useSiteSetting`; the last answer of each language is kept across reloads.
 */
export const siteConfigKeys = {
  all: ['site', 'config'] as const,
  config: (language: LanguageCode) => [...siteConfigKeys.all, language] as const,
};

export function getSiteConfig(language: LanguageCode, signal?: AbortSignal) {
  return api.get('/prod-api/api/home/config', { signal }).then((settings) => {
    storeSiteConfig(language, settings);
    return settings;
  });
}

export function siteConfigQueryOptions(language: LanguageCode) {
  return queryOptions({
    queryKey: siteConfigKeys.config(language),
    queryFn: ({ signal }) => getSiteConfig(language, signal),
    // Staff switches (reviews, feedback) and texts reach a shopper within half a minute.
    staleTime: 30 * 1000,
    initialData: () => readStoredSiteConfig(language)?.settings,
    initialDataUpdatedAt: () => readStoredSiteConfig(language)?.savedAt,
  });
}

/** The names of the settings the SPA reads. */
export type SiteSettingName =
  | 'siteName'
  | 'siteTitle'
  | 'siteKeywords'
  | 'siteDescription'
  | 'heroTitle'
  | 'heroSubtitle'
  | 'supportEmail'
  | 'commentEnabled'
  | 'feedbackEnabled'
  | 'homeFromPriceUsd';

/**
 * One site setting, undefined until the settings arrive (or when the site has none). After a
 * language switch the previous language's settings stand in until the new ones arrive.
 */
export function useSiteSetting(name: SiteSettingName): string | undefined {
  const language = useAppStore(selectLanguage);
  const { data } = useQuery({
    ...siteConfigQueryOptions(language),
    placeholderData: keepPreviousData,
    select: (settings: SiteConfigDto) => settings[name],
  });
  return data;
}
