import { createRequire } from 'node:module';

import { expect, test, type Page } from '@playwright/test';

import { firstProductPath, openHome } from './support';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

// axe is injected as an inline script, which the gateway's CSP rightly forbids.
test.use({ bypassCSP: true });

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: unknown[] }> } })
      .axe;
    const result = await axe.run();
    return result.violations;
  });
  return (violations as AxeViolation[]).filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
}

test('home has no serious or critical axe violations', async ({ page }) => {
  await openHome(page);
  await expect(page.getByTestId('site-title')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the 404 page has no serious or critical axe violations', async ({ page }) => {
  await page.goto('/404');
  await expect(page.getByTestId('not-found')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the open language menu has no serious or critical axe violations', async ({ page }) => {
  await openHome(page);
  await page.getByTestId('language-switcher').click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the product list has no serious or critical axe violations', async ({ page }) => {
  await page.goto('/games?platform=steam');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the product page, its ratings tab and the open image viewer pass axe', async ({
  page,
  request,
}) => {
  await page.goto(await firstProductPath(request));
  await expect(page.getByTestId('product-title')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: /^Ratings/ }).click();
  await expect(page.getByTestId('review-form')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByTestId('gallery-open').click();
  await expect(page.locator('.viewer-container.viewer-in')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the news list and the open search suggestions pass axe', async ({ page }) => {
  await page.goto('/news');
  await expect(page.getByTestId('news-card').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('combobox', { name: 'Search games' }).fill('the');
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
