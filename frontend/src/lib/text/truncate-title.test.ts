import {
  codePointWidth,
  DEFAULT_TITLE_WIDTH,
  ELLIPSIS,
  MIN_TITLE_WIDTH,
  textWidth,
  truncateTitle,
} from './truncate-title';

const LONG = 'Crimson Frontier: The Complete Collection of Everything Ever Made';

describe('textWidth', () => {
  it('counts Latin, Cyrillic and Arabic characters as 1 unit', () => {
    expect(textWidth('Crimson')).toBe(7);
    expect(textWidth('Привет')).toBe(6);
    expect(textWidth('مرحبا')).toBe(5);
  });

  it('counts CJK, kana, Hangul and full-width characters as 2 units', () => {
    expect(textWidth('游戏')).toBe(4);
    expect(textWidth('ゲーム')).toBe(6);
    expect(textWidth('게임')).toBe(4);
    expect(textWidth('ＡＢ')).toBe(4);
    expect(textWidth('Go 游戏')).toBe(7);
  });

  it('counts a character outside the BMP once, by code point', () => {
    expect(textWidth('𠀀')).toBe(2);
    expect(textWidth('🎮')).toBe(1);
    expect(codePointWidth(0x20000)).toBe(2);
  });
});

describe('truncateTitle', () => {
  it('keeps a title within 40 units as it is', () => {
    const exact = 'x'.repeat(DEFAULT_TITLE_WIDTH);
    expect(truncateTitle(exact)).toBe(exact);
    expect(truncateTitle('Crimson Frontier')).toBe('Crimson Frontier');
    expect(truncateTitle('')).toBe('');
  });

  it('cuts to 40 units by default, the ellipsis included', () => {
    const cut = truncateTitle(LONG);
    expect(cut.endsWith(ELLIPSIS)).toBe(true);
    expect(textWidth(cut)).toBeLessThanOrEqual(DEFAULT_TITLE_WIDTH);
    expect(cut).toBe('Crimson Frontier: The Complete Collecti…');
  });

  it('counts CJK as 2 units when cutting', () => {
    const chinese = '深红边疆完整收藏版包含所有扩展内容和额外的季票奖励';
    const cut = truncateTitle(chinese);
    expect(textWidth(cut)).toBeLessThanOrEqual(40);
    // 19 characters × 2 = 38 units, + the ellipsis = 39; a 20th would make 41.
    expect(cut).toBe(`${chinese.slice(0, 19)}${ELLIPSIS}`);
  });

  it('never cuts a wide character in half and mixes widths correctly', () => {
    const mixed = `Frontier ${'边'.repeat(30)}`;
    const cut = truncateTitle(mixed, 30);
    expect(textWidth(cut)).toBeLessThanOrEqual(30);
    expect(cut).toBe(`Frontier ${'边'.repeat(10)}${ELLIPSIS}`);
  });

  it('honours a larger budget', () => {
    expect(truncateTitle(LONG, 60)).toHaveLength(60);
    expect(truncateTitle(LONG, 100)).toBe(LONG);
  });

  it('raises a budget below 30 units to 30', () => {
    const cut = truncateTitle(LONG, 10);
    expect(textWidth(cut)).toBe(MIN_TITLE_WIDTH);
    expect(cut).toBe(truncateTitle(LONG, MIN_TITLE_WIDTH));
  });

  it('falls back to 40 for a budget that is not a number', () => {
    expect(truncateTitle(LONG, Number.NaN)).toBe(truncateTitle(LONG));
  });

  it('does not leave a space before the ellipsis', () => {
    const title = `${'a'.repeat(38)} bcdef`;
    expect(truncateTitle(title)).toBe(`${'a'.repeat(38)}${ELLIPSIS}`);
  });

  it('keeps surrogate pairs whole', () => {
    const title = '🎮'.repeat(45);
    const cut = truncateTitle(title);
    expect(Array.from(cut)).toHaveLength(40);
    expect(cut.endsWith(`🎮${ELLIPSIS}`)).toBe(true);
  });
});
