import type { LanguageCode } from '@/lib/i18n/languages';

/** Query keys of the product lists. */
export const catalogKeys = {
  all: ['catalog'] as const,
  queryGames: (language: LanguageCode, query: string) =>
    [...catalogKeys.all, 'query-games', language, query] as const,
  typeList: (language: LanguageCode, code: string, query: string) =>
    [...catalogKeys.all, 'type', language, code, query] as const,
};
