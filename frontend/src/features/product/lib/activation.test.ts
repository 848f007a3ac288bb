import { checkActivation, countryNames } from './activation';

describe('checkActivation', () => {
  it('is worldwide without a country list', () => {
    expect(checkActivation([], 'US')).toBe('worldwide');
    expect(checkActivation([], null)).toBe('worldwide');
  });

  it('tells whether the shopper country is included', () => {
    expect(checkActivation(['DE', 'AT', 'CH'], 'de')).toBe('included');
    expect(checkActivation(['DE', 'AT', 'CH'], 'US')).toBe('excluded');
  });

  it('cannot tell without the shopper country', () => {
    expect(checkActivation(['DE'], undefined)).toBe('unknown');
    expect(checkActivation(['DE'], '')).toBe('unknown');
  });
});

describe('countryNames', () => {
  it('names countries in the UI language, sorted', () => {
    expect(countryNames(['DE', 'AT', 'CH'], 'en-US')).toEqual([
      'Austria',
      'Germany',
      'Switzerland',
    ]);
    expect(countryNames(['DE', 'AT'], 'de')).toEqual(['Deutschland', 'Österreich']);
  });

  it('keeps an unknown code as it is', () => {
    expect(countryNames(['XK1'], 'en-US')).toEqual(['XK1']);
  });
});
