import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { firstProductPath } from './support';

/**
 * Not a test: `npm run screenshots` saves home, /games, a product page and 404 in three
 * languages at desktop and phone sizes into screenshots/ (gitignored) for a person to look at.
 */
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
const LANGUAGES = ['en-US', 'ja', 'ar'] as const;

interface Shot {
  name: string;
  path: (request: APIRequestContext) => Promise<string>;
  ready: (page: Page) => Promise<void>;
}

const PAGES: readonly Shot[] = [
  {
    name: 'home',
    path: () => Promise.resolve('/'),
    ready: async (page) => {
      await expect(
        page.getByTestId('best-sellers').getByTestId('product-card').first(),
      ).toBeVisible();
    },
  },
  {
    name: 'games',
    path: () => Promise.resolve('/games?platform=steam,xbox&sort=price_asc'),
    ready: async (page) => {
      await expect(page.getByTestId('product-card').first()).toBeVisible();
    },
  },
  {
    name: 'product',
    path: firstProductPath,
    ready: async (page) => {
      await expect(page.getByTestId('product-title')).toBeVisible();
    },
  },
  {
    name: '404',
    path: () => Promise.resolve('/404'),
    ready: async (page) => {
      await expect(page.getByTestId('not-found')).toBeVisible();
    },
  },
];

for (const viewport of VIEWPORTS) {
  for (const language of LANGUAGES) {
    for (const shot of PAGES) {
      test(`${shot.name} ${language} ${viewport.name}`, async ({ page, request }) => {
        mkdirSync(OUT, { recursive: true });
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        const target = await shot.path(request);
        const separator = target.includes('?') ? '&' : '?';
        await page.goto(`${target}${separator}lang=${language}`);
        await shot.ready(page);
        await expect.poll(() => page.url()).not.toContain('lang=');
        await page.evaluate(() => document.fonts.ready);
        // Let lazy images near the top settle before the picture.
        await page.waitForLoadState('networkidle');
        await page.screenshot({
          path: path.join(OUT, `${shot.name}-${language}-${viewport.name}.png`),
          fullPage: true,
        });
      });
    }
  }
}
