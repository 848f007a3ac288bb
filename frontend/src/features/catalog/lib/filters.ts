import type { QueryGamesQuery } from '@/api/types';
import {
  DEFAULT_PAGE_SIZE,
  GENRES,
  isPageSize,
  isSortOrder,
  PLATFORMS,
  PRODUCT_TYPES,
  REGIONS,
  STOCK_STATES,
  type GenreCode,
  type PageSize,
  type PlatformCode,
  type ProductTypeCode,
  type RegionCode,
  type SortOrder,
  type StockCode,
} from '@/lib/catalog/codes';
import { LANGUAGE_CODES, type LanguageCode } from '@/lib/i18n/languages';

/**
 * The product list's filters. They live in the address (`/games?platform=steam,gog&sort=
 * price_asc&page=2`) so results can be shared and back/forward works; this module is the
 * one mapping between the two, and to the query of `/api/home/queryGames`.
 */
export interface ProductFilters {
  text: string;
  type: ProductTypeCode[];
  platform: PlatformCode[];
  genre: GenreCode[];
  region: RegionCode[];
  language: LanguageCode[];
  stock: StockCode[];
  /** Decimal amounts in `currency`, as typed ("10", "49.99"). */
  priceMin: string | null;
  priceMax: string | null;
  /** The currency of the price range (so a shared link means the same amounts). */
  currency: string | null;
  /** Only products that allow at least this many per order. */
  perOrderLimit: number | null;
  /** Null: the server's default (relevance with a text, else best selling). */
  sort: SortOrder | null;
  page: number;
  limit: PageSize;
}

export type MultiValueKey = 'type' | 'platform' | 'genre' | 'region' | 'language' | 'stock';

/** Every multi-value filter with its allowed codes, in the order the URL lists them. */
export const MULTI_VALUE_FILTERS: Readonly<Record<MultiValueKey, readonly string[]>> = {
  type: PRODUCT_TYPES,
  platform: PLATFORMS,
  genre: GENRES,
  region: REGIONS,
  language: LANGUAGE_CODES,
  stock: STOCK_STATES,
};

const MULTI_VALUE_KEYS = Object.keys(MULTI_VALUE_FILTERS) as MultiValueKey[];

export const EMPTY_FILTERS: ProductFilters = {
  text: '',
  type: [],
  platform: [],
  genre: [],
  region: [],
  language: [],
  stock: [],
  priceMin: null,
  priceMax: null,
  currency: null,
  perOrderLimit: null,
  sort: null,
  page: 1,
  limit: DEFAULT_PAGE_SIZE,
};

const MAX_TEXT_LENGTH = 100;
const MAX_PER_ORDER = 99;
const PRICE_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;
const CURRENCY_PATTERN = /^[A-Z]{3}$/;

/** "10.50" → "10.5", "007" → "7"; null for anything that is not an amount. */
export function normalizePrice(value: string | null | undefined): string | null {
  if (value == null) return null;
  const trimmed = value.trim().replace(',', '.');
  if (!PRICE_PATTERN.test(trimmed)) return null;
  return String(Number(trimmed));
}

/** The allowed codes of a comma-separated value, each once, in the list's own order. */
function parseCodes<T extends string>(raw: string | null, allowed: readonly T[]): T[] {
  if (!raw) return [];
  const wanted = new Set(raw.split(',').map((part) => part.trim()));
  return allowed.filter((code) => wanted.has(code));
}

function parsePositiveInt(raw: string | null, max: number): number | null {
  if (raw === null || !/^\d{1,4}$/.test(raw.trim())) return null;
  const value = Number(raw.trim());
  return value >= 1 && value <= max ? value : null;
}

/** Reads the filters from a query string; unknown or malformed values are dropped. */
export function parseFilters(search: string | URLSearchParams): ProductFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const multi = Object.fromEntries(
    MULTI_VALUE_KEYS.map((key) => [key, parseCodes(params.get(key), MULTI_VALUE_FILTERS[key])]),
  ) as Pick<ProductFilters, MultiValueKey>;

  let priceMin = normalizePrice(params.get('priceMin'));
  let priceMax = normalizePrice(params.get('priceMax'));
  if (priceMin !== null && priceMax !== null && Number(priceMin) > Number(priceMax)) {
    [priceMin, priceMax] = [priceMax, priceMin];
  }
  const currency = params.get('currency')?.trim().toUpperCase() ?? '';
  const limit = Number(params.get('limit'));
  const sort = params.get('sort');

  return {
    ...multi,
    text: (params.get('text') ?? '').trim().slice(0, MAX_TEXT_LENGTH),
    priceMin,
    priceMax,
    currency:
      (priceMin !== null || priceMax !== null) && CURRENCY_PATTERN.test(currency) ? currency : null,
    perOrderLimit: parsePositiveInt(params.get('perOrderLimit'), MAX_PER_ORDER),
    sort: isSortOrder(sort) ? sort : null,
    page: parsePositiveInt(params.get('page'), 9999) ?? 1,
    limit: isPageSize(limit) ? limit : DEFAULT_PAGE_SIZE,
  };
}

/**
 * The canonical query string of the filters (`""` or `"?…"`): parameters in one order,
 * codes in their list's order, defaults left out — so equal filters give equal addresses.
 */
export function serializeFilters(filters: ProductFilters): string {
  const params = new URLSearchParams();
  if (filters.text.trim() !== '') params.set('text', filters.text.trim());
  for (const key of MULTI_VALUE_KEYS) {
    const codes = parseCodes(filters[key].join(','), MULTI_VALUE_FILTERS[key]);
    if (codes.length > 0) params.set(key, codes.join(','));
  }
  const priceMin = normalizePrice(filters.priceMin);
  const priceMax = normalizePrice(filters.priceMax);
  if (priceMin !== null) params.set('priceMin', priceMin);
  if (priceMax !== null) params.set('priceMax', priceMax);
  if ((priceMin !== null || priceMax !== null) && filters.currency) {
    params.set('currency', filters.currency);
  }
  if (filters.perOrderLimit !== null) params.set('perOrderLimit', String(filters.perOrderLimit));
  if (filters.sort !== null) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.limit !== DEFAULT_PAGE_SIZE) params.set('limit', String(filters.limit));
  const query = params.toString().replace(/%2C/g, ',');
  return query === '' ? '' : `?${query}`;
}

/** The query of `/api/home/queryGames` for these filters. */
export function toQueryGamesParams(
  filters: ProductFilters,
  displayCurrency: string,
): QueryGamesQuery {
  const hasPrice = filters.priceMin !== null || filters.priceMax !== null;
  const joined = (key: MultiValueKey) =>
    filters[key].length > 0 ? filters[key].join(',') : undefined;
  return {
    text: filters.text === '' ? undefined : filters.text,
    type: joined('type'),
    platform: joined('platform'),
    genre: joined('genre'),
    region: joined('region'),
    language: joined('language'),
    stock: joined('stock'),
    priceMin: filters.priceMin ?? undefined,
    priceMax: filters.priceMax ?? undefined,
    currency: hasPrice ? (filters.currency ?? displayCurrency) : undefined,
    perOrderLimit: filters.perOrderLimit ?? undefined,
    sort: filters.sort ?? undefined,
    page: filters.page,
    limit: filters.limit,
  };
}

/** The sort the list is in: the chosen one, else the server's default. */
export function effectiveSort(filters: Pick<ProductFilters, 'sort' | 'text'>): SortOrder {
  return filters.sort ?? (filters.text !== '' ? 'relevance' : 'best_selling');
}

/** A change of anything but the page starts again at page 1. */
export function updateFilters(
  filters: ProductFilters,
  patch: Partial<ProductFilters>,
): ProductFilters {
  const next = { ...filters, ...patch };
  if (!('page' in patch)) next.page = 1;
  return next;
}

/** Adds the code to a multi-value filter, or removes it when it is there. */
export function toggleCode(
  filters: ProductFilters,
  key: MultiValueKey,
  code: string,
): ProductFilters {
  const current: readonly string[] = filters[key];
  const values = current.includes(code)
    ? current.filter((value) => value !== code)
    : [...current, code];
  return updateFilters(filters, {
    [key]: parseCodes(values.join(','), MULTI_VALUE_FILTERS[key]),
  });
}

export type ActiveFilter =
  | { kind: 'text'; value: string }
  | { kind: MultiValueKey; value: string }
  | { kind: 'price'; min: string | null; max: string | null; currency: string | null }
  | { kind: 'perOrderLimit'; value: number };

/** The filters that narrow the list, one chip each (sort and page size are not filters). */
export function activeFilters(filters: ProductFilters): ActiveFilter[] {
  const chips: ActiveFilter[] = [];
  if (filters.text !== '') chips.push({ kind: 'text', value: filters.text });
  for (const key of MULTI_VALUE_KEYS) {
    for (const value of filters[key]) chips.push({ kind: key, value });
  }
  if (filters.priceMin !== null || filters.priceMax !== null) {
    chips.push({
      kind: 'price',
      min: filters.priceMin,
      max: filters.priceMax,
      currency: filters.currency,
    });
  }
  if (filters.perOrderLimit !== null) {
    chips.push({ kind: 'perOrderLimit', value: filters.perOrderLimit });
  }
  return chips;
}

/** The filters without one chip's condition. */
export function removeFilter(filters: ProductFilters, chip: ActiveFilter): ProductFilters {
  switch (chip.kind) {
    case 'text':
      return updateFilters(filters, { text: '' });
    case 'price':
      return updateFilters(filters, { priceMin: null, priceMax: null, currency: null });
    case 'perOrderLimit':
      return updateFilters(filters, { perOrderLimit: null });
    default:
      return toggleCode(filters, chip.kind, chip.value);
  }
}

/** Every filter off; the sort and page size stay as the shopper set them. */
export function clearFilters(filters: ProductFilters): ProductFilters {
  return { ...EMPTY_FILTERS, sort: filters.sort, limit: filters.limit };
}
