import { queryOptions, useQuery } from '@tanstack/react-query';

import type { LanguageDto } from '@/api/types';
import { api } from '@/lib/http/client';
import type { LanguageCode } from '@/lib/i18n/languages';
import { selectLanguage } from '@/stores/selectors';
import { useAppStore } from '@/stores/app-store';

import { siteKeys } from './query-keys';

export function getLanguages(signal?: AbortSignal): Promise<LanguageDto[]> {
  return api.get('/prod-api/api/home/language', { signal });
}

export function languagesQueryOptions(language: LanguageCode) {
  return queryOptions({
    queryKey: siteKeys.languages(language),
    queryFn: ({ signal }) => getLanguages(signal),
    staleTime: 60 * 60 * 1000,
  });
}

export function useLanguages() {
  const language = useAppStore(selectLanguage);
  return useQuery(languagesQueryOptions(language));
}
