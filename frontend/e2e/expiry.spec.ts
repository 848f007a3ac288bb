import { expect, request as http, test, type APIRequestContext } from '@playwright/test';

import { startStore, type Store } from './store';
import { BILLING_ADDRESS, fillBillingAddress } from './support';

interface Card {
  id: number;
  gameName: string;
  gameExtName: string;
}

/** A guest's checkout of `quantity` keys of a product through the API. */
async function checkout(
  api: APIRequestContext,
  productId: number,
  quantity: number,
): Promise<{ status: number; msgKey?: string }> {
  const answer = await api.post('/prod-api/api/order/checkout', {
    data: {
      lines: [{ productId, quantity }],
      email: `holder-${Date.now().toString(36)}@example.com`,
      contact: '',
      note: '',
      coupon: '',
      paymentMethod: 'sandbox-card',
      currency: 'USD',
      billingAddress: BILLING_ADDRESS,
    },
  });
  const body = (await answer.json()) as { msgKey?: string };
  return { status: answer.status(), msgKey: body.msgKey };
}

// A store of its own with the shortest payment window (one minute), so the window
// really passes while the browser watches.
let store: Store;
let api: APIRequestContext;

test.beforeAll(async () => {
  store = await startStore({ KEYSHOP_PAYMENT_WINDOW_MINUTES: '1' });
  api = await http.newContext({ baseURL: store.url });
});

test.afterAll(async () => {
  await api.dispose();
  await store.stop();
});

test('an unpaid order gives its keys back to stock when the payment window passes', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // A demo product with three keys.
  const listed = await api.get('/prod-api/api/home/queryGames?stock=low&limit=10');
  const [card] = ((await listed.json()) as { data: { rows: Card[] } }).data.rows;
  if (!card) throw new Error('the demo store lists no product with few keys');

  // Another buyer holds two of them; the visitor checks out the last one.
  expect((await checkout(api, card.id, 2)).status).toBe(200);
  await page.goto(`${store.url}/${card.gameName}/${card.gameExtName}`);
  await page.getByTestId('add-to-cart').first().click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.getByTestId('cart-button').click();
  await page.getByTestId('cart-checkout').click();
  await page.getByTestId('checkout-email').fill(`late-${Date.now().toString(36)}@example.com`);
  await fillBillingAddress(page);
  await page.getByTestId('checkout-submit').click();
  await expect(page).toHaveURL(/\/paying\?order=/);
  await expect(page.getByTestId('paying-countdown')).toHaveText(/0[01]:\d{2}/);

  // Sold out while the two orders wait for payment.
  expect(await checkout(api, card.id, 1)).toEqual({
    status: 409,
    msgKey: 'api.delivery.outOfStock',
  });

  // The window passes unpaid: the page says so, and all three keys are back.
  await expect(page.getByTestId('paying-closed')).toHaveText(
    'The payment window has passed and the keys went back to stock. Please order again.',
    { timeout: 120_000 },
  );
  await expect(page.getByTestId('pay-now')).toHaveCount(0);
  await expect
    .poll(async () => (await checkout(api, card.id, 3)).status, { timeout: 30_000 })
    .toBe(200);
});
