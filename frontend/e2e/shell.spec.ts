import { expect, test } from '@playwright/test';

import { openHome } from './support';

interface ConfigEnvelope {
  code: number;
  data: Record<string, string>;
}

test('the shell renders header, footer and the site title from the settings', async ({
  page,
  request,
}) => {
  const response = await request.get('/prod-api/api/home/config');
  expect(response.status()).toBe(200);
  const config = ((await response.json()) as ConfigEnvelope).data;

  await openHome(page);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /home page/ })).toHaveAttribute('href', '/');
  await expect(header.getByTestId('language-switcher')).toBeVisible();
  await expect(header.getByTestId('currency-switcher')).toBeVisible();
  await expect(header.getByTestId('account-menu')).toBeVisible();

  await expect(page.getByTestId('site-title')).toHaveText(config.siteTitle ?? '');

  const footer = page.getByRole('contentinfo');
  for (const path of [
    '/about-us',
    '/contact-us',
    '/condition',
    '/privacy-policy',
    '/refund-policy',
    '/shipping',
  ]) {
    await expect(footer.locator(`a[href="${path}"]`)).toHaveCount(1);
  }
  if (config.supportEmail) {
    await expect(footer.locator(`a[href="mailto:${config.supportEmail}"]`)).toBeVisible();
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${config.siteName ?? ''}`);
  // The page title is the stored site title (spec): alone on home, after the page's elsewhere.
  await expect(page).toHaveTitle(config.siteTitle ?? '');
  await page.goto('/games');
  await expect(page).toHaveTitle(`All games - ${config.siteTitle ?? ''}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S/);
  await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', /\S/);
});

test('the account menu offers Sign in and Register', async ({ page }) => {
  await openHome(page);
  await page.getByTestId('account-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('menuitem', { name: 'Register' })).toHaveAttribute(
    'href',
    '/register',
  );
});

test('the header stays mounted and a link to the current page does nothing', async ({ page }) => {
  await openHome(page);
  const before = await page.evaluate(() => window.history.length);
  await page
    .getByRole('banner')
    .getByRole('link', { name: /home page/ })
    .click();
  expect(await page.evaluate(() => window.history.length)).toBe(before);
});

test('the home page loads without console errors or CSP violations', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await openHome(page);
  await expect(page.getByTestId('site-title')).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(problems).toEqual([]);
});
