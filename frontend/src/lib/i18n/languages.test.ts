import { canonicalLanguage, directionOf, directionOfText } from './languages';

describe('canonicalLanguage', () => {
  it.each([
    ['en', 'en-US'],
    ['en_GB', 'en-US'],
    ['zh-Hans', 'zh-CN'],
    ['zh-HK', 'zh-TW'],
    ['cs-CZ', 'cz'],
    ['pt-BR', 'pt'],
    ['AR', 'ar'],
  ])('%s → %s', (requested, code) => {
    expect(canonicalLanguage(requested)).toBe(code);
  });

  it.each(['', 'xx', '12', 'en US', null, undefined])('%s → null', (requested) => {
    expect(canonicalLanguage(requested)).toBeNull();
  });
});

describe('directionOfText', () => {
  it('gives server text the direction of its own language', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOfText('ar')).toBe('rtl');
    expect(directionOfText('en-US')).toBe('ltr');
    expect(directionOfText('en')).toBe('ltr');
  });

  it('inherits when the language is unknown or absent', () => {
    expect(directionOfText('')).toBeUndefined();
    expect(directionOfText('xx')).toBeUndefined();
    expect(directionOfText(undefined)).toBeUndefined();
  });
});
