// The bundle budget, run after every production build (`npm run build`, so `make run` and
// `make test` too): adds up the JavaScript each route loads first — the entry scripts of
// index.html (the home page among them), the route's own chunks and the chunks the main layout
// loads for every page's first view — in the bytes the gateway sends (the build's `.br` and
// `.gz` twins), and fails when the home page's first load is over budget: 150 KB as brotli, which every current browser accepts,
// and UI.md's 200 KB as gzip, the fallback. `npm run size` runs it alone on an existing build.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const BUDGET = { br: 150_000, gz: 200_000 };
/** Chunk groups the main layout loads for every page's first view (main-layout.tsx). */
const LAYOUT_GROUPS = ['footer'];
/**
 * Chunk groups loaded later: on first use, once the page has loaded and is idle (chat), or when
 * the footer comes near the viewport (newsletter).
 */
const LATER_GROUPS = ['chat', 'newsletter', 'menu', 'menu-drawer', 'toaster', 'viewer'];

/** The file's size as sent: its build-time twin, else compressed here the same way. */
function sent(file, encoding) {
  const twin = path.join(dist, `${file}.${encoding}`);
  if (existsSync(twin)) return readFileSync(twin).length;
  const bytes = readFileSync(path.join(dist, file));
  return (encoding === 'br' ? brotliCompressSync(bytes) : gzipSync(bytes, { level: 9 })).length;
}

const sizeOf = (files) => ({
  br: files.reduce((sum, file) => sum + sent(file, 'br'), 0),
  gz: files.reduce((sum, file) => sum + sent(file, 'gz'), 0),
});
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const both = ({ br, gz }) => `${kb(br).padStart(9)} br ${kb(gz).padStart(9)} gz`;

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((match) => match[1]);
const groups = JSON.parse(readFileSync(path.join(dist, 'asset-manifest.json'), 'utf8'));
const scriptsOf = (names, except) => [
  ...new Set(
    names
      .flatMap((name) => groups[name] ?? [])
      .filter((file) => file.endsWith('.js') && !except.includes(file)),
  ),
];
const layout = scriptsOf(LAYOUT_GROUPS, entry);
const shared = [...entry, ...layout];

console.log(`entry (${entry.join(', ')})`.padEnd(28), both(sizeOf(entry)));
console.log(`layout (${LAYOUT_GROUPS.join(', ')})`.padEnd(28), both(sizeOf(layout)));
const rows = Object.keys(groups)
  .filter((name) => name.startsWith('route-') || LATER_GROUPS.includes(name))
  .sort()
  .map((name) => {
    const own = sizeOf(scriptsOf([name], shared));
    const firstLoad = name.startsWith('route-')
      ? sizeOf([...shared, ...scriptsOf([name], shared)])
      : null;
    return { name, own, firstLoad };
  });
for (const row of rows) {
  const first = row.firstLoad ? `first load ${both(row.firstLoad)}` : 'later';
  console.log(`  ${row.name.padEnd(24)}`, both(row.own), `  ${first}`);
}

// The home page is in the entry (routes.tsx): it renders as soon as the entry has run.
if (groups['route-home']) throw new Error('the home page left the entry (route-home chunk group)');
// The entry script keeps V8's compile hint (webpack.config.mjs), which a minifier would drop.
const HINT = '//# allFunctionsCalledOnLoad\n';
for (const file of entry.filter((name) => /^static\/js\/main\./.test(name))) {
  if (!readFileSync(path.join(dist, file), 'utf8').startsWith(HINT)) {
    throw new Error(`${file} lost its compile hint (${HINT.trim()})`);
  }
}
const home = sizeOf(shared);
const over = Object.entries(BUDGET).filter(([encoding, limit]) => home[encoding] > limit);
for (const [encoding, limit] of over) {
  console.error(
    `home first load ${kb(home[encoding])} ${encoding} is over its ${kb(limit)} budget`,
  );
}
if (over.length > 0) process.exit(1);
console.log(
  `home first load ${kb(home.br)} br ≤ ${kb(BUDGET.br)}, ${kb(home.gz)} gz ≤ ${kb(BUDGET.gz)}`,
);
