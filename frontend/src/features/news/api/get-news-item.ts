import { queryOptions, useQuery } from '@tanstack/react-query';

import type { NewsDto } from '@/api/types';
import { api } from '@/lib/http/client';
import type { LanguageCode } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

import { newsKeys } from './query-keys';

/** One news item; an unknown id rejects with a 404 `api.error.newsNotFound`. */
export function getNewsItem(id: number, signal?: AbortSignal): Promise<NewsDto> {
  return api.get('/prod-api/api/home/gamesNews/{id}', {
    params: { path: { id } },
    signal,
    silent: true,
  });
}

export function newsItemQueryOptions(language: LanguageCode, id: number) {
  return queryOptions({
    queryKey: newsKeys.item(language, id),
    queryFn: ({ signal }) => getNewsItem(id, signal),
  });
}

/** `id` null (missing or malformed in the address) asks nothing. */
export function useNewsItem(id: number | null) {
  const language = useAppStore(selectLanguage);
  return useQuery({ ...newsItemQueryOptions(language, id ?? 0), enabled: id !== null });
}
