/**
 * The server sends long text (descriptions, news, the footer pages) as plain text:
 * paragraphs separated by blank lines, and a line starting with `## ` is a subheading.
 * This turns it into blocks the UI renders as elements — never as HTML.
 */
export type TextBlock = { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string };

const HEADING_PREFIX = /^##\s+/;

export function parsePlainText(text: string, { headings = true } = {}): TextBlock[] {
  const blocks: TextBlock[] = [];
  let paragraph: string[] = [];
  const flush = (): void => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
    paragraph = [];
  };
  for (const rawLine of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.trim();
    if (line === '') {
      flush();
    } else if (headings && HEADING_PREFIX.test(line)) {
      flush();
      blocks.push({ kind: 'heading', text: line.replace(HEADING_PREFIX, '') });
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** Non-empty lines, trimmed (activation steps: one step per line). */
export function linesOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
