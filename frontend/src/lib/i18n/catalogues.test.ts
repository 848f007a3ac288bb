/**
 * Every catalogue in `locales/` must exist and carry every key of en-US (the staff console's
 * `staff.*` included) with the same `{{placeholders}}`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { LANGUAGE_CODES } from './languages';

type Tree = Record<string, unknown>;

const LOCALES_DIR = path.resolve(__dirname, '../../../../locales');
const CATALOGUE_DIRS = [LOCALES_DIR] as const;

function readCatalogue(dir: string, code: string): Tree {
  return JSON.parse(readFileSync(path.join(dir, `${code}.json`), 'utf8')) as Tree;
}

/** Flattens a catalogue to `dotted.key → text`. */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const dotted = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      flatten(value as Tree, dotted).forEach((text, nested) => entries.set(nested, text));
    } else {
      entries.set(dotted, value);
    }
  }
  return entries;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe.each(CATALOGUE_DIRS)('locale catalogues in %s', (dir) => {
  const reference = flatten(readCatalogue(dir, 'en-US'));

  it('en-US has only non-empty strings', () => {
    for (const [key, text] of reference) {
      expect({ key, ok: typeof text === 'string' && text.trim() !== '' }).toEqual({
        key,
        ok: true,
      });
    }
  });

  describe.each(LANGUAGE_CODES.filter((code) => code !== 'en-US'))('%s', (code) => {
    const file = path.join(dir, `${code}.json`);

    it('exists', () => {
      expect(existsSync(file)).toBe(true);
    });

    it('has every en-US key, translated, with the same placeholders', () => {
      if (!existsSync(file)) throw new Error(`${file} is missing`);
      const catalogue = flatten(readCatalogue(dir, code));
      const missing: string[] = [];
      const wrongPlaceholders: string[] = [];
      for (const [key, english] of reference) {
        const text = catalogue.get(key);
        if (typeof text !== 'string' || text.trim() === '') {
          missing.push(key);
        } else if (placeholders(text).join() !== placeholders(String(english)).join()) {
          wrongPlaceholders.push(key);
        }
      }
      expect({ missing, wrongPlaceholders }).toEqual({ missing: [], wrongPlaceholders: [] });
    });
  });
});
