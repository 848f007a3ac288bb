import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { ReviewPageDto } from '@/api/types';
import { api } from '@/lib/http/client';

import { productKeyOf, productKeys, type ProductRef } from './query-keys';
import type { PageSize } from '@/lib/catalog/codes';

export const REVIEWS_PAGE_SIZE = 10;

/** One page of a product's reviews, newest first (reviews are not translated). */
export function getReviews(
  ref: ProductRef,
  page: number,
  limit: PageSize,
  signal?: AbortSignal,
): Promise<ReviewPageDto> {
  return api.get('/prod-api/api/home/games/{gameName}/{gameExtName}/reviews', {
    params: { path: ref, query: { page, limit } },
    signal,
    // A review the shopper just posted must show, not a minute-old cached page.
    cache: 'no-cache',
  });
}

export function reviewsQueryOptions(
  ref: ProductRef,
  page: number,
  limit: PageSize = REVIEWS_PAGE_SIZE,
) {
  return queryOptions({
    queryKey: productKeys.reviews(productKeyOf(ref), page, limit),
    queryFn: ({ signal }) => getReviews(ref, page, limit, signal),
  });
}

export function useReviews(ref: ProductRef, page: number) {
  return useQuery({ ...reviewsQueryOptions(ref, page), placeholderData: keepPreviousData });
}
