import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n/use-translation';
import * as z from 'zod/mini';

import { memberInfoKeys } from '@/api/member-info';
import type { MemberInfoDto, ProfileBody } from '@/api/types';
import { CheckboxField, FormAlert, TextField } from '@/components/ui/form-field';
import { submitError } from '@/lib/forms/submit-errors';
import { fullName, optionalText } from '@/lib/forms/member-rules';
import { notify } from '@/lib/toast';

import { accountKeys, saveProfile, useProfile } from '../api/account';
import { AccountHeading } from '../components/account-layout';
import { CountrySelect, useZipHint } from '@/components/forms/country-select';

const schema = z.object({
  fullName: fullName(),
  country: z.string(),
  phone: optionalText(32),
  zip: optionalText(16),
  address: optionalText(200),
  discord: optionalText(60),
  telegram: optionalText(60),
  whatsapp: optionalText(32),
  newsletter: z.boolean(),
});
const FIELDS: readonly FieldPath<ProfileBody>[] = [
  'fullName',
  'country',
  'phone',
  'zip',
  'address',
  'discord',
  'telegram',
  'whatsapp',
];
const EMPTY: ProfileBody = {
  fullName: '',
  country: '',
  phone: '',
  zip: '',
  address: '',
  discord: '',
  telegram: '',
  whatsapp: '',
  newsletter: false,
};

/** The profile: login e-mail (read-only), name, country, phone, zip, address, contacts. */
export function MyInfoRoute() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const profile = useProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ProfileBody>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
    mode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const country = useWatch({ control: form.control, name: 'country' });
  const zipHint = useZipHint(country);

  useEffect(() => {
    const data = profile.data;
    if (data) {
      form.reset({
        fullName: data.fullName,
        country: data.country,
        phone: data.phone,
        zip: data.zip,
        address: data.address,
        discord: data.discord,
        telegram: data.telegram,
        whatsapp: data.whatsapp,
        newsletter: data.newsletter,
      });
    }
  }, [profile.data, form]);

  const onValid = async (values: ProfileBody): Promise<void> => {
    setFormError(null);
    try {
      const saved = await saveProfile(values);
      client.setQueryData(accountKeys.profile(), saved);
      client.setQueriesData<MemberInfoDto>({ queryKey: memberInfoKeys.all }, (info) =>
        info
          ? {
              ...info,
              fullName: saved.fullName,
              country: saved.country,
              newsletter: saved.newsletter,
            }
          : info,
      );
      notify.success(t('api.updated'));
    } catch (error) {
      setFormError(submitError(error, form.setError, FIELDS));
    }
  };

  return (
    <section data-testid="my-info">
      <AccountHeading title={t('account.nav.info')} />
      <form
        className="ks-panel"
        noValidate
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      >
        <div className="ks-form-grid">
          <TextField
            label={t('account.loginEmail')}
            value={profile.data?.email ?? ''}
            readOnly
            hint={t('account.loginEmailHint')}
            testId="profile-email"
          />
          <TextField
            label={t('auth.fullName')}
            autoComplete="name"
            error={errors.fullName?.message}
            testId="profile-name"
            {...form.register('fullName')}
          />
          <CountrySelect
            registration={form.register('country')}
            error={errors.country?.message}
            testId="profile-country"
            optional
          />
          <TextField
            label={t('account.phone')}
            type="tel"
            autoComplete="tel"
            optional
            error={errors.phone?.message}
            testId="profile-phone"
            {...form.register('phone')}
          />
          <TextField
            label={t('account.zip')}
            autoComplete="postal-code"
            optional
            hint={zipHint}
            error={errors.zip?.message}
            testId="profile-zip"
            {...form.register('zip')}
          />
          <TextField
            label={t('account.address')}
            autoComplete="street-address"
            optional
            error={errors.address?.message}
            testId="profile-address"
            {...form.register('address')}
          />
          <TextField
            label={t('account.discord')}
            optional
            error={errors.discord?.message}
            testId="profile-discord"
            {...form.register('discord')}
          />
          <TextField
            label={t('account.telegram')}
            optional
            error={errors.telegram?.message}
            testId="profile-telegram"
            {...form.register('telegram')}
          />
          <TextField
            label={t('account.whatsapp')}
            type="tel"
            optional
            error={errors.whatsapp?.message}
            testId="profile-whatsapp"
            {...form.register('whatsapp')}
          />
          <CheckboxField
            className="ks-form-grid__wide"
            label={t('account.newsletterConsent')}
            testId="profile-newsletter"
            {...form.register('newsletter')}
          />
        </div>
        <FormAlert testId="profile-error">{formError}</FormAlert>
        <div className="ks-form-actions">
          <button
            type="submit"
            className="ks-button ks-button--primary"
            disabled={isSubmitting || profile.isLoading}
            data-testid="profile-save"
          >
            <Save aria-hidden="true" size={18} />
            {t('account.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
