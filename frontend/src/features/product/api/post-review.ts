import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { PostedReviewDto, ReviewInputDto } from '@/api/types';
import { api } from '@/lib/http/client';

import { productKeyOf, productKeys, type ProductRef } from './query-keys';

/**
 * Posts a review. Silent: the form shows the outcome itself (field errors from a 400, the
 * message interval of a 429, the switched-off comments of a 422).
 */
export function postReview(ref: ProductRef, review: ReviewInputDto): Promise<PostedReviewDto> {
  return api.post('/prod-api/api/home/games/{gameName}/{gameExtName}/reviews', {
    params: { path: ref },
    body: review,
    silent: true,
  });
}

/** The mutation; a posted review refreshes the product's reviews and rating. */
export function usePostReview(ref: ProductRef) {
  const queryClient = useQueryClient();
  const key = productKeyOf(ref);
  return useMutation({
    mutationFn: (review: ReviewInputDto) => postReview(ref, review),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: productKeys.reviewsOf(key) }),
        queryClient.invalidateQueries({ queryKey: productKeys.rating(key) }),
      ]);
    },
  });
}
