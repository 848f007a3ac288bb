import { queryOptions, useQuery } from '@tanstack/react-query';

import type { SiteConfigDto } from '@/api/types';
import { apiRequest } from '@/lib/http/client';
import type { LanguageCode } from '@/lib/i18n/languages';
import { selectLanguage } from '@/stores/selectors';
import { useAppStore } from '@/stores/app-store';

import { siteKeys } from './query-keys';

export function getSiteConfig(signal?: AbortSignal): Promise<SiteConfigDto> {
  return apiRequest<SiteConfigDto>('/api/home/config', { signal });
}

export function siteConfigQueryOptions(language: LanguageCode) {
  return queryOptions({
    queryKey: siteKeys.config(language),
    queryFn: ({ signal }) => getSiteConfig(signal),
    staleTime: 10 * 60 * 1000,
  });
}

export function useSiteConfig() {
  const language = useAppStore(selectLanguage);
  return useQuery(siteConfigQueryOptions(language));
}
