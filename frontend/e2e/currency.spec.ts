import { expect, test } from '@playwright/test';

import { openHome, openMenu } from './support';

interface RatesEnvelope {
  data: { code: string; symbol: string; rate: number }[];
}

test('switching to EUR reformats the home price', async ({ page, request }) => {
  const rates = ((await (await request.get('/prod-api/api/home/rate')).json()) as RatesEnvelope)
    .data;
  const euro = rates.find((rate) => rate.code === 'EUR');
  expect(euro).toBeDefined();

  await openHome(page);
  const price = page.getByTestId('home-from-price');
  await expect(price).toContainText('$');

  const menu = await openMenu(page, 'currency-switcher');
  await expect(menu.getByRole('menuitemradio')).toHaveCount(rates.length);
  await menu.getByRole('menuitemradio', { name: /EUR/ }).click();

  await expect(price).toContainText(euro?.symbol ?? '€');
  await expect(price).toHaveText(/€\d{1,3}(,\d{3})*\.\d{2}/);
  await expect(page.getByTestId('currency-switcher')).toContainText('EUR');

  // The choice is stored: it survives a reload.
  await page.reload();
  await expect(page.getByTestId('home-from-price')).toContainText('€');
});
