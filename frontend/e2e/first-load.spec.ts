import { expect, test } from '@playwright/test';

/**
 * The home page's first-load budget as the browser sees it: the scripts its first view
 * needs, in the bytes on the wire. `scripts/bundle-size.mjs` holds every build to the same
 * figure; this checks that the gateway really sends the build's brotli twins and that no
 * other chunk joins the first view unnoticed.
 */
const HOME_FIRST_LOAD_BYTES = 150_000;
/** Loaded once the page has loaded and is idle (main-layout.tsx): not part of the first view. */
const AFTER_LOAD = /\/static\/js\/chat\.[\w]+\.chunk\.js$/;

interface Script {
  path: string;
  encoding: string | null;
  bytes: number;
}

test('the home page’s first view loads at most 150 KB of JavaScript, brotli as built', async ({
  page,
}) => {
  const sized: Promise<Script>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    sized.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        return {
          path: new URL(request.url()).pathname,
          encoding: (await response?.headerValue('content-encoding')) ?? null,
          bytes: sizes.responseBodySize,
        };
      })(),
    );
  });

  await page.goto('/');
  await expect(page.getByTestId('best-sellers').getByTestId('product-card').first()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  const scripts = (await Promise.all(sized)).filter((script) => !AFTER_LOAD.test(script.path));

  expect(scripts.map((script) => script.path)).toEqual(
    expect.arrayContaining([expect.stringMatching(/\/main\./)]),
  );
  for (const script of scripts) expect(script.encoding, script.path).toBe('br');
  const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
  expect(total, JSON.stringify(scripts, null, 1)).toBeLessThanOrEqual(HOME_FIRST_LOAD_BYTES);
});
