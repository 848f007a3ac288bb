import type { LanguageCode } from '@/lib/i18n/languages';

/** Query keys of the product page; `product` is `gameName/gameExtName`. */
export const productKeys = {
  all: ['product'] as const,
  detail: (language: LanguageCode, product: string) =>
    [...productKeys.all, 'detail', language, product] as const,
  recommendations: (language: LanguageCode, product: string) =>
    [...productKeys.all, 'recommendations', language, product] as const,
  /** Every page of one product's reviews (for invalidation after a new review). */
  reviewsOf: (product: string) => [...productKeys.all, 'reviews', product] as const,
  reviews: (product: string, page: number, limit: number) =>
    [...productKeys.reviewsOf(product), page, limit] as const,
  rating: (product: string) => [...productKeys.all, 'rating', product] as const,
};

/** The identity of a product in its address. */
export interface ProductRef {
  gameName: string;
  gameExtName: string;
}

export function productKeyOf(ref: ProductRef): string {
  return `${ref.gameName}/${ref.gameExtName}`;
}
