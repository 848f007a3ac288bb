import { expect, test } from '@playwright/test';

import { apiData, firstProductPath, type ProductCard } from './support';

interface Page<T> {
  rows: T[];
  total: number;
}

test('the product page has the buy box and every tab', async ({ page, request }) => {
  await page.goto(await firstProductPath(request));
  await expect(page.getByTestId('product-title')).toBeVisible();
  await expect(page.getByTestId('activation')).toContainText(/Activates (in|worldwide)/);
  await expect(page.getByTestId('price').first()).toContainText('$');

  const tabs = page.getByRole('tablist', { name: 'Product details' });
  await expect(tabs.getByRole('tab')).toHaveCount(5);
  await expect(page.getByTestId('panel-description')).toBeVisible();

  await tabs.getByRole('tab', { name: 'Information' }).click();
  const info = page.getByTestId('panel-information');
  for (const label of [
    'Platform',
    'Region',
    'Activates in',
    'Languages',
    'Developer',
    'Publisher',
    'Release date',
  ]) {
    await expect(info.getByRole('term').filter({ hasText: label }).first()).toBeVisible();
  }

  await tabs.getByRole('tab', { name: /^Ratings/ }).click();
  await expect(page.getByTestId('rating-summary')).toBeVisible();
  await expect(page.getByTestId('rating-bar-5')).toBeVisible();
  await expect(page.getByTestId('review-form')).toBeVisible();

  await tabs.getByRole('tab', { name: 'Recommendations' }).click();
  await expect(
    page.getByTestId('panel-recommendations').getByTestId('product-card').first(),
  ).toBeVisible();

  await tabs.getByRole('tab', { name: 'Key activation' }).click();
  await expect(page.getByTestId('panel-activation').getByRole('listitem').first()).toBeVisible();
});

test('the tabs work from the keyboard', async ({ page, request }) => {
  await page.goto(await firstProductPath(request));
  const description = page.getByRole('tab', { name: 'Description' });
  await description.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Information' })).toBeFocused();
  await expect(page.getByTestId('panel-information')).toBeVisible();
});

test('the gallery opens in viewerjs and closes with Escape', async ({ page, request }) => {
  await page.goto(await firstProductPath(request));
  await page.getByTestId('gallery-open').click();
  const viewer = page.locator('.viewer-container.viewer-in');
  await expect(viewer).toBeVisible();
  await expect(viewer.locator('.viewer-toolbar [data-viewer-action="zoom-in"]')).toHaveAttribute(
    'aria-label',
    'Zoom in',
  );
  await expect(viewer.locator('.viewer-navbar li[aria-current="true"]')).toHaveCount(1);
  await expect(viewer.locator('[aria-selected]')).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
});

test('a key outside the shopper country warns; a worldwide key does not', async ({
  page,
  request,
}) => {
  const europe = await apiData<Page<ProductCard>>(
    request,
    '/prod-api/api/home/queryGames?region=europe&limit=10',
  );
  const product = europe.rows[0];
  if (!product) throw new Error('no European keys in the demo store');
  // The browser says en-US: the store takes the shopper to be in the United States.
  await page.goto(`/${product.gameName}/${product.gameExtName}`);
  await expect(page.getByTestId('region-warning')).toContainText('United States');
  const more = page.getByTestId('activation').getByRole('button', { name: /more$/ });
  if ((await more.count()) > 0) await more.click();
  await expect(page.getByTestId('activation')).toContainText('Germany');

  const global = await apiData<Page<ProductCard>>(
    request,
    '/prod-api/api/home/queryGames?region=global&limit=10',
  );
  const worldwide = global.rows[0];
  if (!worldwide) throw new Error('no global keys in the demo store');
  await page.goto(`/${worldwide.gameName}/${worldwide.gameExtName}`);
  await expect(page.getByTestId('activation')).toContainText('Activates worldwide');
  await expect(page.getByTestId('region-warning')).toHaveCount(0);
});

test('a second review within a minute shows the message interval', async ({ page, request }) => {
  const config = await apiData<Record<string, string>>(request, '/prod-api/api/home/config');
  test.skip(config.commentEnabled === 'false', 'comments are switched off in this store');

  await page.goto(await firstProductPath(request));
  await page.getByRole('tab', { name: /^Ratings/ }).click();
  const form = page.getByTestId('review-form');

  const write = async (text: string) => {
    await form.getByTestId('star-4').check();
    await form.getByTestId('review-name').fill('Playwright Tester');
    await form.getByTestId('review-email').fill('tester@example.com');
    await form.getByTestId('review-content').fill(text);
    await form.getByTestId('review-submit').click();
  };

  // The browser checks first, with the server's messages.
  await form.getByTestId('review-submit').click();
  await expect(form.getByTestId('error-fullName')).toHaveText('This field is required');
  await expect(form.getByTestId('error-stars')).toHaveText('Please choose 1 to 5 stars');

  await write('The key worked at once. Great service!');
  await expect(page.getByText('Thank you! Your review has been posted')).toBeVisible();
  await expect(page.getByTestId('review-list')).toContainText('The key worked at once.');

  await write('And a second one right away.');
  await expect(form.getByTestId('review-form-error')).toHaveText(
    'Just a moment, please. The message interval is 1 minute',
  );
});

test('an unknown product says so', async ({ page }) => {
  await page.goto('/no-such-game/steam-global');
  await expect(page.getByTestId('product-not-found')).toContainText('This product does not exist');
});
