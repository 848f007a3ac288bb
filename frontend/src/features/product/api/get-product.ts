import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ProductDetailDto } from '@/api/types';
import { api } from '@/lib/http/client';
import type { LanguageCode } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';
import { selectLanguage } from '@/stores/selectors';

import { productKeyOf, productKeys, type ProductRef } from './query-keys';

/** The product page's data; an unknown product rejects with a 404 `api.error.productNotFound`. */
export function getProduct(ref: ProductRef, signal?: AbortSignal): Promise<ProductDetailDto> {
  return api.get('/prod-api/api/home/games/{gameName}/{gameExtName}', {
    params: { path: ref },
    signal,
    silent: true,
  });
}

export function productQueryOptions(language: LanguageCode, ref: ProductRef) {
  return queryOptions({
    queryKey: productKeys.detail(language, productKeyOf(ref)),
    queryFn: ({ signal }) => getProduct(ref, signal),
  });
}

export function useProduct(ref: ProductRef) {
  const language = useAppStore(selectLanguage);
  return useQuery(productQueryOptions(language, ref));
}
