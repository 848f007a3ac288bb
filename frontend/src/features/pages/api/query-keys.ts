import type { LanguageCode } from '@/lib/i18n/languages';

/** Query keys of the footer pages. */
export const pageKeys = {
  all: ['site-page'] as const,
  page: (language: LanguageCode, slug: string) => [...pageKeys.all, language, slug] as const,
};
