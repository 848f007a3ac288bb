import { queryOptions, useQuery } from '@tanstack/react-query';

import type { LocationDto } from '@/api/types';
import { api } from '@/lib/http/client';

import { sharedCatalogKeys } from './query-keys';

/**
 * The browser's own languages as an Accept-Language header (`de-DE,de;q=0.9,en;q=0.8`).
 * The HTTP client normally sends the UI language; the location call must see what the
 * browser prefers, or it could never suggest another language.
 */
export function browserAcceptLanguage(
  languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): string {
  const tags = languages.filter((tag) => tag.trim() !== '').slice(0, 10);
  return tags
    .map((tag, index) => (index === 0 ? tag : `${tag};q=${(1 - index / 10).toFixed(1)}`))
    .join(',');
}

/** The language, currency and country the store suggests for this visitor. */
export function getLocation(acceptLanguage: string, signal?: AbortSignal): Promise<LocationDto> {
  return api.get('/prod-api/api/home/location', {
    signal,
    silent: true,
    headers: acceptLanguage === '' ? {} : { 'Accept-Language': acceptLanguage },
  });
}

export function locationQueryOptions(acceptLanguage: string) {
  return queryOptions({
    queryKey: sharedCatalogKeys.location(acceptLanguage),
    queryFn: ({ signal }) => getLocation(acceptLanguage, signal),
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
}

/** Where the visitor seems to be (a suggestion, never a rule). */
export function useVisitorLocation() {
  return useQuery(locationQueryOptions(browserAcceptLanguage()));
}
