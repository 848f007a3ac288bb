import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ConfigValueDto } from '@/api/types';
import { api } from '@/lib/http/client';
import type { LanguageCode } from '@/lib/i18n/languages';
import { selectLanguage } from '@/stores/selectors';
import { useAppStore } from '@/stores/app-store';

import { siteKeys } from './query-keys';

/** One site setting; an unknown key rejects with a 404 `api.error.configKeyNotFound`. */
export function getConfigKey(key: string, signal?: AbortSignal): Promise<ConfigValueDto> {
  return api.get('/prod-api/api/home/config/configKey/{key}', {
    params: { path: { key } },
    signal,
    silent: true,
  });
}

export function configKeyQueryOptions(language: LanguageCode, key: string) {
  return queryOptions({
    queryKey: siteKeys.configKey(language, key),
    queryFn: ({ signal }) => getConfigKey(key, signal),
    staleTime: 10 * 60 * 1000,
  });
}

export function useConfigKey(key: string) {
  const language = useAppStore(selectLanguage);
  return useQuery(configKeyQueryOptions(language, key));
}
