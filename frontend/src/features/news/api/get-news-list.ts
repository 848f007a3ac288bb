import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { NewsPageDto } from '@/api/types';
import { api } from '@/lib/http/client';
import type { LanguageCode } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

import { newsKeys } from './query-keys';
import type { PageSize } from '@/lib/catalog/codes';

export const NEWS_PAGE_SIZE = 10;

/** One page of news, newest first. */
export function getNewsList(
  page: number,
  limit: PageSize,
  signal?: AbortSignal,
): Promise<NewsPageDto> {
  return api.get('/prod-api/api/home/gamesNews', {
    params: { query: { page, limit } },
    signal,
  });
}

export function newsListQueryOptions(
  language: LanguageCode,
  page: number,
  limit: PageSize = NEWS_PAGE_SIZE,
) {
  return queryOptions({
    queryKey: newsKeys.list(language, page, limit),
    queryFn: ({ signal }) => getNewsList(page, limit, signal),
  });
}

export function useNewsList(page: number) {
  const language = useAppStore(selectLanguage);
  return useQuery({ ...newsListQueryOptions(language, page), placeholderData: keepPreviousData });
}
