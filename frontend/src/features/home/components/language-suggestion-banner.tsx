import { Languages, X } from 'lucide-react';
import { Trans } from 'react-i18next';
import { useTranslation } from '@/lib/i18n/use-translation';

import { LANGUAGES, type LanguageCode } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectDismissLanguageSuggestion, selectSetLanguage } from '@/stores/selectors';

/**
 * "This store is also available in Deutsch", with the buttons to switch or keep. Switching or
 * dismissing is remembered (persisted), so the shopper is asked once.
 */
export function LanguageSuggestionBanner({ suggested }: { suggested: LanguageCode }) {
  const { t } = useTranslation();
  const dismiss = useAppStore(selectDismissLanguageSuggestion);
  const setLanguage = useAppStore(selectSetLanguage);
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
