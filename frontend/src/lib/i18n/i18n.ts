import i18next, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';

import enUS from '@locales/en-US.json';

import { loadCatalogueModule } from './catalogues';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_CODES, type LanguageCode } from './languages';

export type TranslationKey = ParseKeys;

export const i18n = i18next.createInstance();

export function initI18n(language: LanguageCode = DEFAULT_LANGUAGE): Promise<unknown> {
  if (i18n.isInitialized) return i18n.changeLanguage(language);
  return i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGE_CODES],
    load: 'currentOnly',
    nonExplicitSupportedLngs: false,
    resources: { [DEFAULT_LANGUAGE]: { translation: enUS } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
}

const pending = new Map<LanguageCode, Promise<void>>();

/** Loads a language's catalogue chunk once; later calls reuse it. */
export function loadCatalogue(language: LanguageCode): Promise<void> {
  if (language === DEFAULT_LANGUAGE || i18n.hasResourceBundle(language, 'translation')) {
    return Promise.resolve();
  }
  const inFlight = pending.get(language);
  if (inFlight) return inFlight;
  const loading = loadCatalogueModule(language)
    .then((catalogue) => {
      i18n.addResourceBundle(language, 'translation', catalogue, true, true);
    })
    .finally(() => pending.delete(language));
  pending.set(language, loading);
  return loading;
}

/**
 * Loads the catalogue, then makes the language current and sets `<html lang dir>`.
 * `isStillWanted` lets a caller drop a switch that a later one overtook while loading.
 */
export async function activateLanguage(
  language: LanguageCode,
  isStillWanted: () => boolean = () => true,
): Promise<void> {
  try {
    await loadCatalogue(language);
  } catch {
    // A missing or failed chunk leaves the English fallback in place; the next switch retries.
  }
  if (!isStillWanted()) return;
  if (i18n.language !== language) await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
}

export function applyDocumentLanguage(language: LanguageCode): void {
  const root = document.documentElement;
  root.lang = LANGUAGES[language].htmlLang;
  root.dir = LANGUAGES[language].dir;
}

/**
 * Translates a server `msgKey` when the catalogue knows it; `values` fill its placeholders
 * (e.g. `{{seconds}}` of a 429).
 */
export function translateIfKnown(
  key: string | null | undefined,
  values?: Record<string, string | number>,
): string | null {
  if (!key) return null;
  const candidate = key as TranslationKey;
  if (!i18n.exists(candidate)) return null;
  const text = values ? i18n.t(candidate, values) : i18n.t(candidate);
  return typeof text === 'string' && text !== '' ? text : null;
}
