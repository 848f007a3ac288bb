import { countdown, formatExpiry, groupCardNumber } from './countdown';

describe('countdown', () => {
  it('shows minutes and seconds left, rounded up', () => {
    expect(countdown(15 * 60 * 1000, 0)).toBe('15:00');
    expect(countdown(61_001, 0)).toBe('01:02');
    expect(countdown(59_000, 0)).toBe('00:59');
  });

  it('stops at zero', () => {
    expect(countdown(1000, 5000)).toBe('00:00');
  });
});

describe('card fields', () => {
  it('groups the number by four and caps it at 19 digits', () => {
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('4242-42')).toBe('4242 42');
    expect(groupCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('writes the expiry as MM/YY', () => {
    expect(formatExpiry('1239')).toBe('12/39');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12/3')).toBe('12/3');
  });
});
