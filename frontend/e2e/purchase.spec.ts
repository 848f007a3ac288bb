import { expect, test } from '@playwright/test';

import { waitForMail } from './outbox';
import {
  addToCart,
  BILLING_ADDRESS,
  type Card,
  fillBillingAddress,
  inStock,
  openHome,
  openMenu,
  payWith,
  uniqueEmail,
} from './support';

/** The captcha code the store accepts in tests (KEYSHOP_CAPTCHA_TEST_CODE, see the Makefile). */
const CAPTCHA = 'e2e-pass';
const PASSWORD = 'secret-12';

test('a visitor buys two products as a guest in EUR with a coupon, is declined once, pays again and opens the keys from the e-mail', async ({
  browser,
  page,
  request,
}) => {
  const [first, second] = (await inStock(request, 2)) as [Card, Card];
  const email = uniqueEmail('guest');

  await openHome(page);
  const menu = await openMenu(page, 'currency-switcher');
  await menu.getByRole('menuitemradio', { name: /EUR/ }).click();
  await expect(page.getByTestId('currency-switcher')).toContainText('EUR');

  await addToCart(page, first);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await addToCart(page, second);
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  await page.getByTestId('cart-button').click();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-total')).toContainText('€');
  await page.getByTestId('cart-checkout').click();

  // The browser checks the form with the server's messages first.
  await page.getByTestId('checkout-email').fill('not-an-email');
  await page.getByTestId('checkout-contact').fill('call me');
  await page.getByTestId('checkout-submit').click();
  await expect(page.getByTestId('error-email')).toHaveText(
    'Please enter the correct email address!',
  );
  await expect(page.getByTestId('error-contact')).toHaveText(
    'Please enter the correct contact number',
  );
  await expect(page.getByTestId('error-billingAddress.firstName')).toBeVisible();

  await page.getByTestId('checkout-email').fill(email);
  await page.getByTestId('checkout-contact').fill('+49 30 901820');
  await fillBillingAddress(page);
  // The server checks the phone against the country's numbering plan.
  await page.getByTestId('billing-phone').fill('+49 1');
  await page.getByTestId('checkout-submit').click();
  await expect(page.getByTestId('error-billingAddress.phone')).toBeVisible();
  await page.getByTestId('billing-phone').fill(BILLING_ADDRESS.phone);
  await page.getByTestId('checkout-coupon').fill('WELCOME10');
  await page.getByTestId('checkout-submit').click();
  await expect(page).toHaveURL(/\/paying\?order=/);
  await expect(page.getByTestId('paying-amount')).toContainText('€');
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  // Declined: the reason, then Pay again with a new session.
  await payWith(page, '4000 0000 0000 0002');
  await expect(page).toHaveURL(/\/paying\?order=/);
  await expect(page.getByTestId('paying-failed')).toContainText(
    'Payment failed/cancelled/overtime, please pay again',
  );
  await expect(page.getByTestId('paying-failed')).toContainText('declined');
  await payWith(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/success-payment\?order=/);
  await expect(page.getByTestId('success-title')).toHaveText('Payment successful');
  const orderNo = new URL(page.url()).searchParams.get('order') ?? '';

  // The e-mail holds both keys and the link that opens them.
  const link = await waitForMail(email, /\/order\/(KS\d+#token=[0-9a-f]{64})/, 20_000);
  expect(link.startsWith(orderNo)).toBe(true);
  const mail = await waitForMail(email, new RegExp(`([\\s\\S]*${orderNo}[\\s\\S]*)`));
  const guest = await browser.newContext();
  const reader = await guest.newPage();
  await reader.goto(`/order/${link}`);
  await expect(reader.getByTestId('order-detail')).toBeVisible();
  await expect(reader).toHaveURL(new RegExp(`/order/${orderNo}$`));
  await expect(reader.getByTestId('order-state')).toHaveText(/Delivered|Completed/);
  await expect(reader.getByTestId('price-parts')).toContainText('WELCOME10');
  await expect(reader.getByTestId('order-billing')).toContainText('10117 Berlin');
  expect(mail).toContain('Billing address:');
  expect(mail).toContain('Unter den Linden 1');
  await reader.getByTestId('reveal-keys').click();
  const keys = reader.getByTestId('key-value');
  await expect(keys).toHaveCount(2);
  for (const key of await keys.allTextContents()) {
    expect(mail).toContain(key);
  }

  // The receipt: on paper only, alone, with who paid and the total.
  await expect(reader.getByTestId('order-print')).toBeVisible();
  await expect(reader.getByTestId('receipt')).toBeHidden();
  await reader.emulateMedia({ media: 'print' });
  await expect(reader.getByTestId('receipt')).toBeVisible();
  await expect(reader.getByTestId('receipt-billing')).toContainText('Ann Lee');
  await expect(reader.getByTestId('receipt-billing')).toContainText(email);
  const total = await reader.getByTestId('order-total').textContent();
  await expect(reader.getByTestId('receipt-total')).toHaveText(total ?? '');
  await expect(reader.locator('header.ks-header')).toBeHidden();
  await guest.close();
});

test('a member buys, sees the key under My orders, and earns points', async ({ page, request }) => {
  const [card] = (await inStock(request, 1, 2)) as [Card];
  const email = uniqueEmail('member');
  await page.goto('/register');
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-name').fill('Mia Buyer');
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-confirm').fill(PASSWORD);
  await page.getByTestId('captcha-code').fill(CAPTCHA);
  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByTestId('login-account').fill(email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('account-menu')).toContainText('Mia Buyer');

  await page.goto('/my-account');
  await expect(page.getByTestId('overview-points')).toHaveText('0');
  await page.goto('/my-order');
  await expect(page.getByTestId('orders-empty')).toContainText('No orders');

  // The address book feeds checkout: the default address is chosen for the billing.
  await page.goto('/my-address');
  await page.getByTestId('address-add').click();
  await page.getByTestId('address-firstName').fill('Mia');
  await page.getByTestId('address-lastName').fill('Buyer');
  await page.getByTestId('address-country').selectOption('FR');
  await page.getByTestId('address-phone').fill('01 23 45 67 89');
  await page.getByTestId('address-address').fill('10 rue de Rivoli');
  await page.getByTestId('address-city').fill('Paris');
  await page.getByTestId('address-zip').fill('75001');
  await page.getByTestId('address-save').click();
  await expect(page.getByTestId('address-card')).toHaveCount(1);

  await page.goto(`/${card.gameName}/${card.gameExtName}`);
  await page.getByTestId('buy-now').click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('checkout-email')).toHaveValue(email);
  await expect(page.getByTestId('billing-saved').getByRole('radio')).toBeChecked();
  await expect(page.getByTestId('billing-saved')).toContainText('75001 Paris');
  await expect(page.getByTestId('billing-firstName')).toHaveCount(0);
  await page.getByTestId('checkout-submit').click();
  await payWith(page, '4242424242424242');
  await expect(page.getByTestId('success-title')).toHaveText('Payment successful');
  await page.getByTestId('success-order-link').click();
  await expect(page).toHaveURL(/\/my-order\?no=/);
  await expect(page.getByTestId('order-state')).toHaveText(/Delivered/, { timeout: 20_000 });
  await page.getByTestId('reveal-keys').click();
  await expect(page.getByTestId('key-value')).toHaveCount(1);
  await expect(page.getByTestId('order-billing')).toContainText('Mia Buyer');
  await expect(page.getByTestId('order-billing')).toContainText('75001 Paris');

  await page.goto('/my-order');
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  await page.goto('/my-account');
  await expect(page.getByTestId('overview-points')).not.toHaveText('0');
});
