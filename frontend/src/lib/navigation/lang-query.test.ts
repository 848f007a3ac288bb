import { decideLangQuery, removeLangParam, searchForLanguage, withLangParam } from './lang-query';

describe('lang query rules', () => {
  it('L1: without lang, English or nothing stored, the address is left alone', () => {
    expect(decideLangQuery('', 'en-US', true)).toEqual({
      rule: 'none',
      switchTo: null,
      redirect: null,
    });
    expect(decideLangQuery('?page=2', 'en-US', false).redirect).toBeNull();
  });

  it('L1: without lang, a stored non-English language is added to the address', () => {
    expect(decideLangQuery('?page=2', 'fr', true)).toEqual({
      rule: 'add-stored',
      switchTo: null,
      redirect: { pathname: null, search: '?page=2&lang=fr' },
    });
    expect(decideLangQuery('', 'zh-TW', true).redirect?.search).toBe('?lang=zh-TW');
  });

  it('L2: a supported code as written switches to it and the address stays', () => {
    expect(decideLangQuery('?lang=de', 'en-US', false)).toEqual({
      rule: 'switch-exact',
      switchTo: 'de',
      redirect: null,
    });
    expect(decideLangQuery('?lang=zh-TW', 'fr', true).switchTo).toBe('zh-TW');
  });

  it('L3: another case or an alias switches to the canonical code, written back', () => {
    expect(decideLangQuery('?lang=DE&page=2', 'en-US', false)).toEqual({
      rule: 'switch-alias',
      switchTo: 'de',
      redirect: { pathname: null, search: '?lang=de&page=2' },
    });
    expect(decideLangQuery('?lang=zh_hant', 'en-US', false).switchTo).toBe('zh-TW');
    expect(decideLangQuery('?lang=pt-BR', 'en-US', false).switchTo).toBe('pt');
    expect(decideLangQuery('?lang=cs', 'en-US', false).switchTo).toBe('cz');
  });

  it('L4: an unsupported lang is rewritten to the stored language', () => {
    expect(decideLangQuery('?page=2&lang=xx', 'it', true)).toEqual({
      rule: 'unsupported-stored',
      switchTo: null,
      redirect: { pathname: null, search: '?page=2&lang=it' },
    });
    expect(decideLangQuery('?lang=', 'en-US', true).redirect?.search).toBe('?lang=en-US');
    expect(decideLangQuery('?lang=<script>', 'fr', true).rule).toBe('unsupported-stored');
  });

  it('L4: an unsupported lang with nothing stored goes home', () => {
    expect(decideLangQuery('?lang=xx&page=2', 'en-US', false)).toEqual({
      rule: 'unsupported-home',
      switchTo: null,
      redirect: { pathname: '/', search: '' },
    });
  });

  it('L5: naming the current language changes nothing', () => {
    expect(decideLangQuery('?lang=ja', 'ja', true)).toEqual({
      rule: 'same',
      switchTo: null,
      redirect: null,
    });
    expect(decideLangQuery('?lang=EN', 'en-US', true)).toEqual({
      rule: 'same',
      switchTo: null,
      redirect: { pathname: null, search: '?lang=en-US' },
    });
  });

  it('rewrites keep the other params in order and write lang once', () => {
    expect(withLangParam('?page=2&lang=de&sort=1&lang=fr', 'ja')).toBe('?page=2&lang=ja&sort=1');
    expect(withLangParam('?q=a%20b', 'ko')).toBe('?q=a+b&lang=ko');
    expect(removeLangParam('?lang=de&lang=fr&q=a%20b')).toBe('?q=a+b');
    expect(removeLangParam('?lang=de')).toBe('');
  });

  it('the switcher writes the new language, none for English', () => {
    expect(searchForLanguage('?page=2&lang=de', 'fr')).toBe('?page=2&lang=fr');
    expect(searchForLanguage('?page=2&lang=de', 'en-US')).toBe('?page=2');
    expect(searchForLanguage('', 'ar')).toBe('?lang=ar');
  });
});
