import { expect, test, type Locator, type Page } from '@playwright/test';

import { apiData, type ProductCard } from './support';

interface QueryGames {
  rows: ProductCard[];
  total: number;
  facets: Record<'platform' | 'type' | 'genre' | 'region' | 'stock', Record<string, number>>;
}

const REGION_NAMES: Record<string, string> = {
  global: 'Global',
  europe: 'Europe',
  'north-america': 'North America',
  'latin-america': 'Latin America',
  asia: 'Asia',
  'united-kingdom': 'United Kingdom',
  germany: 'Germany',
  turkey: 'Turkey',
  japan: 'Japan',
  brazil: 'Brazil',
};

/** "$1,234.56" → 1234.56 */
function amount(text: string): number {
  const match = /([\d,]+\.\d{2})/.exec(text);
  return match?.[1] ? Number(match[1].replace(/,/g, '')) : Number.NaN;
}

async function shownPrices(page: Page): Promise<number[]> {
  const prices = page.getByRole('list', { name: 'Products' }).getByTestId('price');
  const texts = await prices.locator('.ks-price__now').allTextContents();
  return texts.map(amount);
}

function sidebar(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Filters' }).getByTestId('filter-sidebar');
}

test('filter by platform, region and price, sort, and keep it all on reload and back', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // Pick a region that has Steam products and a price range that keeps some of them.
  const steam = await apiData<QueryGames>(request, '/prod-api/api/home/queryGames?platform=steam');
  const [region] = Object.entries(steam.facets.region).sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!region) throw new Error('no Steam products in the demo store');
  const inRegion = await apiData<QueryGames>(
    request,
    `/prod-api/api/home/queryGames?platform=steam&region=${region}&sort=price_asc&limit=50`,
  );
  const prices = inRegion.rows.map((row) => row.price);
  const low = Math.floor((prices[0] ?? 0) / 100);
  const high = Math.ceil((prices[Math.floor((prices.length - 1) / 2)] ?? 0) / 100);

  await page.goto('/games');
  await expect(page.getByTestId('result-count')).toContainText(/\d/);

  // The address owns the state: a click navigates, then the box shows as ticked.
  await sidebar(page)
    .getByRole('checkbox', { name: /^Steam\b/ })
    .click();
  await expect(page).toHaveURL(/\/games\?platform=steam$/);
  await expect(page.getByTestId('result-count')).toContainText(String(steam.total));

  await sidebar(page)
    .getByRole('checkbox', { name: new RegExp(`^${REGION_NAMES[region] ?? region}\\b`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`platform=steam&region=${region}$`));

  await sidebar(page).getByTestId('price-min').fill(String(low));
  await sidebar(page).getByTestId('price-max').fill(String(high));
  await sidebar(page).getByTestId('price-apply').click();
  await expect(page).toHaveURL(new RegExp(`priceMin=${low}&priceMax=${high}&currency=USD$`));

  await page.getByTestId('sort-select').selectOption('price_asc');
  await expect(page).toHaveURL(/&sort=price_asc$/);
  const filteredUrl = page.url();

  const check = async () => {
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    const cards = page.getByRole('list', { name: 'Products' }).getByTestId('product-card');
    const count = await cards.count();
    for (let index = 0; index < count; index += 1) {
      await expect(cards.nth(index)).toContainText('Steam');
      await expect(cards.nth(index)).toContainText(REGION_NAMES[region] ?? region, {
        ignoreCase: true,
      });
    }
    const shown = await shownPrices(page);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    for (const price of shown) {
      expect(price).toBeGreaterThanOrEqual(low);
      expect(price).toBeLessThanOrEqual(high);
    }
    const chips = page.getByTestId('filter-chips');
    await expect(chips.getByRole('button', { name: 'Remove filter: Steam' })).toBeVisible();
    await expect(sidebar(page).getByRole('checkbox', { name: /^Steam\b/ })).toBeChecked();
    await expect(page.getByTestId('sort-select')).toHaveValue('price_asc');
  };
  await check();

  await page.reload();
  await expect(page).toHaveURL(filteredUrl);
  await check();

  // Back steps through the changes: first the sort goes, then the price, then the region.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`priceMin=${low}&priceMax=${high}&currency=USD$`));
  await expect(page.getByTestId('sort-select')).toHaveValue('best_selling');
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`platform=steam&region=${region}$`));
  await expect(sidebar(page).getByTestId('price-min')).toHaveValue('');
  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL(filteredUrl);
  await check();

  await page.getByTestId('clear-filters').click();
  await expect(page).toHaveURL(/\/games\?sort=price_asc$/);
});

test('pages through the results and changes the page size', async ({ page }) => {
  await page.goto('/games');
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await pager.getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/\/games\?page=2$/);
  await expect(pager.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await pager.getByRole('combobox').selectOption('50');
  await expect(page).toHaveURL(/\/games\?limit=50$/);
  await expect(
    page.getByRole('list', { name: 'Products' }).getByTestId('product-card'),
  ).toHaveCount(50);
});

test('an empty result offers a way out', async ({ page }) => {
  await page.goto('/games?text=zzzzqqqqxxxxjjjj');
  await expect(page.getByTestId('results-empty')).toBeVisible();
  await page
    .getByTestId('results-empty')
    .getByRole('button', { name: 'Clear all filters' })
    .click();
  await expect(page).toHaveURL(/\/games$/);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
});

test('the filters open in a drawer on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/games');
  await page.getByTestId('open-filters').click();
  const drawer = page.getByTestId('filter-drawer');
  await expect(drawer).toBeVisible();
  await drawer.getByRole('checkbox', { name: /^Xbox\b/ }).click();
  await expect(page).toHaveURL(/platform=xbox/);
  await expect(drawer.getByRole('checkbox', { name: /^Xbox\b/ })).toBeChecked();
  await drawer.getByRole('button', { name: /^Show \d+ products?$/ }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('filter-chips')).toContainText('Xbox');
});
