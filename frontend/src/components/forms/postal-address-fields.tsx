import {
  useWatch,
  type Control,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import { useTranslation } from '@/lib/i18n/use-translation';

import { TextField } from '@/components/ui/form-field';
import { type POSTAL_FIELDS, type PostalAddressValues } from '@/lib/forms/postal-address';
import type { TranslationKey } from '@/lib/i18n/i18n';

import { CountrySelect, useZipHint } from './country-select';

type PostalField = (typeof POSTAL_FIELDS)[number];

const LABELS: Record<Exclude<PostalField, 'country'>, TranslationKey> = {
  firstName: 'account.addresses.firstName',
  lastName: 'account.addresses.lastName',
  phone: 'account.phone',
  address: 'account.address',
  city: 'account.addresses.city',
  province: 'account.addresses.province',
  zip: 'account.zip',
};

const AUTOCOMPLETE: Record<Exclude<PostalField, 'country'>, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  phone: 'tel',
  address: 'street-address',
  city: 'address-level2',
  province: 'address-level1',
  zip: 'postal-code',
};

/**
 * The fields of a postal address in a form grid, under `prefix` in the form's values (`''` for
 * an address form, `'billingAddress.'` for checkout); test ids are `${testPrefix}-${field}`.
 */
export function PostalAddressFields<T extends FieldValues>({
  register,
  control,
  errors,
  prefix,
  testPrefix,
  autoCompleteSection = '',
}: {
  register: UseFormRegister<T>;
  control: Control<T>;
  errors: FieldErrors<PostalAddressValues> | undefined;
  prefix: '' | `${string}.`;
  testPrefix: string;
  /** `billing` adds the `billing` autofill section to every field. */
  autoCompleteSection?: string;
}) {
  const { t } = useTranslation();
  const path = (field: PostalField) => `${prefix}${field}` as Path<T>;
  const country = useWatch({ control, name: path('country') }) as string | undefined;
  const zipHint = useZipHint(country ?? '');
  const section = autoCompleteSection ? `${autoCompleteSection} ` : '';
  const text = (field: Exclude<PostalField, 'country'>, extra = {}) => (
    <TextField
      label={t(LABELS[field])}
      autoComplete={`${section}${AUTOCOMPLETE[field]}`}
      error={errors?.[field]?.message}
      testId={`${testPrefix}-${field}`}
      {...extra}
      {...register(path(field))}
    />
  );
  return (
    <div className="ks-form-grid">
      {text('firstName')}
      {text('lastName')}
      <CountrySelect
        registration={register(path('country'))}
        error={errors?.country?.message}
        testId={`${testPrefix}-country`}
      />
      {text('phone', { type: 'tel' })}
      <div className="ks-form-grid__wide">{text('address')}</div>
      {text('city')}
      {text('province', { optional: true })}
      {text('zip', { hint: zipHint })}
    </div>
  );
}
