import { expect, test } from '@playwright/test';

import { openHome, presetLanguage, storedLanguage } from './support';

const search = (url: string): string => new URL(url).search;

test.describe('the lang query parameter', () => {
  test('?lang=de switches to German and stays in the address', async ({ page }) => {
    await openHome(page, '?lang=de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(search(page.url())).toBe('?lang=de');
    expect(await storedLanguage(page)).toBe('de');
    await expect(page.getByTestId('language-switcher')).toContainText('Deutsch');
  });

  test('L1: a stored non-English language is added to an address without lang', async ({
    page,
  }) => {
    await presetLanguage(page, 'fr');
    await page.goto('/games?page=2');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect.poll(() => search(page.url())).toBe('?page=2&lang=fr');
    // Links inside the store lead to addresses that name the language too.
    await page.locator('.ks-header__logo').click();
    await expect.poll(() => search(page.url())).toBe('?lang=fr');
  });

  test('L1: English leaves the address untouched', async ({ page }) => {
    await presetLanguage(page, 'en-US');
    await page.goto('/?page=2');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    expect(search(page.url())).toBe('?page=2');
  });

  test('L3: ?lang=DE in another case switches to de and writes de', async ({ page }) => {
    await openHome(page, '?lang=DE');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(await storedLanguage(page)).toBe('de');
    await expect.poll(() => search(page.url())).toBe('?lang=de');
  });

  test('L4: an unsupported lang is rewritten to the stored language', async ({ page }) => {
    await presetLanguage(page, 'it');
    await page.goto('/games?lang=xx&page=2');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect.poll(() => search(page.url())).toBe('?lang=it&page=2');
    expect(await storedLanguage(page)).toBe('it');
  });

  test('L4: an unsupported lang on a first visit goes to the home page', async ({ page }) => {
    await page.goto('/games?lang=xx');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(search(page.url())).toBe('');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });

  test('L5: the current language changes nothing', async ({ page }) => {
    await presetLanguage(page, 'de');
    await page.goto('/?lang=de');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(search(page.url())).toBe('?lang=de');
  });

  test('a rewrite is a history replace that keeps the other params and the hash', async ({
    page,
  }) => {
    await presetLanguage(page, 'ko');
    await page.goto('/404');
    await page.goto('/?page=2&lang=xx&sort=1#top');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect.poll(() => search(page.url())).toBe('?page=2&lang=ko&sort=1');
    expect(new URL(page.url()).hash).toBe('#top');
    await page.goBack();
    await expect(page).toHaveURL(/\/404(\?lang=ko)?$/);
  });

  test('the address follows the language switcher', async ({ page }) => {
    await openHome(page, '?lang=ja');
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect.poll(() => search(page.url())).toBe('?lang=fr');
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect.poll(() => search(page.url())).toBe('');
  });

  test('an unknown path keeps its 404 and still honours lang', async ({ page }) => {
    await page.goto('/nowhere?lang=tr');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await expect(page).toHaveURL(/\/nowhere\?lang=tr$/);
  });
});
