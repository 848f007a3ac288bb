import {
  activeFilters,
  clearFilters,
  EMPTY_FILTERS,
  effectiveSort,
  normalizePrice,
  parseFilters,
  removeFilter,
  serializeFilters,
  toggleCode,
  toQueryGamesParams,
  updateFilters,
  type ProductFilters,
} from './filters';

const FULL: ProductFilters = {
  text: 'crimson frontier',
  type: ['game', 'dlc'],
  platform: ['steam', 'gog'],
  genre: ['action', 'rpg'],
  region: ['global', 'europe'],
  language: ['de', 'en-US'],
  stock: ['in_stock', 'preorder'],
  priceMin: '10',
  priceMax: '49.99',
  currency: 'EUR',
  perOrderLimit: 3,
  sort: 'price_asc',
  page: 3,
  limit: 50,
};

describe('filters ⇄ URL query', () => {
  it('reads every filter from the address', () => {
    expect(
      parseFilters(
        '?text=crimson+frontier&type=game,dlc&platform=steam,gog&genre=action,rpg' +
          '&region=global,europe&language=de,en-US&stock=in_stock,preorder&priceMin=10' +
          '&priceMax=49.99&currency=EUR&perOrderLimit=3&sort=price_asc&page=3&limit=50',
      ),
    ).toEqual(FULL);
  });

  it('writes them in one canonical order, codes in list order, commas unescaped', () => {
    expect(serializeFilters(FULL)).toBe(
      '?text=crimson+frontier&type=game,dlc&platform=steam,gog&genre=action,rpg' +
        '&region=global,europe&language=de,en-US&stock=in_stock,preorder&priceMin=10' +
        '&priceMax=49.99&currency=EUR&perOrderLimit=3&sort=price_asc&page=3&limit=50',
    );
  });

  it('round-trips: parse(serialize(f)) = f', () => {
    const samples: ProductFilters[] = [
      EMPTY_FILTERS,
      FULL,
      { ...EMPTY_FILTERS, platform: ['xbox'], sort: 'newest' },
      { ...EMPTY_FILTERS, priceMax: '5', currency: 'USD', page: 2 },
      { ...EMPTY_FILTERS, text: '深红 边疆 & co', limit: 10 },
    ];
    for (const filters of samples) {
      expect(parseFilters(serializeFilters(filters))).toEqual(filters);
    }
  });

  it('round-trips: serialize(parse(q)) is the canonical form of q', () => {
    expect(serializeFilters(parseFilters('?platform=gog,steam,steam&page=1&limit=20'))).toBe(
      '?platform=steam,gog',
    );
    expect(serializeFilters(parseFilters('?sort=rating&platform=xbox'))).toBe(
      '?platform=xbox&sort=rating',
    );
    const canonical = serializeFilters(FULL);
    expect(serializeFilters(parseFilters(canonical))).toBe(canonical);
  });

  it('leaves the defaults out of the address', () => {
    expect(serializeFilters(EMPTY_FILTERS)).toBe('');
    expect(parseFilters('')).toEqual(EMPTY_FILTERS);
  });

  it('drops unknown codes and malformed values', () => {
    expect(
      parseFilters(
        '?platform=steam,atari&genre=<x>&sort=cheapest&page=-2&limit=25&perOrderLimit=0' +
          '&priceMin=abc&priceMax=1e3&language=xx,de',
      ),
    ).toEqual({ ...EMPTY_FILTERS, platform: ['steam'], language: ['de'] });
  });

  it('keeps a currency only with a price range', () => {
    expect(parseFilters('?currency=EUR').currency).toBeNull();
    expect(parseFilters('?priceMin=5&currency=eur').currency).toBe('EUR');
    expect(serializeFilters({ ...EMPTY_FILTERS, currency: 'EUR' })).toBe('');
  });

  it('swaps a price range given the wrong way round', () => {
    expect(parseFilters('?priceMin=50&priceMax=10')).toMatchObject({
      priceMin: '10',
      priceMax: '50',
    });
  });
});

describe('normalizePrice', () => {
  it.each([
    ['10', '10'],
    ['10.50', '10.5'],
    ['007', '7'],
    [' 4,99 ', '4.99'],
    ['0', '0'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePrice(input)).toBe(expected);
  });

  it.each(['', '-1', '1.234', 'abc', '1e3'])('rejects %s', (input) => {
    expect(normalizePrice(input)).toBeNull();
  });
});

describe('the API query', () => {
  it('joins codes with commas and sends the price range with its currency', () => {
    expect(toQueryGamesParams(FULL, 'USD')).toEqual({
      text: 'crimson frontier',
      type: 'game,dlc',
      platform: 'steam,gog',
      genre: 'action,rpg',
      region: 'global,europe',
      language: 'de,en-US',
      stock: 'in_stock,preorder',
      priceMin: '10',
      priceMax: '49.99',
      currency: 'EUR',
      perOrderLimit: 3,
      sort: 'price_asc',
      page: 3,
      limit: 50,
    });
  });

  it('uses the display currency for a range typed without one and leaves out the rest', () => {
    const params = toQueryGamesParams({ ...EMPTY_FILTERS, priceMin: '5' }, 'JPY');
    expect(params).toMatchObject({ priceMin: '5', currency: 'JPY', page: 1, limit: 20 });
    expect(params.sort).toBeUndefined();
    expect(toQueryGamesParams(EMPTY_FILTERS, 'JPY').currency).toBeUndefined();
  });

  it('knows the server default sort', () => {
    expect(effectiveSort({ sort: null, text: '' })).toBe('best_selling');
    expect(effectiveSort({ sort: null, text: 'doom' })).toBe('relevance');
    expect(effectiveSort({ sort: 'newest', text: 'doom' })).toBe('newest');
  });
});

describe('changing filters', () => {
  it('goes back to page 1 unless the page itself changes', () => {
    const onPage3 = { ...EMPTY_FILTERS, page: 3 };
    expect(updateFilters(onPage3, { sort: 'newest' }).page).toBe(1);
    expect(updateFilters(onPage3, { page: 4 }).page).toBe(4);
    expect(toggleCode(onPage3, 'platform', 'steam').page).toBe(1);
  });

  it('toggles a code on and off, keeping the list order', () => {
    const withGog = toggleCode(EMPTY_FILTERS, 'platform', 'gog');
    const both = toggleCode(withGog, 'platform', 'steam');
    expect(both.platform).toEqual(['steam', 'gog']);
    expect(toggleCode(both, 'platform', 'gog').platform).toEqual(['steam']);
  });

  it('lists one chip per active filter and removes each', () => {
    const chips = activeFilters(FULL);
    expect(chips).toHaveLength(1 + 2 * 6 + 1 + 1);
    let filters = FULL;
    for (const chip of chips) filters = removeFilter(filters, chip);
    expect(filters).toEqual({ ...EMPTY_FILTERS, sort: 'price_asc', limit: 50 });
  });

  it('clears every filter but keeps the sort and page size', () => {
    expect(clearFilters(FULL)).toEqual({ ...EMPTY_FILTERS, sort: 'price_asc', limit: 50 });
    expect(activeFilters(clearFilters(FULL))).toEqual([]);
  });
});
