import { expect, test } from '@playwright/test';

import { apiData, openHome, type ProductCard } from './support';

/** The title with one letter of its longest word replaced: "Crimson" → "Crimzon". */
function withTypo(title: string): string {
  const words = title.split(' ');
  const longest = words.reduce((best, word) => (word.length > best.length ? word : best), '');
  const index = Math.min(3, longest.length - 2);
  const original = longest[index] ?? 'a';
  const replacement = original.toLowerCase() === 'x' ? 'q' : 'x';
  const changed = `${longest.slice(0, index)}${replacement}${longest.slice(index + 1)}`;
  return words.map((word) => (word === longest ? changed : word)).join(' ');
}

test('a title with a typo still finds the product, and a suggestion opens it', async ({
  page,
  request,
}) => {
  const [product] = await apiData<ProductCard[]>(request, '/prod-api/api/home/bestSellers?limit=1');
  if (!product) throw new Error('no products');
  const typed = withTypo(product.title);
  expect(typed).not.toBe(product.title);

  await openHome(page);
  const input = page.getByRole('combobox', { name: 'Search games' });
  await input.fill(typed);
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list).toBeVisible();
  const options = list.getByRole('option');
  expect(await options.count()).toBeLessThanOrEqual(8);
  const match = options.filter({ hasText: product.title.slice(0, 25) }).first();
  await expect(match).toBeVisible();

  // Keyboard: arrow down to the match, Enter opens it.
  const texts = await options.allTextContents();
  const position = texts.findIndex((text) => text.includes(product.title.slice(0, 25)));
  for (let step = 0; step <= position; step += 1) await input.press('ArrowDown');
  await expect(input).toHaveAttribute('aria-activedescendant', /.+/);
  await input.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${product.gameName}/[^/]+$`));
  await expect(page.getByTestId('product-title')).toContainText(product.title.slice(0, 25));
});

test('Enter without a chosen suggestion searches /games?text=…', async ({ page, request }) => {
  const [product] = await apiData<ProductCard[]>(request, '/prod-api/api/home/bestSellers?limit=1');
  const word = product?.title.split(' ')[0] ?? 'game';
  await openHome(page);
  const input = page.getByRole('combobox', { name: 'Search games' });
  await input.fill(word);
  await input.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/games\\?text=${encodeURIComponent(word)}$`));
  await expect(page.getByTestId('list-title')).toContainText(word);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(input).toHaveValue(word);
});
