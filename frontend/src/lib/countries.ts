import { useMemo } from 'react';

import type { CountryDto } from '@/api/types';

export interface CountryOption extends CountryDto {
  name: string;
}

/** The countries named in the UI language and sorted by name. */
export function useCountryOptions(
  countries: CountryDto[] | undefined,
  language: string,
): CountryOption[] {
  return useMemo(() => {
    if (!countries) return [];
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([language], { type: 'region' });
    } catch {
      names = null;
    }
    return countries
      .map((country) => ({ ...country, name: names?.of(country.code) ?? country.code }))
      .sort((a, b) => a.name.localeCompare(b.name, language));
  }, [countries, language]);
}

/** A country's name in `language` from its ISO code (the code itself when unknown). */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
