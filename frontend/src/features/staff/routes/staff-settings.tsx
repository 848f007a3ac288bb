import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { Language } from '@/api/types';
import { LanguageValues } from '@/api/vocabulary';
import {
  CheckboxField,
  FormAlert,
  SelectField,
  TextField,
  TextareaField,
  errorText,
} from '@/components/ui/form-field';
import { LANGUAGES } from '@/lib/i18n/languages';
import { ApiError } from '@/lib/http/envelope';
import { notify } from '@/lib/toast';

import { setStaffSetting, staffSettings } from '../api/staff';
import { CurrencyRates } from '../components/currency-rates';
import { RequirePermission } from '../components/staff-layout';

const SETTINGS_KEY = ['staff', 'settings'] as const;

/** The settings written per language, in the order the form shows them. */
export const LOCALIZED_SETTINGS = [
  'siteTitle',
  'siteKeywords',
  'siteDescription',
  'heroTitle',
  'heroSubtitle',
] as const;
const LONG: ReadonlySet<string> = new Set(['siteDescription', 'heroSubtitle']);
const SWITCHES = ['commentEnabled', 'reviewsBuyersOnly', 'feedbackEnabled'] as const;

/** `heroTitle` in English (the default), `heroTitle.ar` in Arabic. */
export function settingKey(name: string, language: Language): string {
  return language === 'en-US' ? name : `${name}.${language}`;
}

function failure(error: Error): string {
  if (error instanceof ApiError) {
    const field = Object.values(error.fieldErrors)[0];
    return errorText(field ?? error.msgKey);
  }
  return error.message;
}

/** The texts of one language: empty ones show the English default in the shop. */
function LanguageTexts({
  settings,
  language,
}: {
  settings: Record<string, string>;
  language: Language;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      LOCALIZED_SETTINGS.map((name) => [name, settings[settingKey(name, language)] ?? '']),
    ),
  );
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async () => {
      for (const name of LOCALIZED_SETTINGS) {
        const key = settingKey(name, language);
        const value = values[name] ?? '';
        if ((settings[key] ?? '') !== value) await setStaffSetting(key, value);
      }
    },
    onSuccess: () => {
      setError(null);
      notify.success(t('staff.settings.saved'));
      return queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
    },
    onError: (failed) => setError(failure(failed)),
  });
  const info = LANGUAGES[language];
  return (
    <form
      className="ks-staff__card ks-staff__section"
      data-testid="staff-settings-texts"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <div className="ks-staff__grid" lang={info.htmlLang} dir={info.dir}>
        {LOCALIZED_SETTINGS.map((name) => {
          const english = settings[name] ?? '';
          const props = {
            label: t(`staff.settings.${name}`),
            value: values[name] ?? '',
            hint:
              language === 'en-US' || english === ''
                ? undefined
                : t('staff.settings.defaultHint', { value: english }),
            onChange: (event: { target: { value: string } }) =>
              setValues((current) => ({ ...current, [name]: event.target.value })),
            testId: `staff-setting-${name}`,
          };
          return LONG.has(name) ? (
            <TextareaField key={name} rows={3} {...props} />
          ) : (
            <TextField key={name} {...props} />
          );
        })}
      </div>
      <FormAlert>{error}</FormAlert>
      <div className="ks-staff__actions">
        <button
          type="submit"
          className="ks-button ks-button--primary"
          disabled={save.isPending}
          data-testid="staff-settings-save"
        >
          <Save size={18} aria-hidden />
          {t('staff.settings.save')}
        </button>
      </div>
    </form>
  );
}

function SettingsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [language, setLanguage] = useState<Language>('en-US');
  const [supportEmail, setSupportEmail] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | undefined>(undefined);
  // A switch shows its new position at once; it moves back if the save fails.
  const [switched, setSwitched] = useState<Record<string, boolean>>({});
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: staffSettings });
  const set = useMutation({
    mutationFn: ({ key, value }: { key: string; value: string }) => setStaffSetting(key, value),
    onSuccess: () => {
      setEmailError(undefined);
      notify.success(t('staff.settings.saved'));
      return queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
    },
    onError: (failed, { key }) => {
      if (key === 'supportEmail') {
        setEmailError(failure(failed));
        return;
      }
      setSwitched((current) =>
        Object.fromEntries(Object.entries(current).filter(([name]) => name !== key)),
      );
      notify.error(failure(failed));
    },
  });
  if (settings.isError) return <FormAlert>{settings.error.message}</FormAlert>;
  const stored = settings.data;
  if (!stored) return null;
  return (
    <section data-testid="staff-settings">
      <h1 className="ks-staff__title">{t('staff.settings.title')}</h1>
      <p className="ks-staff__intro">{t('staff.settings.intro')}</p>

      <h2 className="ks-staff__subtitle">{t('staff.settings.textsTitle')}</h2>
      <div className="ks-staff__filters">
        <SelectField
          label={t('staff.settings.language')}
          value={language}
          onChange={(event) => setLanguage(event.target.value as Language)}
          testId="staff-settings-language"
        >
          {LanguageValues.map((code) => (
            <option key={code} value={code}>
              {LANGUAGES[code].nativeName}
            </option>
          ))}
        </SelectField>
      </div>
      <LanguageTexts
        key={`${language}:${JSON.stringify(stored)}`}
        settings={stored}
        language={language}
      />

      <h2 className="ks-staff__subtitle">{t('staff.settings.switchesTitle')}</h2>
      <div className="ks-staff__card ks-staff__section">
        {SWITCHES.map((key) => (
          <CheckboxField
            key={key}
            label={t(`staff.settings.${key}`)}
            checked={switched[key] ?? stored[key] !== 'false'}
            disabled={set.isPending}
            onChange={(event) => {
              const on = event.target.checked;
              setSwitched((current) => ({ ...current, [key]: on }));
              set.mutate({ key, value: on ? 'true' : 'false' });
            }}
            testId={`staff-setting-${key}`}
          />
        ))}
      </div>

      <h2 className="ks-staff__subtitle">{t('staff.settings.supportTitle')}</h2>
      <form
        className="ks-staff__card ks-staff__filters"
        onSubmit={(event) => {
          event.preventDefault();
          set.mutate({ key: 'supportEmail', value: supportEmail ?? stored.supportEmail ?? '' });
        }}
      >
        <TextField
          label={t('staff.settings.supportEmail')}
          type="email"
          value={supportEmail ?? stored.supportEmail ?? ''}
          onChange={(event) => setSupportEmail(event.target.value)}
          error={emailError}
          testId="staff-setting-supportEmail"
          dir="ltr"
        />
        <div className="ks-staff__actions">
          <button type="submit" className="ks-button ks-button--secondary" disabled={set.isPending}>
            <Save size={18} aria-hidden />
            {t('staff.settings.save')}
          </button>
        </div>
      </form>

      <h2 className="ks-staff__subtitle">{t('staff.currencies.title')}</h2>
      <CurrencyRates />
    </section>
  );
}

/** The manager's site settings: texts per language, the shop's switches, the support address, the currencies' rates. */
export function StaffSettingsRoute() {
  return (
    <RequirePermission permission="content.manage">
      <SettingsPage />
    </RequirePermission>
  );
}
