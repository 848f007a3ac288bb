/**
 * Product and news titles are cut to a width budget before they are shown in tight places
 * (cards, suggestions, breadcrumbs). Widths are counted in units: a CJK character (and any
 * other East Asian wide or full-width character) takes 2 units, everything else 1. A cut
 * title ends with `…`, which takes 1 unit, so the result never exceeds the budget.
 */
export const DEFAULT_TITLE_WIDTH = 40;
export const MIN_TITLE_WIDTH = 30;
export const ELLIPSIS = '…';

/** Code point ranges drawn two columns wide: Hangul, CJK, kana, full-width forms. */
const WIDE_RANGES: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x20000, 0x3fffd],
];

/** 2 for a wide (CJK) code point, else 1. */
export function codePointWidth(codePoint: number): 1 | 2 {
  for (const [start, end] of WIDE_RANGES) {
    if (codePoint < start) return 1;
    if (codePoint <= end) return 2;
  }
  return 1;
}

/** The width of a text in units. */
export function textWidth(text: string): number {
  let width = 0;
  for (const character of text) width += codePointWidth(character.codePointAt(0) ?? 0);
  return width;
}

/**
 * `truncateTitle("Crimson Frontier: The Complete Collection of Everything", 40)`
 * → `"Crimson Frontier: The Complete Collecti…"`. Budgets below 30 units are raised to 30;
 * a budget that is not a number falls back to 40. Text within the budget is returned as is.
 */
export function truncateTitle(title: string, maxWidth: number = DEFAULT_TITLE_WIDTH): string {
  const budget = Number.isFinite(maxWidth)
    ? Math.max(MIN_TITLE_WIDTH, Math.floor(maxWidth))
    : DEFAULT_TITLE_WIDTH;
  if (textWidth(title) <= budget) return title;

  const room = budget - textWidth(ELLIPSIS);
  let used = 0;
  let kept = '';
  for (const character of title) {
    const width = codePointWidth(character.codePointAt(0) ?? 0);
    if (used + width > room) break;
    kept += character;
    used += width;
  }
  return `${kept.trimEnd()}${ELLIPSIS}`;
}
