import type { LanguageCode } from '@/lib/i18n/languages';

/** Query keys of the catalog calls several features share (navigation bar, location). */
export const sharedCatalogKeys = {
  all: ['catalog-shared'] as const,
  navigationBar: (language: LanguageCode) =>
    [...sharedCatalogKeys.all, 'navigation-bar', language] as const,
  location: (browserLanguages: string) =>
    [...sharedCatalogKeys.all, 'location', browserLanguages] as const,
};
