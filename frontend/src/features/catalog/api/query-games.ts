import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { QueryGamesDto, QueryGamesQuery } from '@/api/types';
import { api } from '@/lib/http/client';
import type { LanguageCode } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectCurrency, selectLanguage } from '@/stores/selectors';

import { toQueryGamesParams, type ProductFilters } from '../lib/filters';

import { catalogKeys } from './query-keys';

/** One page of products matching the filters, with the facet counts of the sidebar. */
export function queryGames(params: QueryGamesQuery, signal?: AbortSignal): Promise<QueryGamesDto> {
  return api.get('/prod-api/api/home/queryGames', { params: { query: params }, signal });
}

export function queryGamesQueryOptions(language: LanguageCode, params: QueryGamesQuery) {
  const stableKey = JSON.stringify(params);
  return queryOptions({
    queryKey: catalogKeys.queryGames(language, stableKey),
    queryFn: ({ signal }) => queryGames(params, signal),
    staleTime: 30 * 1000,
  });
}

/** The list for the filters; the previous page stays on screen (dimmed) while the next loads. */
export function useQueryGames(filters: ProductFilters) {
  const language = useAppStore(selectLanguage);
  const currency = useAppStore(selectCurrency);
  return useQuery({
    ...queryGamesQueryOptions(language, toQueryGamesParams(filters, currency.code)),
    placeholderData: keepPreviousData,
  });
}
