import { ChevronDown, Globe } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';

import {
  Menu,
  MenuContent,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuTrigger,
} from '@/components/ui/menu';
import { isLanguageCode, LANGUAGE_CODES, LANGUAGES } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage, selectSetLanguage } from '@/stores/selectors';

/** Lists the 18 UI languages by their own names; a pick switches the UI and is persisted. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const language = useAppStore(selectLanguage);
  const setLanguage = useAppStore(selectSetLanguage);
  const current = LANGUAGES[language];

  const choose = (value: string): void => {
    if (isLanguageCode(value) && value !== language) setLanguage(value);
  };

  return (
    <Menu>
      <MenuTrigger
        aria-label={t('header.languageButton', { language: current.nativeName })}
        data-testid="language-switcher"
      >
        <Globe aria-hidden="true" size={18} />
        <span className="ks-menu-trigger__text" lang={current.htmlLang}>
          {current.nativeName}
        </span>
        <ChevronDown aria-hidden="true" size={16} className="ks-menu-trigger__chevron" />
      </MenuTrigger>
      <MenuContent className="ks-menu--languages">
        <MenuLabel>{t('header.language')}</MenuLabel>
        <MenuRadioGroup value={language} onValueChange={choose}>
          {LANGUAGE_CODES.map((code) => (
            <MenuRadioItem key={code} value={code} lang={LANGUAGES[code].htmlLang}>
              {LANGUAGES[code].nativeName}
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
      </MenuContent>
    </Menu>
  );
}
