import { useTranslation } from '@/lib/i18n/use-translation';

import type { Language } from '@/api/types';
import { LanguageValues } from '@/api/vocabulary';
import { LANGUAGES } from '@/lib/i18n/languages';

/**
 * A tab per catalogue language, each in its own name, marked when written and when one of
 * its fields has an error (`errors` keyed `<language>.<field>`).
 */
export function LanguageTabs({
  selected,
  onSelect,
  written,
  errors,
  testIdPrefix,
}: {
  selected: Language;
  onSelect: (language: Language) => void;
  written: (language: Language) => boolean;
  errors: Readonly<Record<string, string>>;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="ks-staff__tabs" role="tablist" aria-label={t('staff.products.language')}>
      {LanguageValues.map((code) => {
        const done = written(code);
        const failed = Object.keys(errors).some((field) => field.startsWith(`${code}.`));
        return (
          <button
            key={code}
            type="button"
            role="tab"
            aria-selected={code === selected}
            className={[
              'ks-staff__tab',
              done ? 'ks-staff__tab--done' : '',
              failed ? 'ks-staff__tab--error' : '',
            ]
              .filter(Boolean)
              .join(' ')}
            onClick={() => onSelect(code)}
            data-testid={`${testIdPrefix}-${code}`}
            lang={LANGUAGES[code].htmlLang}
          >
            {LANGUAGES[code].nativeName}
            <span className="ks-visually-hidden">
              {' '}
              {done ? t('staff.products.written') : t('staff.products.notWritten')}
            </span>
          </button>
        );
      })}
    </div>
  );
}
