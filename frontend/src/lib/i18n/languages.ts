import type { components } from '@/api/schema';
import { LanguageValues } from '@/api/vocabulary';

/**
 * The eighteen UI languages, as the API declares them (generated into `@/api/vocabulary`).
 * Codes are the catalogue file names in `locales/`.
 */
export const LANGUAGE_CODES = LanguageValues;

export type LanguageCode = components['schemas']['Language'];

export type TextDirection = 'ltr' | 'rtl';

export const DEFAULT_LANGUAGE: LanguageCode = 'en-US';

interface LanguageInfo {
  /** The language's own name for itself, shown in the switcher. */
  nativeName: string;
  dir: TextDirection;
  /** BCP 47 tag for `<html lang>`: `cz` is the store's code for Czech, whose tag is `cs`. */
  htmlLang: string;
}

export const LANGUAGES: Readonly<Record<LanguageCode, LanguageInfo>> = {
  ar: { nativeName: 'العربية', dir: 'rtl', htmlLang: 'ar' },
  cz: { nativeName: 'Čeština', dir: 'ltr', htmlLang: 'cs' },
  de: { nativeName: 'Deutsch', dir: 'ltr', htmlLang: 'de' },
  'en-US': { nativeName: 'English', dir: 'ltr', htmlLang: 'en-US' },
  es: { nativeName: 'Español', dir: 'ltr', htmlLang: 'es' },
  fr: { nativeName: 'Français', dir: 'ltr', htmlLang: 'fr' },
  hu: { nativeName: 'Magyar', dir: 'ltr', htmlLang: 'hu' },
  it: { nativeName: 'Italiano', dir: 'ltr', htmlLang: 'it' },
  ja: { nativeName: '日本語', dir: 'ltr', htmlLang: 'ja' },
  ko: { nativeName: '한국어', dir: 'ltr', htmlLang: 'ko' },
  nl: { nativeName: 'Nederlands', dir: 'ltr', htmlLang: 'nl' },
  pl: { nativeName: 'Polski', dir: 'ltr', htmlLang: 'pl' },
  pt: { nativeName: 'Português', dir: 'ltr', htmlLang: 'pt' },
  ro: { nativeName: 'Română', dir: 'ltr', htmlLang: 'ro' },
  ru: { nativeName: 'Русский', dir: 'ltr', htmlLang: 'ru' },
  tr: { nativeName: 'Türkçe', dir: 'ltr', htmlLang: 'tr' },
  'zh-CN': { nativeName: '简体中文', dir: 'ltr', htmlLang: 'zh-CN' },
  'zh-TW': { nativeName: '繁體中文', dir: 'ltr', htmlLang: 'zh-TW' },
};

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

export function directionOf(code: LanguageCode): TextDirection {
  return LANGUAGES[code].dir;
}

/**
 * The direction of text the server wrote in `language` (e.g. an en-US fallback
 * description shown in the Arabic UI), or `undefined` to inherit when unknown.
 */
export function directionOfText(language: string | null | undefined): TextDirection | undefined {
  const code = canonicalLanguage(language);
  return code === null ? undefined : directionOf(code);
}

/** Aliases that do not follow from "same primary subtag" or a case change. */
const LANGUAGE_ALIASES: Readonly<Record<string, LanguageCode>> = {
  en: 'en-US',
  'en-gb': 'en-US',
  'en-us': 'en-US',
  zh: 'zh-CN',
  'zh-cn': 'zh-CN',
  'zh-sg': 'zh-CN',
  'zh-hans': 'zh-CN',
  'zh-hans-cn': 'zh-CN',
  'zh-tw': 'zh-TW',
  'zh-hk': 'zh-TW',
  'zh-mo': 'zh-TW',
  'zh-hant': 'zh-TW',
  'zh-hant-tw': 'zh-TW',
  'zh-hant-hk': 'zh-TW',
  cs: 'cz',
  'cs-cz': 'cz',
  cz: 'cz',
};

/**
 * Maps a requested language (any case, `_` or `-`, common aliases) to a supported code,
 * or `null` when nothing fits. `en`, `en-GB`, `en_us` → `en-US`; `zh-Hans` → `zh-CN`;
 * `zh-HK` → `zh-TW`; `cs-CZ` → `cz`; `pt-BR` → `pt`; any `xx-YY` with a supported `xx` → `xx`.
 */
export function canonicalLanguage(requested: string | null | undefined): LanguageCode | null {
  if (requested == null) return null;
  const normalized = requested.trim().replace(/_/g, '-').toLowerCase();
  if (normalized === '' || !/^[a-z]{2,3}(-[a-z0-9]{1,8})*$/.test(normalized)) return null;

  const exact = LANGUAGE_CODES.find((code) => code.toLowerCase() === normalized);
  if (exact) return exact;

  const alias = LANGUAGE_ALIASES[normalized];
  if (alias) return alias;

  const primary = normalized.split('-')[0] ?? '';
  const byPrimary = LANGUAGE_CODES.find((code) => code.toLowerCase() === primary);
  if (byPrimary) return byPrimary;
  return LANGUAGE_ALIASES[primary] ?? null;
}
