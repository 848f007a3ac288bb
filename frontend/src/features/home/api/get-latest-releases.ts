import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ProductCardDto } from '@/api/types';
import { api } from '@/lib/http/client';
import type { LanguageCode } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

import { HOME_ROW_LIMIT, homeKeys } from './query-keys';

/** The newest releases. */
export function getLatestReleases(limit: number, signal?: AbortSignal): Promise<ProductCardDto[]> {
  return api.get('/prod-api/api/home/latestReleases', {
    params: { query: { limit } },
    signal,
  });
}

export function latestReleasesQueryOptions(language: LanguageCode, limit: number = HOME_ROW_LIMIT) {
  return queryOptions({
    queryKey: homeKeys.latestReleases(language, limit),
    queryFn: ({ signal }) => getLatestReleases(limit, signal),
  });
}

export function useLatestReleases(limit: number = HOME_ROW_LIMIT) {
  const language = useAppStore(selectLanguage);
  return useQuery(latestReleasesQueryOptions(language, limit));
}
