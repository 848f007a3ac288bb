import { formatAverage, ratingBars } from './rating';

describe('ratingBars', () => {
  it('gives one bar per star from 5 down to 1 with its share', () => {
    expect(ratingBars({ stars: { '1': 0, '2': 1, '3': 2, '4': 5, '5': 9 } })).toEqual([
      { stars: 5, count: 9, percent: 53 },
      { stars: 4, count: 5, percent: 29 },
      { stars: 3, count: 2, percent: 12 },
      { stars: 2, count: 1, percent: 6 },
      { stars: 1, count: 0, percent: 0 },
    ]);
  });

  it('shows empty bars without reviews, and ignores missing or bad counts', () => {
    expect(ratingBars(undefined).map((bar) => bar.percent)).toEqual([0, 0, 0, 0, 0]);
    expect(ratingBars({ stars: { '5': 3, '4': -2, '3': Number.NaN } })).toEqual([
      { stars: 5, count: 3, percent: 100 },
      { stars: 4, count: 0, percent: 0 },
      { stars: 3, count: 0, percent: 0 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 0, percent: 0 },
    ]);
  });
});

describe('formatAverage', () => {
  it('rounds to one decimal and is null without reviews', () => {
    expect(formatAverage({ average: 4.249, count: 17 })).toBe('4.2');
    expect(formatAverage({ average: 4, count: 1 })).toBe('4.0');
    expect(formatAverage({ average: 0, count: 0 })).toBeNull();
    expect(formatAverage(undefined)).toBeNull();
  });
});
