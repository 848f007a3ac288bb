import type { LanguageCode } from '@/lib/i18n/languages';

/** Query keys of the header search. */
export const searchKeys = {
  all: ['search'] as const,
  suggestions: (language: LanguageCode, text: string) =>
    [...searchKeys.all, 'suggestions', language, text] as const,
};
