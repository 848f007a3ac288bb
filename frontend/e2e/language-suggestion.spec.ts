import { expect, test } from '@playwright/test';

import { openHome } from './support';

test.use({ locale: 'de-DE' });

test('a German browser is offered German, and a dismissal survives a reload', async ({ page }) => {
  await openHome(page);
  const banner = page.getByTestId('language-suggestion');
  await expect(banner).toContainText('Deutsch');
  // The UI stays in the stored language until the shopper decides.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

  await banner.getByRole('button', { name: 'No, thanks' }).click();
  await expect(banner).toBeHidden();

  await page.reload();
  await expect(page.getByTestId('site-title')).toBeVisible();
  // Once every call (the location too) has answered, the banner has had its chance.
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('language-suggestion')).toHaveCount(0);
});

test('switching from the suggestion changes the language at once', async ({ page }) => {
  await openHome(page);
  await page
    .getByTestId('language-suggestion')
    .getByRole('button', { name: 'Switch to Deutsch' })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('language-suggestion')).toHaveCount(0);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('language-suggestion')).toHaveCount(0);
});
