import * as z from 'zod/mini';

import { requiredText } from './member-rules';

/**
 * A postal address as the address book and checkout's billing address hold it, with the
 * server's limits (`keyshop_core::postal`). The phone and the zip are checked against the
 * country by the server, whose 400 lands on the field.
 */
export interface PostalAddressValues {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  city: string;
  province: string;
  zip: string;
  country: string;
}

export const POSTAL_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'address',
  'city',
  'province',
  'zip',
  'country',
] as const satisfies readonly (keyof PostalAddressValues)[];

export const EMPTY_POSTAL_ADDRESS: PostalAddressValues = {
  firstName: '',
  lastName: '',
  phone: '',
  address: '',
  city: '',
  province: '',
  zip: '',
  country: '',
};

/** The browser's check of an address (the same message keys as the server). */
export const postalAddressShape = {
  firstName: requiredText(60),
  lastName: requiredText(60),
  phone: requiredText(32),
  address: requiredText(200),
  city: requiredText(100),
  province: z.string(),
  zip: requiredText(16),
  country: z.string().check(z.minLength(1, 'api.field.required')),
};

/** Just the address fields of `value` (an address book entry carries an id and a flag). */
export function postalAddressOf(value: PostalAddressValues): PostalAddressValues {
  const { firstName, lastName, phone, address, city, province, zip, country } = value;
  return { firstName, lastName, phone, address, city, province, zip, country };
}

/** The address as printed, line by line: name, street, zip city province, country. */
export function postalAddressLines(
  value: PostalAddressValues,
  countryName: (code: string) => string = (code) => code,
): string[] {
  const cityLine = [value.zip, value.city, value.province].filter((part) => part.trim() !== '');
  return [
    `${value.firstName} ${value.lastName}`,
    value.address,
    cityLine.join(' '),
    value.country ? countryName(value.country) : '',
  ].filter((line) => line.trim() !== '');
}
