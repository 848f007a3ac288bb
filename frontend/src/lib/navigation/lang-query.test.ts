import { decideLangQuery, removeLangParam } from './lang-query';

describe('lang query rules', () => {
  it('R1: without a lang param the stored language stays and the address is left alone', () => {
    expect(decideLangQuery('', 'en-US')).toEqual({
      rule: 'none',
      switchTo: null,
      strippedSearch: null,
    });
    expect(decideLangQuery('?page=2', 'fr')).toEqual({
      rule: 'none',
      switchTo: null,
      strippedSearch: null,
    });
  });

  it('R2: a supported code as written switches to it', () => {
    expect(decideLangQuery('?lang=de', 'en-US')).toEqual({
      rule: 'switch-exact',
      switchTo: 'de',
      strippedSearch: '',
    });
    expect(decideLangQuery('?lang=zh-TW', 'en-US').switchTo).toBe('zh-TW');
  });

  it('R3: another case or an alias switches to the canonical code', () => {
    expect(decideLangQuery('?lang=DE', 'en-US')).toMatchObject({
      rule: 'switch-alias',
      switchTo: 'de',
    });
    expect(decideLangQuery('?lang=zh_hant', 'en-US').switchTo).toBe('zh-TW');
    expect(decideLangQuery('?lang=pt-BR', 'en-US').switchTo).toBe('pt');
    expect(decideLangQuery('?lang=cs', 'en-US').switchTo).toBe('cz');
  });

  it('R4: an unknown or empty value keeps the current language', () => {
    expect(decideLangQuery('?lang=xx', 'fr')).toEqual({
      rule: 'unsupported',
      switchTo: null,
      strippedSearch: '',
    });
    expect(decideLangQuery('?lang=', 'fr').rule).toBe('unsupported');
    expect(decideLangQuery('?lang=<script>', 'fr').rule).toBe('unsupported');
  });

  it('R5: naming the current language changes nothing', () => {
    expect(decideLangQuery('?lang=ja', 'ja')).toEqual({
      rule: 'same',
      switchTo: null,
      strippedSearch: '',
    });
    expect(decideLangQuery('?lang=EN', 'en-US').rule).toBe('same');
  });

  it('R6: the param is removed and the other params are kept in order', () => {
    expect(decideLangQuery('?page=2&lang=de&sort=1', 'en-US').strippedSearch).toBe(
      '?page=2&sort=1',
    );
    expect(removeLangParam('?lang=de&lang=fr&q=a%20b')).toBe('?q=a+b');
    expect(removeLangParam('?lang=de')).toBe('');
  });
});
