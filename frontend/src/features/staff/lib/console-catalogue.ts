import { useEffect, useState } from 'react';

import { i18n } from '@/lib/i18n/i18n';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';

/**
 * The console's texts (the `staff.*` keys of every catalogue) load with the console, a chunk
 * per language: webpack splits them off the catalogues (`?console`, see
 * scripts/catalogue-part-loader.mjs), so a shopper's download carries none of them.
 */
const PARTS: Record<LanguageCode, () => Promise<{ default: Record<string, unknown> }>> = {
  ar: () => import(/* webpackChunkName: "console-locale-ar" */ '@locales/ar.json?console'),
  cz: () => import(/* webpackChunkName: "console-locale-cz" */ '@locales/cz.json?console'),
  de: () => import(/* webpackChunkName: "console-locale-de" */ '@locales/de.json?console'),
  'en-US': () =>
    import(/* webpackChunkName: "console-locale-en-US" */ '@locales/en-US.json?console'),
  es: () => import(/* webpackChunkName: "console-locale-es" */ '@locales/es.json?console'),
  fr: () => import(/* webpackChunkName: "console-locale-fr" */ '@locales/fr.json?console'),
  hu: () => import(/* webpackChunkName: "console-locale-hu" */ '@locales/hu.json?console'),
  it: () => import(/* webpackChunkName: "console-locale-it" */ '@locales/it.json?console'),
  ja: () => import(/* webpackChunkName: "console-locale-ja" */ '@locales/ja.json?console'),
  ko: () => import(/* webpackChunkName: "console-locale-ko" */ '@locales/ko.json?console'),
  nl: () => import(/* webpackChunkName: "console-locale-nl" */ '@locales/nl.json?console'),
  pl: () => import(/* webpackChunkName: "console-locale-pl" */ '@locales/pl.json?console'),
  pt: () => import(/* webpackChunkName: "console-locale-pt" */ '@locales/pt.json?console'),
  ro: () => import(/* webpackChunkName: "console-locale-ro" */ '@locales/ro.json?console'),
  ru: () => import(/* webpackChunkName: "console-locale-ru" */ '@locales/ru.json?console'),
  tr: () => import(/* webpackChunkName: "console-locale-tr" */ '@locales/tr.json?console'),
  'zh-CN': () =>
    import(/* webpackChunkName: "console-locale-zh-CN" */ '@locales/zh-CN.json?console'),
  'zh-TW': () =>
    import(/* webpackChunkName: "console-locale-zh-TW" */ '@locales/zh-TW.json?console'),
};

const loaded = new Map<LanguageCode, Promise<void>>();

function loadOne(language: LanguageCode): Promise<void> {
  const known = loaded.get(language);
  if (known) return known;
  const loading = PARTS[language]().then((module) => {
    i18n.addResourceBundle(language, 'translation', module.default, true, true);
  });
  loading.catch(() => loaded.delete(language));
  loaded.set(language, loading);
  return loading;
}

/** Loads the console's texts in `language` and in English (the fallback). */
export async function loadConsoleCatalogue(language: LanguageCode): Promise<void> {
  await Promise.all([loadOne(DEFAULT_LANGUAGE), loadOne(language)]);
}

/** Whether the console's texts of the current language are there (loading them if not). */
export function useConsoleCatalogue(): boolean {
  const language = useAppStore((state) => state.language);
  const code = isLanguageCode(language) ? language : DEFAULT_LANGUAGE;
  const [ready, setReady] = useState<LanguageCode | null>(null);
  useEffect(() => {
    let current = true;
    void loadConsoleCatalogue(code)
      .catch(() => undefined)
      .then(() => {
        if (current) setReady(code);
      });
    return () => {
      current = false;
    };
  }, [code]);
  return ready === code;
}
