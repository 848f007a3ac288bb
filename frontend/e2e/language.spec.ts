import { expect, test } from '@playwright/test';

import { LANGUAGES, openHome, openMenu, storedLanguage } from './support';

test('every one of the 18 languages can be picked from the menu', async ({ page }) => {
  // Each switch loads a catalogue and refetches the page's localized data: allow the time.
  test.setTimeout(120_000);
  await openHome(page);
  const menu = await openMenu(page, 'language-switcher');
  await expect(menu.getByRole('menuitemradio')).toHaveCount(LANGUAGES.length);
  await page.keyboard.press('Escape');
  // Closed, with the focus back on its button: Radix hands it back a moment after the close,
  // and a menu reopened before that loses the focus to the button and closes again.
  await expect(menu).toBeHidden();
  await expect(page.getByTestId('language-switcher')).toBeFocused();

  for (const language of LANGUAGES) {
    const open = await openMenu(page, 'language-switcher');
    await open.getByRole('menuitemradio', { name: language.name, exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', language.htmlLang);
    await expect(page.getByTestId('language-switcher')).toContainText(language.name);
    expect(await storedLanguage(page)).toBe(language.code);
  }
});

test('Arabic turns the page right to left, and back', async ({ page }) => {
  await openHome(page);
  const menu = await openMenu(page, 'language-switcher');
  await menu.getByRole('menuitemradio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');

  // The logo sits at the right edge of the header in right-to-left layout.
  const header = await page.getByRole('banner').boundingBox();
  const logo = await page
    .getByRole('banner')
    .getByRole('link', { name: /./ })
    .first()
    .boundingBox();
  expect(header && logo && logo.x > header.width / 2).toBe(true);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  const again = await openMenu(page, 'language-switcher');
  await again.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('the language menu works from the keyboard', async ({ page }) => {
  await openHome(page);
  await page.getByTestId('language-switcher').focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  // Radix moves focus after a short delay: wait for it before typing.
  await expect(menu.locator('[role="menuitemradio"]:focus')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect(page.locator('html')).not.toHaveAttribute('lang', 'en-US');
});
