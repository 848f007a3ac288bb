import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { ReviewPageDto } from '@/api/types';
import { apiRequest } from '@/lib/http/client';

import { productApiPath, productKeyOf, productKeys, type ProductRef } from './query-keys';

export const REVIEWS_PAGE_SIZE = 10;

/** One page of a product's reviews, newest first (reviews are not translated). */
export function getReviews(
  ref: ProductRef,
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<ReviewPageDto> {
  return apiRequest<ReviewPageDto>(`${productApiPath(ref)}/reviews`, {
    query: { page, limit },
    signal,
    // A review the shopper just posted must show, not a minute-old cached page.
    cache: 'no-cache',
  });
}

export function reviewsQueryOptions(ref: ProductRef, page: number, limit = REVIEWS_PAGE_SIZE) {
  return queryOptions({
    queryKey: productKeys.reviews(productKeyOf(ref), page, limit),
    queryFn: ({ signal }) => getReviews(ref, page, limit, signal),
  });
}

export function useReviews(ref: ProductRef, page: number) {
  return useQuery({ ...reviewsQueryOptions(ref, page), placeholderData: keepPreviousData });
}
