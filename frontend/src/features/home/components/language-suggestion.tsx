import { Languages, X } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';

import { useVisitorLocation } from '@/lib/catalog/get-location';
import { LANGUAGES } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import {
  selectDismissedLanguageSuggestions,
  selectDismissLanguageSuggestion,
  selectLanguage,
  selectSetLanguage,
} from '@/stores/selectors';

import { languageToSuggest } from '../lib/language-suggestion';

/**
 * "This store is also available in Deutsch": offered when `/api/home/location` suggests
 * another store language. Switching or dismissing is remembered (persisted), so the
 * shopper is asked once.
 */
export function LanguageSuggestion() {
  const { t } = useTranslation();
  const location = useVisitorLocation();
  const language = useAppStore(selectLanguage);
  const answered = useAppStore(selectDismissedLanguageSuggestions);
  const dismiss = useAppStore(selectDismissLanguageSuggestion);
  const setLanguage = useAppStore(selectSetLanguage);

  const suggested = languageToSuggest(location.data, language, answered);
  if (suggested === null) return null;
  const info = LANGUAGES[suggested];

  return (
    <div className="ks-container">
      <aside
        className="ks-language-suggestion"
        aria-label={t('home.languageSuggestion.label')}
        data-testid="language-suggestion"
      >
        <span className="ks-language-suggestion__icon" aria-hidden="true">
          <Languages size={20} />
        </span>
        <p className="ks-language-suggestion__text">
          <Trans
            i18nKey="home.languageSuggestion.text"
            values={{ language: info.nativeName }}
            components={{ strong: <strong lang={info.htmlLang} /> }}
          />
        </p>
        <div className="ks-language-suggestion__actions">
          <button
            type="button"
            className="ks-button ks-button--primary ks-button--small"
            onClick={() => {
              dismiss(suggested);
              setLanguage(suggested);
            }}
          >
            {t('home.languageSuggestion.switch', { language: info.nativeName })}
          </button>
          <button
            type="button"
            className="ks-button ks-button--ghost ks-button--small"
            onClick={() => dismiss(suggested)}
          >
            {t('home.languageSuggestion.keep')}
          </button>
        </div>
        <button
          type="button"
          className="ks-language-suggestion__close"
          aria-label={t('home.languageSuggestion.dismiss')}
          onClick={() => dismiss(suggested)}
        >
          <X aria-hidden="true" size={18} />
        </button>
      </aside>
    </div>
  );
}
