import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ProductCardDto } from '@/api/types';
import { api } from '@/lib/http/client';
import type { LanguageCode } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

import { productKeyOf, productKeys, type ProductRef } from './query-keys';

/** Up to 8 products shoppers of this one also look at. */
export function getRecommendations(
  ref: ProductRef,
  signal?: AbortSignal,
): Promise<ProductCardDto[]> {
  return api.get('/prod-api/api/home/games/{gameName}/{gameExtName}/recommendations', {
    params: { path: ref },
    signal,
  });
}

export function recommendationsQueryOptions(language: LanguageCode, ref: ProductRef) {
  return queryOptions({
    queryKey: productKeys.recommendations(language, productKeyOf(ref)),
    queryFn: ({ signal }) => getRecommendations(ref, signal),
  });
}

export function useRecommendations(ref: ProductRef) {
  const language = useAppStore(selectLanguage);
  return useQuery(recommendationsQueryOptions(language, ref));
}
