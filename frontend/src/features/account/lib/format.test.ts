import { progressPercent } from './format';

describe('progressPercent', () => {
  it('is the share of the way to the next level, bounded', () => {
    expect(progressPercent(5_000, 0, 10_000)).toBe(50);
    expect(progressPercent(12_345, 10_000, 50_000)).toBe(6);
    expect(progressPercent(-1, 0, 10)).toBe(0);
    expect(progressPercent(20, 0, 10)).toBe(100);
    expect(progressPercent(5, 10, 10)).toBe(100);
  });
});
