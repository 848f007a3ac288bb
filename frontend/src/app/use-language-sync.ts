import { useEffect } from 'react';

import { activateLanguage } from '@/lib/i18n/i18n';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

/**
 * The stored language is the one source of truth: whenever it changes (switcher, `?lang=`)
 * the catalogue is loaded and i18next and `<html lang dir>` follow. A switch overtaken by a
 * later one while its catalogue loads is dropped.
 */
export function useLanguageSync(): void {
  const language = useAppStore(selectLanguage);
  useEffect(() => {
    let current = true;
    void activateLanguage(language, () => current);
    return () => {
      current = false;
    };
  }, [language]);
}
