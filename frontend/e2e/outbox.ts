import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The store's e-mail outbox (`.eml` files) of the run `.ci/with-keyshop` started. */
function outboxDir(): string {
  const data = process.env.KEYSHOP_DATA_DIR;
  if (!data)
    throw new Error('KEYSHOP_DATA_DIR is not set: run the browser tests through .ci/with-keyshop');
  return join(data, 'outbox');
}

/** A MIME part's body decoded (quoted-printable or base64). */
function decodeBody(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    return decodeQuotedPrintable(body);
  }
  return body;
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Every e-mail to `to`, oldest first, as the text of all its parts. */
export function mailsTo(to: string): string[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir()).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((name) => join(outboxDir(), name))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
    .map((path) => readFileSync(path, 'utf8'))
    .filter((raw) => raw.toLowerCase().includes(`to: ${to.toLowerCase()}`))
    .map((raw) =>
      raw
        .split(/\r?\n\r?\n/)
        .reduce<{ text: string[]; headers: string }>(
          (acc, chunk) => ({ text: [...acc.text, decodeBody(acc.headers, chunk)], headers: chunk }),
          { text: [], headers: '' },
        )
        .text.concat(
          // A quoted-printable body's later paragraphs follow a blank line, so
          // the split above leaves them encoded: the whole mail decoded as well.
          /quoted-printable/i.test(raw) ? [decodeQuotedPrintable(raw)] : [],
        )
        .join('\n'),
    );
}

/** Waits for the newest e-mail to `to` that matches `pattern`; its first group. */
export async function waitForMail(
  to: string,
  pattern: RegExp,
  timeoutMs = 10_000,
): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const match = mailsTo(to)
      .reverse()
      .map((mail) => pattern.exec(mail))
      .find((found) => found !== null);
    if (match) return match[1] ?? match[0];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail to ${to} matching ${String(pattern)}`);
}

/** `keyshop admin …` on the running store's data. */
export function keyshopAdmin(...args: string[]): void {
  const binary = process.env.E2E_KEYSHOP_BIN;
  if (!binary) {
    throw new Error('E2E_KEYSHOP_BIN is not set: run the browser tests through .ci/with-keyshop');
  }
  // The store's own settings only: KEYSHOP_URL is the tests', not a store setting.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'KEYSHOP_URL'),
  );
  execFileSync(binary, ['admin', ...args], { env, stdio: 'pipe' });
}
