// The SPA's API types, generated from the gateway's OpenAPI document (openapi.json, written by
// `keyshop openapi`) with openapi-typescript, in one place for both uses:
//   node scripts/api-types.mjs          writes src/api/schema.d.ts        (npm run gen:api)
//   node scripts/api-types.mjs --check  generates into a temporary file and fails when it
//                                       differs from src/api/schema.d.ts (npm run check:api)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const documentPath = path.join(root, 'openapi.json');
const schemaPath = path.join(root, 'src/api/schema.d.ts');
const generator = path.join(root, 'node_modules/.bin/openapi-typescript');

function generate(output) {
  execFileSync(generator, [documentPath, '--output', output], { cwd: root, stdio: 'pipe' });
}

if (!process.argv.includes('--check')) {
  generate(schemaPath);
  console.log(`${path.relative(root, schemaPath)} written from openapi.json`);
  process.exit(0);
}

const scratch = mkdtempSync(path.join(tmpdir(), 'keyshop-api-types-'));
try {
  const fresh = path.join(scratch, 'schema.d.ts');
  generate(fresh);
  const expected = readFileSync(fresh, 'utf8').split('\n');
  const committed = readFileSync(schemaPath, 'utf8').split('\n');
  const line = expected.findIndex((text, index) => text !== committed[index]);
  if (line === -1 && expected.length === committed.length) {
    console.log('src/api/schema.d.ts matches openapi.json');
  } else {
    const at = line === -1 ? Math.min(expected.length, committed.length) : line;
    console.error(
      `src/api/schema.d.ts does not match openapi.json (first difference at line ${at + 1}):\n` +
        `  generated: ${expected[at] ?? '(end of file)'}\n` +
        `  committed: ${committed[at] ?? '(end of file)'}\n` +
        'Run `npm run gen:api` and commit the result.',
    );
    process.exitCode = 1;
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
