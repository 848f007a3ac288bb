/**
 * The catalog's fixed vocabularies, as the catalog service defines them. Codes are unique
 * across types, platforms and genres, so one code names one list page (`/{code}`). The
 * shopper sees each code through the catalogue (`catalog.platform.steam`, …).
 */

export const PRODUCT_TYPES = [
  'game',
  'dlc',
  'software',
  'gift-card',
  'subscription',
  'in-game-currency',
] as const;

export const PLATFORMS = [
  'steam',
  'epic',
  'gog',
  'xbox',
  'playstation',
  'nintendo',
  'ea-app',
  'ubisoft-connect',
  'battle-net',
  'microsoft-store',
  'rockstar',
] as const;

export const GENRES = [
  'action',
  'adventure',
  'rpg',
  'strategy',
  'shooter',
  'sports',
  'racing',
  'simulation',
  'puzzle',
  'horror',
  'indie',
  'casual',
  'fighting',
  'platformer',
  'survival',
  'mmo',
] as const;

export const REGIONS = [
  'global',
  'europe',
  'north-america',
  'latin-america',
  'asia',
  'united-kingdom',
  'germany',
  'turkey',
  'japan',
  'brazil',
] as const;

export const STOCK_STATES = ['in_stock', 'low', 'out_of_stock', 'preorder'] as const;

export const SORT_ORDERS = [
  'relevance',
  'newest',
  'price_asc',
  'price_desc',
  'best_selling',
  'rating',
  'discount',
] as const;

/** Page sizes the gateway accepts (DESIGN §4). */
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** "Allows at least N per order" choices of the list filter. */
export const PER_ORDER_LIMITS = [2, 3, 5, 10] as const;

export type ProductTypeCode = (typeof PRODUCT_TYPES)[number];
export type PlatformCode = (typeof PLATFORMS)[number];
export type GenreCode = (typeof GENRES)[number];
export type RegionCode = (typeof REGIONS)[number];
export type StockCode = (typeof STOCK_STATES)[number];
export type SortOrder = (typeof SORT_ORDERS)[number];
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
