import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ProductCardDto } from '@/api/types';
import { api } from '@/lib/http/client';
import type { LanguageCode } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

import { HOME_ROW_LIMIT, homeKeys } from './query-keys';

/** The best-selling products. */
export function getBestSellers(limit: number, signal?: AbortSignal): Promise<ProductCardDto[]> {
  return api.get('/prod-api/api/home/bestSellers', {
    params: { query: { limit } },
    signal,
  });
}

export function bestSellersQueryOptions(language: LanguageCode, limit: number = HOME_ROW_LIMIT) {
  return queryOptions({
    queryKey: homeKeys.bestSellers(language, limit),
    queryFn: ({ signal }) => getBestSellers(limit, signal),
  });
}

export function useBestSellers(limit: number = HOME_ROW_LIMIT) {
  const language = useAppStore(selectLanguage);
  return useQuery(bestSellersQueryOptions(language, limit));
}
