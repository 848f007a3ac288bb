import { queryOptions, useQuery } from '@tanstack/react-query';

import type { CurrencyDto } from '@/api/types';
import { api } from '@/lib/http/client';
import type { LanguageCode } from '@/lib/i18n/languages';
import { selectLanguage } from '@/stores/selectors';
import { useAppStore } from '@/stores/app-store';

import { siteKeys } from './query-keys';

export function getRates(signal?: AbortSignal): Promise<CurrencyDto[]> {
  return api.get('/prod-api/api/home/rate', { signal });
}

export function ratesQueryOptions(language: LanguageCode) {
  return queryOptions({
    queryKey: siteKeys.rates(language),
    queryFn: ({ signal }) => getRates(signal),
    staleTime: 10 * 60 * 1000,
  });
}

export function useRates() {
  const language = useAppStore(selectLanguage);
  return useQuery(ratesQueryOptions(language));
}
