import { useQuery } from '@tanstack/react-query';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n/use-translation';

import { SelectField } from '@/components/ui/form-field';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

import { countriesQuery } from '@/api/countries';
import { useCountryOptions } from '@/lib/countries';

/** The country or region select of the profile, address and billing forms. */
export function CountrySelect({
  registration,
  error,
  testId,
  optional,
}: {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  testId: string;
  optional?: boolean;
}) {
  const { t } = useTranslation();
  const language = useAppStore(selectLanguage);
  const options = useCountryOptions(useQuery(countriesQuery).data, language);
  return (
    <SelectField
      label={t('account.country')}
      error={error}
      testId={testId}
      optional={optional}
      {...registration}
    >
      <option value="">{t('account.chooseCountry')}</option>
      {options.map((country) => (
        <option key={country.code} value={country.code}>
          {`${country.name} (${country.dialCode})`}
        </option>
      ))}
    </SelectField>
  );
}

/** "e.g. 10115" for the chosen country, when it has a zip format. */
export function useZipHint(country: string): string | undefined {
  const { t } = useTranslation();
  const example = useQuery(countriesQuery).data?.find(
    (entry) => entry.code === country,
  )?.zipExample;
  return example ? t('account.zipExample', { example }) : undefined;
}
