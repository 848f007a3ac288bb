/**
 * The pager model of every paged list (products, reviews, news): which page buttons to
 * show. The first and last page are always there, the current page has one neighbour on
 * each side, and a gap (…) stands for the pages in between. The number of items stays the
 * same (7) while the shopper pages through a long list, so the pager does not jump.
 */
export type PagerItem =
  { kind: 'page'; page: number; current: boolean } | { kind: 'gap'; key: 'start-gap' | 'end-gap' };

export interface PagerModel {
  /** Number of pages, at least 1. */
  pageCount: number;
  /** The current page, clamped to 1…pageCount. */
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  items: PagerItem[];
  /** 1-based index of the first and last row on this page; 0 and 0 for an empty list. */
  firstRow: number;
  lastRow: number;
}

const SIBLINGS = 1;
const BOUNDARIES = 1;
/** first + gap + siblings + current + siblings + gap + last */
const FULL_LENGTH = 2 * BOUNDARIES + 2 * SIBLINGS + 3;

function positive(value: number, fallback: number): number {
  return Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
}

export function pageCountOf(total: number, limit: number): number {
  const rows = Number.isFinite(total) && total > 0 ? Math.floor(total) : 0;
  return Math.max(1, Math.ceil(rows / positive(limit, 1)));
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);
}

export function pagerModel(input: { page: number; total: number; limit: number }): PagerModel {
  const limit = positive(input.limit, 1);
  const total = Number.isFinite(input.total) && input.total > 0 ? Math.floor(input.total) : 0;
  const pageCount = pageCountOf(total, limit);
  const page = Math.min(positive(input.page, 1), pageCount);

  let numbers: (number | 'start-gap' | 'end-gap')[];
  if (pageCount <= FULL_LENGTH) {
    numbers = range(1, pageCount);
  } else {
    // Keep the window of siblings the same width near either end.
    const windowStart = Math.max(
      Math.min(page - SIBLINGS, pageCount - BOUNDARIES - 2 * SIBLINGS - 1),
      BOUNDARIES + 2,
    );
    const windowEnd = Math.min(
      Math.max(page + SIBLINGS, BOUNDARIES + 2 * SIBLINGS + 2),
      pageCount - BOUNDARIES - 1,
    );
    numbers = [
      ...range(1, BOUNDARIES),
      windowStart > BOUNDARIES + 2 ? 'start-gap' : BOUNDARIES + 1,
      ...range(windowStart, windowEnd),
      windowEnd < pageCount - BOUNDARIES - 1 ? 'end-gap' : pageCount - BOUNDARIES,
      ...range(pageCount - BOUNDARIES + 1, pageCount),
    ];
  }

  const items: PagerItem[] = numbers.map((entry) =>
    typeof entry === 'number'
      ? { kind: 'page', page: entry, current: entry === page }
      : { kind: 'gap', key: entry },
  );

  return {
    pageCount,
    page,
    hasPrevious: page > 1,
    hasNext: page < pageCount,
    items,
    firstRow: total === 0 ? 0 : (page - 1) * limit + 1,
    lastRow: Math.min(total, page * limit),
  };
}
