import type { LanguageCode } from '@/lib/i18n/languages';

/** Query keys of the home feature; the language is part of each (localized answers). */
export const homeKeys = {
  all: ['home'] as const,
  hotGames: (language: LanguageCode, limit: number) =>
    [...homeKeys.all, 'hot-games', language, limit] as const,
  bestSellers: (language: LanguageCode, limit: number) =>
    [...homeKeys.all, 'best-sellers', language, limit] as const,
  latestReleases: (language: LanguageCode, limit: number) =>
    [...homeKeys.all, 'latest-releases', language, limit] as const,
};

/** How many cards a home row shows. */
export const HOME_ROW_LIMIT = 12;
