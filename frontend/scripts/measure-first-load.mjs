// Measures the first load of a page in Chromium with a slowed-down CPU: the largest
// contentful paint and the JavaScript transferred (bytes on the wire, as the gateway encoded
// them), each a median over fresh browser contexts (empty cache).
//
//   KEYSHOP_URL=http://127.0.0.1:8080 node scripts/measure-first-load.mjs [--runs 7]
//     [--cpu 4] [--path /] [--mobile] [--json]
//
// The store must be running (`make run`, or `.ci/with-keyshop BINARY --demo -- node …`).
import { parseArgs } from 'node:util';

import { chromium } from 'playwright-core';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    cpu: { type: 'string', default: '4' },
    path: { type: 'string', default: '/' },
    mobile: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const base = process.env.KEYSHOP_URL ?? 'http://127.0.0.1:8080';
const runs = Number(options.runs);
const cpuSlowdown = Number(options.cpu);
/** How long after the first screen's images are in the last paints are waited for. */
const SETTLE_MS = 1500;
const viewport = options.mobile ? { width: 390, height: 844 } : { width: 1440, height: 900 };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/** One cold load: every script response with its encoding and wire size, and the LCP. */
async function measureOnce() {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  const scripts = new Map();
  // Scripts asked for once the page has loaded (the chat launcher waits for it) are counted
  // apart: they are not part of the first view.
  let loaded = false;
  page.on('load', () => {
    loaded = true;
  });
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type !== 'Script') return;
    const encoding = response.headers['content-encoding'] ?? response.headers['Content-Encoding'];
    scripts.set(requestId, {
      url: response.url,
      encoding: encoding ?? 'identity',
      bytes: 0,
      afterLoad: loaded,
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const script = scripts.get(requestId);
    if (script) script.bytes = encodedDataLength;
  });
  await page.goto(new URL(options.path, base).href, { waitUntil: 'networkidle' });
  // The largest paint may still be to come: the first screen's (eager) images still loading or
  // decoding, or shown by a later render (a fade-in). Wait for them, then for the frames after.
  await page.waitForFunction(() =>
    [...document.images]
      .filter((image) => image.loading !== 'lazy')
      .every((image) => image.complete),
  );
  await page.waitForTimeout(SETTLE_MS);
  const paint = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1);
          const element = last?.element;
          resolve({
            lcp: last?.startTime ?? null,
            element: element ? `${element.tagName.toLowerCase()}.${element.className}` : null,
            fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return { ...paint, scripts: [...scripts.values()] };
}

const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The bytes of the scripts asked for before (or, `afterLoad`, after) the load event. */
const bytesOf = (scripts, afterLoad) =>
  scripts
    .filter((script) => script.afterLoad === afterLoad)
    .reduce((sum, script) => sum + script.bytes, 0);

await measureOnce(); // warms the store's caches and the OS's file cache; not counted
const samples = [];
for (let run = 0; run < runs; run += 1) samples.push(await measureOnce());
await browser.close();

const last = samples.at(-1);
const result = {
  url: new URL(options.path, base).href,
  viewport,
  cpuSlowdown,
  runs,
  lcpMs: Math.round(median(samples.map((sample) => sample.lcp))),
  lcpRangeMs: [
    Math.round(Math.min(...samples.map((sample) => sample.lcp))),
    Math.round(Math.max(...samples.map((sample) => sample.lcp))),
  ],
  fcpMs: Math.round(median(samples.map((sample) => sample.fcp))),
  lcpElement: last.element,
  scriptBytes: median(samples.map((sample) => bytesOf(sample.scripts, false))),
  afterLoadScriptBytes: median(samples.map((sample) => bytesOf(sample.scripts, true))),
  scripts: last.scripts.map(({ url, encoding, bytes, afterLoad }) => ({
    file: new URL(url).pathname,
    encoding,
    bytes,
    afterLoad,
  })),
};

if (options.json) {
  console.log(JSON.stringify(result, null, 2));
} else {
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
  console.log(`${result.url} at ${viewport.width}×${viewport.height}, CPU ${cpuSlowdown}× slower`);
  for (const script of result.scripts) {
    const when = script.afterLoad ? 'after load' : '';
    console.log(
      `  ${script.file.padEnd(52)} ${script.encoding.padEnd(8)} ${kb(script.bytes).padStart(9)}  ${when}`,
    );
  }
  console.log(
    `JavaScript transferred: ${kb(result.scriptBytes)} by the load event, ${kb(result.afterLoadScriptBytes)} after it (medians of ${runs})`,
  );
  console.log(
    `LCP ${result.lcpMs} ms (${result.lcpRangeMs.join('–')} ms), FCP ${result.fcpMs} ms, element ${result.lcpElement}`,
  );
}
