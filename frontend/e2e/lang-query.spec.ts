import { expect, test } from '@playwright/test';

import { openHome, presetLanguage, storedLanguage } from './support';

test.describe('the lang query parameter', () => {
  test('?lang=de switches to German and is stripped from the address', async ({ page }) => {
    await openHome(page, '?lang=de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page).toHaveURL(/\/$/);
    expect(await storedLanguage(page)).toBe('de');
    await expect(page.getByTestId('language-switcher')).toContainText('Deutsch');
  });

  test('R1: without lang the stored language is kept and the address untouched', async ({
    page,
  }) => {
    await presetLanguage(page, 'fr');
    await page.goto('/?page=2');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page).toHaveURL(/\/\?page=2$/);
  });

  test('R2: a supported code switches exactly', async ({ page }) => {
    await openHome(page, '?lang=ja');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    expect(await storedLanguage(page)).toBe('ja');
    expect(new URL(page.url()).search).toBe('');
  });

  test('R3: ?lang=DE in another case switches to de', async ({ page }) => {
    await openHome(page, '?lang=DE');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(await storedLanguage(page)).toBe('de');
    expect(new URL(page.url()).search).toBe('');
  });

  test('R4: ?lang=xx keeps the current language and is stripped', async ({ page }) => {
    await presetLanguage(page, 'it');
    await page.goto('/?lang=xx');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await storedLanguage(page)).toBe('it');
  });

  test('R4: an empty ?lang= keeps the current language and is stripped', async ({ page }) => {
    await openHome(page, '?lang=');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect.poll(() => page.url()).not.toContain('lang');
  });

  test('R5: the current language changes nothing but the address', async ({ page }) => {
    await presetLanguage(page, 'de');
    await page.goto('/?lang=de');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect.poll(() => page.url()).not.toContain('lang');
  });

  test('R6: other params and the hash are kept, with a history replace', async ({ page }) => {
    await page.goto('/404');
    await page.goto('/?page=2&lang=ko&sort=1#top');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect.poll(() => new URL(page.url()).search).toBe('?page=2&sort=1');
    expect(new URL(page.url()).hash).toBe('#top');
    // Replaced, not pushed: one step back is the 404 page, not the address with ?lang=.
    await page.goBack();
    await expect(page).toHaveURL(/\/404$/);
  });

  test('an unknown path keeps its 404 and still honours lang', async ({ page }) => {
    await page.goto('/nowhere?lang=tr');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await expect.poll(() => page.url()).toMatch(/\/nowhere$/);
  });
});
