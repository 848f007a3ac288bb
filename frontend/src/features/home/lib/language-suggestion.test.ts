import type { LocationDto } from '@/api/types';

import { languageToSuggest } from './language-suggestion';

const german: LocationDto = {
  language: 'de',
  currency: 'EUR',
  country: 'DE',
  source: 'accept-language',
};

describe('languageToSuggest', () => {
  it('suggests the visitor language when it differs from the current one', () => {
    expect(languageToSuggest(german, 'en-US', [])).toBe('de');
    expect(
      languageToSuggest({ ...german, language: 'zh-Hant', source: 'geoip' }, 'en-US', []),
    ).toBe('zh-TW');
  });

  it('stays quiet for the current language, an unknown one or the default guess', () => {
    expect(languageToSuggest(german, 'de', [])).toBeNull();
    expect(languageToSuggest({ ...german, language: 'en-US' }, 'en-US', [])).toBeNull();
    expect(languageToSuggest({ ...german, language: 'xx' }, 'en-US', [])).toBeNull();
    expect(languageToSuggest({ ...german, source: 'default' }, 'en-US', [])).toBeNull();
    expect(languageToSuggest(undefined, 'en-US', [])).toBeNull();
  });

  it('leaves a shopper alone who already picked a language other than the default', () => {
    expect(languageToSuggest(german, 'fr', [])).toBeNull();
    expect(languageToSuggest({ ...german, language: 'en-US' }, 'ja', [])).toBeNull();
  });

  it('remembers an answer: a dismissed (or accepted) language is not suggested again', () => {
    expect(languageToSuggest(german, 'en-US', ['de'])).toBeNull();
    expect(languageToSuggest(german, 'en-US', ['fr'])).toBe('de');
  });
});
