import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ProductCardDto } from '@/api/types';
import { api } from '@/lib/http/client';
import type { LanguageCode } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

import { HOME_ROW_LIMIT, homeKeys } from './query-keys';

/** The hottest products (the hero carousel's featured deals). */
export function getHotGames(limit: number, signal?: AbortSignal): Promise<ProductCardDto[]> {
  return api.get('/prod-api/api/home/hotgames', {
    params: { query: { limit } },
    signal,
  });
}

export function hotGamesQueryOptions(language: LanguageCode, limit: number = HOME_ROW_LIMIT) {
  return queryOptions({
    queryKey: homeKeys.hotGames(language, limit),
    queryFn: ({ signal }) => getHotGames(limit, signal),
  });
}

export function useHotGames(limit: number = HOME_ROW_LIMIT) {
  const language = useAppStore(selectLanguage);
  return useQuery(hotGamesQueryOptions(language, limit));
}
