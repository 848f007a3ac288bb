import type { LanguageCode } from '@/lib/i18n/languages';

/** Query keys of the news pages. */
export const newsKeys = {
  all: ['news'] as const,
  list: (language: LanguageCode, page: number, limit: number) =>
    [...newsKeys.all, 'list', language, page, limit] as const,
  item: (language: LanguageCode, id: number) => [...newsKeys.all, 'item', language, id] as const,
};
