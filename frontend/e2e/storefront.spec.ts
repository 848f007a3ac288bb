import { expect, test } from '@playwright/test';

import { apiData, openHome, type ProductCard } from './support';

test('home shows best sellers, latest releases and the hottest products as cards', async ({
  page,
  request,
}) => {
  const bestSellers = await apiData<ProductCard[]>(request, '/prod-api/api/home/bestSellers');
  const latest = await apiData<ProductCard[]>(request, '/prod-api/api/home/latestReleases');
  const hot = await apiData<ProductCard[]>(request, '/prod-api/api/home/hotgames');
  expect(bestSellers.length).toBeGreaterThan(0);

  await openHome(page);
  const rows = [
    ['best-sellers', bestSellers],
    ['latest-releases', latest],
    ['hot-games', hot],
  ] as const;
  for (const [testId, products] of rows) {
    const cards = page.getByTestId(testId).getByTestId('product-card');
    await expect(cards).toHaveCount(products.length);
  }

  // The first best seller's card: link, price in the chosen currency, platform and region.
  const [first] = bestSellers;
  if (!first) throw new Error('no best seller');
  const card = page.getByTestId('best-sellers').getByTestId('product-card').first();
  await expect(card.getByRole('link')).toHaveAttribute(
    'href',
    `/${first.gameName}/${first.gameExtName}`,
  );
  await expect(card.getByTestId('price')).toContainText(/\$\d{1,3}(,\d{3})*\.\d{2}/);
  await expect(card.locator('img')).toHaveAttribute('loading', /lazy|eager/);

  // The hero's featured deals are the hottest products.
  const [firstHot] = hot;
  if (firstHot) {
    await expect(page.getByTestId('featured-carousel')).toContainText(firstHot.title.slice(0, 20));
  }
  await expect(page.getByRole('link', { name: /^Steam/ }).first()).toHaveAttribute(
    'href',
    '/steam',
  );
});

test('a card leads to its product page and the category bar to a list', async ({ page }) => {
  await openHome(page);
  const card = page.getByTestId('best-sellers').getByTestId('product-card').first();
  const href = await card.getByRole('link').getAttribute('href');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${href ?? ''}$`));
  await expect(page.getByTestId('product-title')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: 'DLC' })
    .click();
  await expect(page).toHaveURL(/\/dlc$/);
  await expect(page.getByTestId('list-title')).toHaveText('DLC');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
});

test('an unknown single-segment path is the 404 page', async ({ page }) => {
  await page.goto('/no-such-category');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
});
