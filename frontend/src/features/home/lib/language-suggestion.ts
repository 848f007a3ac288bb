import type { LocationDto } from '@/api/types';
import { canonicalLanguage, DEFAULT_LANGUAGE, type LanguageCode } from '@/lib/i18n/languages';

/**
 * The language to suggest, or null: only while the shopper is still in the store's default
 * language (whoever picked another one has chosen), when the store has a real signal (the
 * browser's languages or the IP's country, not its default guess), the suggestion is another
 * store language, and the shopper has not answered this suggestion before.
 */
export function languageToSuggest(
  location: LocationDto | undefined,
  current: LanguageCode,
  answered: readonly LanguageCode[],
): LanguageCode | null {
  if (!location || location.source === 'default' || current !== DEFAULT_LANGUAGE) return null;
  const suggested = canonicalLanguage(location.language);
  if (suggested === null || suggested === current) return null;
  return answered.includes(suggested) ? null : suggested;
}
