// Adds up the gzipped JavaScript each route loads first (the entry scripts of index.html
// plus the route's own chunks) from a production build in dist/, and fails when the home
// page goes over its budget (UI.md: 200 KB gzip). Run `npm run build` first.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const HOME_BUDGET_BYTES = 200_000;

const gzipped = (file) => gzipSync(readFileSync(path.join(dist, file))).length;
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((match) => match[1]);
const groups = JSON.parse(readFileSync(path.join(dist, 'asset-manifest.json'), 'utf8'));
const entryBytes = entry.reduce((sum, file) => sum + gzipped(file), 0);

console.log(`entry (${entry.join(', ')}): ${kb(entryBytes)}`);
const rows = Object.entries(groups)
  .filter(([name]) => name.startsWith('route-') || name === 'viewer' || name === 'toaster')
  .map(([name, files]) => {
    const own = files.filter((file) => file.endsWith('.js') && !entry.includes(file));
    const bytes = own.reduce((sum, file) => sum + gzipped(file), 0);
    return { name, own: bytes, firstLoad: name.startsWith('route-') ? entryBytes + bytes : null };
  })
  .sort((a, b) => a.name.localeCompare(b.name));
for (const row of rows) {
  const first = row.firstLoad === null ? 'on demand' : `first load ${kb(row.firstLoad)}`;
  console.log(`${row.name.padEnd(20)} ${kb(row.own).padStart(9)}   ${first}`);
}

const home = rows.find((row) => row.name === 'route-home');
if (!home?.firstLoad) throw new Error('no route-home chunk group in asset-manifest.json');
if (home.firstLoad > HOME_BUDGET_BYTES) {
  console.error(
    `home first load ${kb(home.firstLoad)} is over the ${kb(HOME_BUDGET_BYTES)} budget`,
  );
  process.exit(1);
}
console.log(`home first load ${kb(home.firstLoad)} ≤ ${kb(HOME_BUDGET_BYTES)} budget`);
