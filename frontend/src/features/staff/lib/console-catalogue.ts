import { useEffect, useState } from 'react';

import { i18n } from '@/lib/i18n/i18n';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';

/**
 * The console's texts (`locales/console/<code>.json`, the `staff.*` keys) load with the
 * console, as a chunk per language, so a shopper's download carries none of them.
 */
const loaded = new Map<LanguageCode, Promise<void>>();

function loadOne(language: LanguageCode): Promise<void> {
  const known = loaded.get(language);
  if (known) return known;
  const loading = import(
    /* webpackChunkName: "console-locale-[request]" */
    /* webpackInclude: /\.json$/ */
    `@locales/console/${language}.json`
  ).then((module: { default: Record<string, unknown> }) => {
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
