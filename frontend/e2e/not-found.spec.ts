import { expect, test } from '@playwright/test';

test('an unknown path shows the 404 page, outside the layout', async ({ page }) => {
  await page.goto('/there/is/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page).toHaveTitle(/^Page not found - /);
});

test('/404 works when opened directly and leads home', async ({ page }) => {
  await page.goto('/404');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.getByRole('link', { name: /Back to the home page/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner')).toBeVisible();
});
