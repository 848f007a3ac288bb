import { queryOptions, useQuery } from '@tanstack/react-query';

import type { RatingSummaryDto } from '@/api/types';
import { api } from '@/lib/http/client';

import { productKeyOf, productKeys, type ProductRef } from './query-keys';

/** Average, count and reviews per star of a product. */
export function getRating(ref: ProductRef, signal?: AbortSignal): Promise<RatingSummaryDto> {
  return api.get('/prod-api/api/home/games/{gameName}/{gameExtName}/rating', {
    params: { path: ref },
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
