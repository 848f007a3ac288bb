import { localTitle } from './local-title';

describe('localTitle', () => {
  const product = { title: 'Star Voyager', titles: { ja: '星の旅人', de: '  ' } };

  it('takes the title written in the language', () => {
    expect(localTitle(product, 'ja')).toBe('星の旅人');
  });

  it('falls back to English where none is written', () => {
    expect(localTitle(product, 'fr')).toBe('Star Voyager');
    expect(localTitle(product, 'de')).toBe('Star Voyager');
    expect(localTitle({ title: 'Plain' }, 'ja')).toBe('Plain');
  });
});
