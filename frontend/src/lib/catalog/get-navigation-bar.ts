import { queryOptions, useQuery } from '@tanstack/react-query';

import type { NavigationBarDto } from '@/api/types';
import { api } from '@/lib/http/client';
import type { LanguageCode } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

import { sharedCatalogKeys } from './query-keys';

/** Platforms, types, genres and regions with their product counts. */
export function getNavigationBar(signal?: AbortSignal): Promise<NavigationBarDto> {
  return api.get('/prod-api/api/home/navigationBar', { signal, silent: true });
}

export function navigationBarQueryOptions(language: LanguageCode) {
  return queryOptions({
    queryKey: sharedCatalogKeys.navigationBar(language),
    queryFn: ({ signal }) => getNavigationBar(signal),
    staleTime: 10 * 60 * 1000,
  });
}

export function useNavigationBar() {
  const language = useAppStore(selectLanguage);
  return useQuery(navigationBarQueryOptions(language));
}
