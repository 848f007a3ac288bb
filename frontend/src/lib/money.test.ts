import { convertMinorUnits, formatMoney, groupThousands } from './money';

const USD = { symbol: '$', rate: 1 };
const EUR = { symbol: '€', rate: 0.92 };

describe('formatMoney', () => {
  it('puts the symbol before the amount with two decimals', () => {
    expect(formatMoney(499, USD)).toBe('$4.99');
    expect(formatMoney(500, USD)).toBe('$5.00');
    expect(formatMoney(5, USD)).toBe('$0.05');
  });

  it('groups thousands by three with commas', () => {
    expect(formatMoney(123_456_789, USD)).toBe('$1,234,567.89');
    expect(formatMoney(100_000, USD)).toBe('$1,000.00');
    expect(formatMoney(99_999, USD)).toBe('$999.99');
  });

  it('multiplies the USD amount by the stored rate', () => {
    expect(formatMoney(499, EUR)).toBe('€4.59');
    expect(formatMoney(123_456, EUR)).toBe('€1,135.80');
    expect(formatMoney(1_000, { symbol: '¥', rate: 151.5 })).toBe('¥1,515.00');
  });

  it('rounds half away from zero at the cent, ignoring float noise', () => {
    // 0.5 cent after conversion rounds up, even where floats give 0.49999…
    expect(formatMoney(1, { symbol: '$', rate: 0.5 })).toBe('$0.01');
    expect(formatMoney(1005, { symbol: '$', rate: 0.1 })).toBe('$1.01');
  });

  it('shows 0.00 for zero or empty amounts', () => {
    for (const empty of [0, '', '   ', null, undefined, Number.NaN, 'abc']) {
      expect(formatMoney(empty, EUR)).toBe('€0.00');
    }
  });

  it('reads amounts sent as strings', () => {
    expect(formatMoney('499', USD)).toBe('$4.99');
    expect(formatMoney(' 250000 ', USD)).toBe('$2,500.00');
  });

  it('falls back to rate 1 when the stored rate is unusable', () => {
    expect(formatMoney(499, { symbol: '$', rate: 0 })).toBe('$4.99');
    expect(formatMoney(499, { symbol: '$', rate: Number.NaN })).toBe('$4.99');
  });

  it('keeps the sign in front of the symbol for negative amounts', () => {
    expect(formatMoney(-123_456, USD)).toBe('-$1,234.56');
  });
});

describe('groupThousands', () => {
  it.each([
    ['0', '0'],
    ['999', '999'],
    ['1000', '1,000'],
    ['1234567', '1,234,567'],
  ])('%s → %s', (digits, grouped) => {
    expect(groupThousands(digits)).toBe(grouped);
  });
});

describe('convertMinorUnits', () => {
  it('returns whole minor units of the display currency', () => {
    expect(convertMinorUnits(499, 0.92)).toBe(459);
    expect(convertMinorUnits('1000', 151.5)).toBe(151_500);
  });
});
