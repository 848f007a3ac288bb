/**
 * Where a key activates, against where the shopper seems to be. `countries` empty means
 * worldwide. The shopper's country is a guess (Accept-Language region or GeoIP), so a
 * mismatch is a warning, never a block.
 */
export type ActivationCheck = 'worldwide' | 'included' | 'excluded' | 'unknown';

export function checkActivation(
  countries: readonly string[],
  shopperCountry: string | null | undefined,
): ActivationCheck {
  if (countries.length === 0) return 'worldwide';
  const country = shopperCountry?.trim().toUpperCase();
  if (!country) return 'unknown';
  return countries.some((code) => code.toUpperCase() === country) ? 'included' : 'excluded';
}

/** Country names in the UI language, sorted as that language sorts them. */
export function countryNames(countries: readonly string[], locale: string): string[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = null;
  }
  const named = countries.map((code) => {
    try {
      return names?.of(code.toUpperCase()) ?? code;
    } catch {
      return code;
    }
  });
  return named.sort(new Intl.Collator(locale).compare);
}
