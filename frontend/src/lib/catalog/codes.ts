/**
 * The catalog's fixed vocabularies, as the API declares them (generated into
 * `@/api/vocabulary` from the OpenAPI document: never typed by hand). Codes are unique across
 * types, platforms and genres, so one code names one list page (`/{code}`). The shopper sees
 * each code through the catalogue (`catalog.platform.steam`, …).
 */

import type { components } from '@/api/schema';
import {
  GenreValues,
  PlatformValues,
  ProductTypeValues,
  RegionValues,
  SortOrderValues,
  StockStatusValues,
} from '@/api/vocabulary';

type Schemas = components['schemas'];

export const PRODUCT_TYPES = ProductTypeValues;
export const PLATFORMS = PlatformValues;
export const GENRES = GenreValues;
export const REGIONS = RegionValues;
export const STOCK_STATES = StockStatusValues;

/** The orders a shopper picks from; the API also sorts by `hottest`, for the home page only. */
export type SortOrder = Exclude<Schemas['SortOrder'], 'hottest'>;
export const SORT_ORDERS: readonly SortOrder[] = SortOrderValues.filter(
  (order): order is SortOrder => order !== 'hottest',
);

/** Page sizes the gateway accepts (DESIGN §4). */
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** "Allows at least N per order" choices of the list filter. */
export const PER_ORDER_LIMITS = [2, 3, 5, 10] as const;

export type ProductTypeCode = Schemas['ProductType'];
export type PlatformCode = Schemas['Platform'];
export type GenreCode = Schemas['Genre'];
export type RegionCode = Schemas['Region'];
export type StockCode = Schemas['StockStatus'];
export type PageSize = (typeof PAGE_SIZES)[number];

/** What a navigation code names: the list pages of `/{code}`. */
export type ListKind = 'type' | 'platform' | 'genre';

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

export const isProductType = (value: unknown): value is ProductTypeCode =>
  isOneOf(PRODUCT_TYPES, value);
export const isPlatform = (value: unknown): value is PlatformCode => isOneOf(PLATFORMS, value);
export const isGenre = (value: unknown): value is GenreCode => isOneOf(GENRES, value);
export const isRegion = (value: unknown): value is RegionCode => isOneOf(REGIONS, value);
export const isStock = (value: unknown): value is StockCode => isOneOf(STOCK_STATES, value);
export const isSortOrder = (value: unknown): value is SortOrder => isOneOf(SORT_ORDERS, value);
export const isPageSize = (value: unknown): value is PageSize =>
  typeof value === 'number' && (PAGE_SIZES as readonly number[]).includes(value);

/** The list a `/{code}` page shows, or null when the code names none (→ 404). */
export function listKindOf(code: string | undefined): ListKind | null {
  if (isProductType(code)) return 'type';
  if (isPlatform(code)) return 'platform';
  if (isGenre(code)) return 'genre';
  return null;
}
