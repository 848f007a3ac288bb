import type { ImportReportDto, KeyFileFormat } from '@/api/types';

/**
 * The most bytes of text one import call carries: the API's JSON bodies are small (64 KB by
 * default), and escaping can double a line full of quotes.
 */
export const MAX_PART_BYTES = 30_000;
/** The invalid positions a report names (as `keyshop keys import` does). */
const MAX_INVALID_LINES = 20;

/** A part of a key file: whole lines, and how many keys came before it. */
export interface KeyFilePart {
  text: string;
  offset: number;
}

/** How a file is read: CSV by its name or type, else one key per line. */
export function formatOf(file: { name: string; type: string }): KeyFileFormat {
  return /\.csv$/i.test(file.name) || file.type === 'text/csv' ? 'csv' : 'txt';
}

/**
 * A key file cut into parts of whole lines, each at most `maxBytes` of UTF-8, blank lines and a
 * CSV `key,…` header left out, so the positions the service reports in a part plus the
 * part's offset are the positions of the whole file (as the CLI counts them).
 */
export function splitKeyFile(
  text: string,
  format: KeyFileFormat,
  maxBytes = MAX_PART_BYTES,
): KeyFilePart[] {
  const encoder = new TextEncoder();
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  if (format === 'csv' && lines.length > 0) {
    const first = (lines[0] ?? '').split(',')[0]?.replace(/"/g, '').trim().toLowerCase();
    if (first === 'key') lines.shift();
  }
  const parts: KeyFilePart[] = [];
  let current: string[] = [];
  let size = 0;
  let offset = 0;
  for (const line of lines) {
    const bytes = encoder.encode(line).length + 1;
    if (current.length > 0 && size + bytes > maxBytes) {
      parts.push({ text: current.join('\n'), offset });
      offset += current.length;
      current = [];
      size = 0;
    }
    current.push(line);
    size += bytes;
  }
  if (current.length > 0) parts.push({ text: current.join('\n'), offset });
  return parts;
}

/** The report of a whole file from the reports of its parts, in order. */
export function mergeReports(
  reports: { report: ImportReportDto; offset: number }[],
): ImportReportDto {
  const merged: ImportReportDto = {
    imported: 0,
    duplicates: 0,
    invalid: 0,
    available: 0,
    invalidLines: [],
  };
  for (const { report, offset } of reports) {
    merged.imported += report.imported;
    merged.duplicates += report.duplicates;
    merged.invalid += report.invalid;
    merged.available = report.available;
    merged.invalidLines.push(...report.invalidLines.map((line) => line + offset));
  }
  merged.invalidLines = merged.invalidLines.slice(0, MAX_INVALID_LINES);
  return merged;
}
