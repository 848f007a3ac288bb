import { queryOptions, useQuery } from '@tanstack/react-query';

import type { RatingSummaryDto } from '@/api/types';
import { apiRequest } from '@/lib/http/client';

import { productApiPath, productKeyOf, productKeys, type ProductRef } from './query-keys';

/** Average, count and reviews per star of a product. */
export function getRating(ref: ProductRef, signal?: AbortSignal): Promise<RatingSummaryDto> {
  return apiRequest<RatingSummaryDto>(`${productApiPath(ref)}/rating`, {
    signal,
    cache: 'no-cache',
  });
}

export function ratingQueryOptions(ref: ProductRef) {
  return queryOptions({
    queryKey: productKeys.rating(productKeyOf(ref)),
    queryFn: ({ signal }) => getRating(ref, signal),
  });
}

export function useRating(ref: ProductRef) {
  return useQuery(ratingQueryOptions(ref));
}
