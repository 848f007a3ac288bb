import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { TypeListDto } from '@/api/types';
import type { PageSize, SortOrder } from '@/lib/catalog/codes';
import { api } from '@/lib/http/client';
import type { LanguageCode } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

import { catalogKeys } from './query-keys';

export interface TypeListParams {
  page: number;
  limit: PageSize;
  sort: SortOrder | null;
}

/** One page of the products of a type, platform or genre; an unknown code is a 404. */
export function getTypeList(
  code: string,
  params: TypeListParams,
  signal?: AbortSignal,
): Promise<TypeListDto> {
  return api.get('/prod-api/api/home/type/{code}', {
    params: {
      path: { code },
      query: {
        page: params.page,
        limit: params.limit,
        sort: params.sort ?? undefined,
      },
    },
    signal,
    silent: true,
  });
}

export function typeListQueryOptions(language: LanguageCode, code: string, params: TypeListParams) {
  return queryOptions({
    queryKey: catalogKeys.typeList(language, code, JSON.stringify(params)),
    queryFn: ({ signal }) => getTypeList(code, params, signal),
    staleTime: 30 * 1000,
  });
}

export function useTypeList(code: string, params: TypeListParams) {
  const language = useAppStore(selectLanguage);
  return useQuery({
    ...typeListQueryOptions(language, code, params),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === code ? keepPreviousData(previous) : undefined,
  });
}
