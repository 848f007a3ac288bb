import { pageCountOf, pagerModel, type PagerItem } from './pagination';

/** The items as text: numbers, `[n]` for the current page, `…` for a gap. */
function show(items: PagerItem[]): string {
  return items
    .map((item) =>
      item.kind === 'gap' ? '…' : item.current ? `[${item.page}]` : String(item.page),
    )
    .join(' ');
}

describe('pageCountOf', () => {
  it('rounds up and never goes below one page', () => {
    expect(pageCountOf(0, 20)).toBe(1);
    expect(pageCountOf(20, 20)).toBe(1);
    expect(pageCountOf(21, 20)).toBe(2);
    expect(pageCountOf(301, 50)).toBe(7);
    expect(pageCountOf(-5, 20)).toBe(1);
  });
});

describe('pagerModel', () => {
  it('shows every page when there are seven or fewer', () => {
    expect(show(pagerModel({ page: 1, total: 45, limit: 10 }).items)).toBe('[1] 2 3 4 5');
    expect(show(pagerModel({ page: 4, total: 70, limit: 10 }).items)).toBe('1 2 3 [4] 5 6 7');
  });

  it('shows first, last, the current page with its neighbours and gaps', () => {
    expect(show(pagerModel({ page: 10, total: 400, limit: 20 }).items)).toBe('1 … 9 [10] 11 … 20');
  });

  it('keeps seven items near the start and the end', () => {
    const near = (page: number) => show(pagerModel({ page, total: 200, limit: 10 }).items);
    expect(near(1)).toBe('[1] 2 3 4 5 … 20');
    expect(near(3)).toBe('1 2 [3] 4 5 … 20');
    expect(near(4)).toBe('1 2 3 [4] 5 … 20');
    expect(near(5)).toBe('1 … 4 [5] 6 … 20');
    expect(near(16)).toBe('1 … 15 [16] 17 … 20');
    expect(near(17)).toBe('1 … 16 [17] 18 19 20');
    expect(near(20)).toBe('1 … 16 17 18 19 [20]');
    for (let page = 1; page <= 20; page += 1) {
      expect(pagerModel({ page, total: 200, limit: 10 }).items).toHaveLength(7);
    }
  });

  it('has no previous on the first page and no next on the last', () => {
    expect(pagerModel({ page: 1, total: 100, limit: 10 })).toMatchObject({
      hasPrevious: false,
      hasNext: true,
    });
    expect(pagerModel({ page: 10, total: 100, limit: 10 })).toMatchObject({
      hasPrevious: true,
      hasNext: false,
    });
  });

  it('clamps a page beyond the end or below 1', () => {
    expect(pagerModel({ page: 99, total: 45, limit: 10 }).page).toBe(5);
    expect(pagerModel({ page: 0, total: 45, limit: 10 }).page).toBe(1);
    expect(pagerModel({ page: Number.NaN, total: 45, limit: 10 }).page).toBe(1);
  });

  it('reports the rows shown on the page', () => {
    expect(pagerModel({ page: 3, total: 45, limit: 20 })).toMatchObject({
      firstRow: 41,
      lastRow: 45,
    });
    expect(pagerModel({ page: 1, total: 0, limit: 20 })).toMatchObject({
      pageCount: 1,
      firstRow: 0,
      lastRow: 0,
      hasNext: false,
    });
  });
});
