import type { LanguageCode } from '@/lib/i18n/languages';

/** Every query key of the site feature. The language is part of each key because the
 * server answers in the request's language; switching language refetches, re-selecting the
 * current one does not. (The site settings themselves are shared: `@/api/site-config`.) */
export const siteKeys = {
  all: ['site'] as const,
  languages: (language: LanguageCode) => [...siteKeys.all, 'languages', language] as const,
  rates: (language: LanguageCode) => [...siteKeys.all, 'rates', language] as const,
  configKey: (language: LanguageCode, key: string) =>
    [...siteKeys.all, 'config-key', language, key] as const,
};
