import { expect, test } from '@playwright/test';

import { waitForMail } from './outbox';
import {
  addStaffFromCli,
  registerMember,
  buyAndAskForRefund,
  enrollAndSignIn,
  invite,
  newPage,
  STAFF_PASSWORD,
} from './staff-support';
import { fillBillingAddress, inStock, uniqueEmail, type Card } from './support';

test('the owner enrolls from the CLI link, invites support and finance; finance decides a refund support may only see', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const owner = `owner-${tag}@shop.example`;
  await enrollAndSignIn(page, addStaffFromCli(owner, 'owner'), owner);
  await expect(page.getByTestId('staff-role')).toHaveText('Owner');
  const supportEmail = `support-${tag}@shop.example`;
  const financeEmail = `finance-${tag}@shop.example`;
  const supportLink = await invite(page, supportEmail, 'support');
  const financeLink = await invite(page, financeEmail, 'finance');

  const shopper = await newPage(browser);
  const [card] = (await inStock(request, 1, 4)) as [Card];
  const buyer = uniqueEmail('refund');
  const orderNo = await buyAndAskForRefund(shopper, card, buyer);

  // Support sees the request but cannot decide it: no buttons, and the API says 403.
  const support = await newPage(browser);
  await enrollAndSignIn(support, supportLink, supportEmail);
  await expect(support.getByTestId('staff-nav-staff.nav.team')).toHaveCount(0);
  await support.getByTestId('staff-nav-staff.nav.refunds').click();
  const request1 = support.locator(`[data-testid="staff-refund"][data-order="${orderNo}"]`);
  await expect(request1.getByTestId('staff-refund-reason')).toHaveText('The key was already used');
  await expect(support.getByTestId('staff-refunds-read-only')).toBeVisible();
  await expect(support.getByTestId('staff-refund-approve')).toHaveCount(0);
  const token = await support.evaluate(
    () =>
      (
        JSON.parse(sessionStorage.getItem('keyshop-staff-session') ?? '{}') as {
          state?: { token?: string };
        }
      ).state?.token ?? '',
  );
  const refused = await support.request.post(`/prod-api/api/staff/refunds/${orderNo}/decision`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { approve: true },
  });
  expect(refused.status()).toBe(403);
  // Support finds the order by the buyer's e-mail and reads its history.
  await support.getByTestId('staff-nav-staff.nav.orders').click();
  await support.getByTestId('staff-orders-email').fill(buyer);
  await support.getByTestId('staff-orders-search').click();
  await expect(support.getByTestId('staff-order')).toHaveCount(1);
  await support.getByRole('link', { name: orderNo }).click();
  await expect(support.getByTestId('staff-order-state')).toHaveText('Refund requested');
  await expect(support.getByTestId('staff-order-history')).toContainText(
    'The key was already used',
  );
  await expect(support.getByTestId('staff-order-reveals').getByRole('listitem')).not.toHaveCount(0);
  // A note only staff see; the buyer's page never shows it.
  await support.getByTestId('staff-order-note').fill('Buyer says the key was used on arrival');
  await support.getByTestId('staff-order-note-add').click();
  await expect(support.getByTestId('staff-order-notes')).toContainText(
    'Buyer says the key was used on arrival',
  );
  await expect(support.getByTestId('staff-order-notes')).toContainText(supportEmail);
  await expect(support.getByTestId('staff-order-cancel')).toHaveCount(0);

  // The owner's dashboard counts the request, with its deadline.
  await page.goto('/staff');
  await expect(page.getByTestId('staff-dashboard-refunds')).toContainText(orderNo);
  await expect(page.getByTestId('staff-chart-sales').locator('canvas')).toBeVisible();

  // Finance approves it: the buyer is e-mailed and can no longer reveal the key.
  const finance = await newPage(browser);
  await enrollAndSignIn(finance, financeLink, financeEmail);
  await finance.getByTestId('staff-nav-staff.nav.refunds').click();
  const request2 = finance.locator(`[data-testid="staff-refund"][data-order="${orderNo}"]`);
  await request2.getByTestId('staff-refund-approve').click();
  await expect(finance.getByText(`Refund approved for order ${orderNo}`)).toBeVisible();
  await expect(request2).toHaveCount(0);
  await waitForMail(buyer, new RegExp(`(${orderNo}[\\s\\S]*has been approved)`), 15_000);
  await shopper.reload();
  await expect(shopper.getByTestId('order-state')).toHaveText(/Refunded/);
  await expect(shopper.getByTestId('reveal-keys')).toHaveCount(0);

  // The owner's audit log shows each step: who invited whom, the sign-ins, the decision.
  await page.getByTestId('staff-nav-staff.nav.audit').click();
  await page.getByTestId('staff-audit-search').fill(orderNo);
  const records = page.getByTestId('staff-audit-record');
  await expect(records).toHaveCount(2);
  const decision = records.and(page.locator('[data-action="refund.approve"]'));
  await expect(decision).toContainText(financeEmail);
  await expect(records.and(page.locator('[data-action="order.note"]'))).toContainText(supportEmail);
  await page.getByTestId('staff-audit-search').fill(tag);
  const actions = page.getByTestId('staff-audit-record');
  await expect(actions.and(page.locator('[data-action="staff.invite"]'))).toHaveCount(3);
  await expect(actions.and(page.locator('[data-action="staff.enroll"]'))).toHaveCount(3);
  await expect(actions.and(page.locator('[data-action="staff.sign_in"]'))).toHaveCount(3);
  await expect(actions.and(page.locator('[data-action="refund.approve"]'))).toHaveCount(1);

  // The owner disables support: the account says so and support's console ends.
  await page.getByTestId('staff-nav-staff.nav.team').click();
  const supportAccount = page.locator(
    `[data-testid="staff-account"][data-email="${supportEmail}"]`,
  );
  await expect(supportAccount.getByTestId('staff-account-state')).toHaveText('Active');
  await supportAccount.getByTestId('staff-account-toggle').click();
  await expect(supportAccount.getByTestId('staff-account-state')).toHaveText('Disabled');
  await support.reload();
  await expect(support).toHaveURL(/\/staff\/login$/);
});

test('a staff page without a session goes to the console sign-in, and a wrong code is refused', async ({
  page,
}) => {
  await page.goto('/staff/refunds');
  await expect(page).toHaveURL(/\/staff\/login$/);
  await page.getByTestId('staff-login-email').fill('nobody@shop.example');
  await page.getByTestId('staff-login-password').fill(STAFF_PASSWORD);
  await page.getByTestId('staff-login-code').fill('123456');
  await page.getByTestId('staff-login-submit').click();
  await expect(page.getByTestId('staff-login-error')).toHaveText(
    'The e-mail, password or code is incorrect',
  );
});

test("the owner reads the dashboard, imports keys from a file and sets a product's threshold", async ({
  page,
}) => {
  const tag = Date.now().toString(36).toUpperCase();
  const owner = `stock-owner-${tag.toLowerCase()}@shop.example`;
  await enrollAndSignIn(page, addStaffFromCli(owner, 'owner'), owner);
  // The demo store has products low on keys: the dashboard lists them, fewest first.
  await expect(page.getByTestId('staff-figure-low-stock')).not.toContainText(/^\D*0$/);
  await expect(page.getByTestId('staff-chart-hours').locator('canvas')).toBeVisible();
  const low = page.getByTestId('staff-dashboard-low-stock').getByRole('link').first();
  await low.click();
  await expect(page).toHaveURL(/\/staff\/stock\?sku=/);
  const row = page.getByTestId('staff-stock-row');
  await expect(row).toHaveCount(1);
  const before = Number(await row.getByTestId('staff-stock-available').textContent());

  // A .txt file: two good keys, one too short; the report says so, the stock grows.
  await page.getByTestId('staff-import-file').setInputFiles({
    name: 'keys.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(`E2E-${tag}-0001\n\nE2E-${tag}-0002\nab\n`),
  });
  await page.getByTestId('staff-import-submit').click();
  await expect(page.getByTestId('staff-import-report')).toContainText(
    `Imported 2, duplicates 0, invalid 1. Available now: ${String(before + 2)}.`,
  );
  await expect(page.getByTestId('staff-import-report')).toContainText('Invalid lines: 3.');
  await expect(row.getByTestId('staff-stock-available')).toHaveText(String(before + 2));
  // Its keys, masked: the start and end of each, never the whole.
  await row.getByTestId('staff-stock-keys').click();
  const keys = page.getByTestId('staff-key');
  await expect(keys.first()).toContainText(/^E2E-•+-0002/);
  await expect(page.getByTestId('staff-keys')).not.toContainText(`E2E-${tag}-0001`);

  // The threshold: under the stock now, the product is no longer low.
  await row.getByTestId('staff-stock-threshold').fill('1');
  await row.getByTestId('staff-stock-threshold-save').click();
  await expect(page.getByText(/Threshold saved for/)).toBeVisible();
  await expect(row.getByText('Low', { exact: true })).toHaveCount(0);
  await page.getByTestId('staff-nav-staff.nav.audit').click();
  await page.getByTestId('staff-audit-search').fill(owner);
  await expect(
    page.getByTestId('staff-audit-record').and(page.locator('[data-action="stock.threshold"]')),
  ).toHaveCount(1);
  await expect(
    page.getByTestId('staff-audit-record').and(page.locator('[data-action="keys.import"]')),
  ).toHaveCount(1);
});

test('the owner finds a member, gives them points with a reason and disables the account', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const owner = `members-owner-${tag}@shop.example`;
  const email = uniqueEmail(`member-${tag}`);
  const password = 'a member password';
  await registerMember(request, email, 'Mina Park', password);
  await enrollAndSignIn(page, addStaffFromCli(owner, 'owner'), owner);
  await page.getByTestId('staff-nav-staff.nav.customers').click();
  await page.getByTestId('staff-customers-text').fill(email);
  await page.getByTestId('staff-customers-search').click();
  await expect(page.getByTestId('staff-customer-row')).toHaveCount(1);
  await page.getByRole('link', { name: email }).click();
  await expect(page.getByTestId('staff-customer-state')).toHaveText('Active');
  await expect(page.getByText('No order yet.')).toBeVisible();

  await page.getByTestId('staff-customer-delta').fill('25');
  await page.getByTestId('staff-customer-reason').fill('Goodwill for a late key');
  await page.getByTestId('staff-customer-adjust').click();
  await expect(page.getByTestId('staff-customer-points-balance')).toHaveText('25');
  await expect(page.getByTestId('staff-customer-adjustments')).toContainText(
    'Goodwill for a late key',
  );
  // Taking back more than they have is refused, nothing changes.
  await page.getByTestId('staff-customer-delta').fill('-100');
  await page.getByTestId('staff-customer-reason').fill('Too much');
  await page.getByTestId('staff-customer-adjust').click();
  await expect(page.getByText('That would take the points below zero.')).toBeVisible();
  await expect(page.getByTestId('staff-customer-points-balance')).toHaveText('25');

  await page.getByTestId('staff-customer-toggle').click();
  await expect(page.getByTestId('staff-customer-state')).toHaveText('Disabled');
  await page.getByTestId('staff-nav-staff.nav.audit').click();
  await page.getByTestId('staff-audit-search').fill(email);
  const records = page.getByTestId('staff-audit-record');
  await expect(records.and(page.locator('[data-action="member.points"]'))).toContainText(
    'Goodwill for a late key',
  );
  await expect(records.and(page.locator('[data-action="member.disable"]'))).toHaveCount(1);
});

test('the owner makes a coupon, edits it and switches it off', async ({ page }) => {
  const tag = Date.now().toString(36).toUpperCase();
  const owner = `coupons-owner-${tag.toLowerCase()}@shop.example`;
  const code = `E2E-${tag}`;
  await enrollAndSignIn(page, addStaffFromCli(owner, 'owner'), owner);
  await page.getByTestId('staff-nav-staff.nav.coupons').click();
  await page.getByTestId('staff-coupon-new').click();
  await page.getByTestId('staff-coupon-code').fill(code.toLowerCase());
  await page.getByTestId('staff-coupon-amount').fill('150');
  await page.getByTestId('staff-coupon-save').click();
  await expect(page.getByTestId('staff-coupon-form')).toContainText('out of range');
  await page.getByTestId('staff-coupon-amount').fill('15');
  await page.getByTestId('staff-coupon-limit').fill('100');
  await page.getByTestId('staff-coupon-type-dlc').check();
  await page.getByTestId('staff-coupon-save').click();
  const card = page.locator(`[data-testid="staff-coupon"][data-code="${code}"]`);
  await expect(card.getByTestId('staff-coupon-value')).toHaveText('15%');
  await expect(card.getByTestId('staff-coupon-uses')).toHaveText('0 of 100');
  await expect(card).toContainText('DLC');

  await card.getByTestId('staff-coupon-edit').click();
  await expect(page.getByTestId('staff-coupon-code')).toBeDisabled();
  await page.getByTestId('staff-coupon-amount').fill('20');
  await page.getByTestId('staff-coupon-save').click();
  await expect(card.getByTestId('staff-coupon-value')).toHaveText('20%');
  await card.getByTestId('staff-coupon-toggle').click();
  await expect(card.getByTestId('staff-coupon-state')).toHaveText('Off');

  await page.getByTestId('staff-nav-staff.nav.audit').click();
  await page.getByTestId('staff-audit-search').fill(code);
  const records = page.getByTestId('staff-audit-record');
  await expect(records.and(page.locator('[data-action="coupon.create"]'))).toHaveCount(1);
  await expect(records.and(page.locator('[data-action="coupon.update"]'))).toHaveCount(2);
});

test('a member pays part of an order with points the owner gave and gets them back on cancelling it', async ({
  page,
  browser,
  request,
}) => {
  const [card] = (await inStock(request, 1, 1)) as [Card];
  const tag = Date.now().toString(36);
  const owner = `points-owner-${tag}@shop.example`;
  const email = uniqueEmail(`points-${tag}`);
  const password = 'a member password';
  await registerMember(request, email, 'Pia Points', password);

  // The owner gives her 2,000 points (20 dollars at the first level's 100 a dollar).
  const office = await newPage(browser);
  await enrollAndSignIn(office, addStaffFromCli(owner, 'owner'), owner);
  await office.getByTestId('staff-nav-staff.nav.customers').click();
  await office.getByTestId('staff-customers-text').fill(email);
  await office.getByTestId('staff-customers-search').click();
  await office.getByRole('link', { name: email }).click();
  await office.getByTestId('staff-customer-delta').fill('2000');
  await office.getByTestId('staff-customer-reason').fill('Loyalty gift');
  await office.getByTestId('staff-customer-adjust').click();
  await expect(office.getByTestId('staff-customer-points-balance')).toHaveText('2000');

  await page.goto('/login');
  await page.getByTestId('login-account').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('account-menu')).toContainText('Pia Points');
  await page.goto(`/${card.gameName}/${card.gameExtName}`);
  await page.getByTestId('buy-now').click();
  await expect(page.getByTestId('checkout-points-balance')).toContainText('2,000');
  await expect(page.getByTestId('checkout-points-input')).toHaveCount(0);
  await page.getByTestId('checkout-use-points').check();
  await expect(page.getByTestId('checkout-points-input')).toHaveValue('2000');
  await page.getByTestId('checkout-points-input').fill('many');
  await page.getByTestId('checkout-submit').click();
  await expect(page.getByTestId('error-points')).toHaveText('This value must be a number');
  await page.getByTestId('checkout-points-input').fill('50');
  await fillBillingAddress(page);
  await page.getByTestId('checkout-submit').click();
  await expect(page).toHaveURL(/\/paying\?order=/);
  const orderNo = new URL(page.url()).searchParams.get('order') ?? '';

  // The order shows what the points paid; cancelled, they come back.
  await page.goto(`/my-order?no=${orderNo}`);
  await expect(page.getByTestId('price-parts')).toContainText('Points (50)');
  await page.getByTestId('order-cancel').click();
  await expect(page.getByTestId('order-state')).toHaveText(/Cancelled/);
  await expect(async () => {
    await page.goto('/my-account');
    await expect(page.getByTestId('overview-points')).toHaveText('2000', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
});

test('support answers a member’s ticket in the console and the member reads the reply', async ({
  page,
  browser,
}) => {
  const tag = Date.now().toString(36);
  const agent = `desk-${tag}@shop.example`;
  const email = uniqueEmail(`ticket-${tag}`);
  const password = 'a member password';
  const subject = `Key ${tag} does not work`;
  await registerMember(page.request, email, 'Tia Ticket', password);
  // Support is on duty: told of each new ticket by e-mail.
  const office = await newPage(browser);
  await enrollAndSignIn(office, addStaffFromCli(agent, 'support'), agent);
  await page.goto('/login');
  await page.getByTestId('login-account').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('account-menu')).toContainText('Tia Ticket');
  await page.goto('/my-support');
  await page.getByTestId('ticket-new').click();
  await page.getByTestId('ticket-subject').fill(subject);
  await page.getByTestId('ticket-message').fill('Steam says the key was already used.');
  await page.getByTestId('ticket-submit').click();
  await expect(page.getByTestId('ticket-thread')).toContainText(subject);
  await expect(page).toHaveURL(/\/my-support\?id=\d+$/);

  // Support is told, finds it waiting and answers it.
  await waitForMail(agent, /\/staff\/tickets\/\d+/);
  await office.getByTestId('staff-nav-staff.nav.tickets').click();
  const waiting = office.getByTestId('staff-ticket').filter({ hasText: subject });
  await expect(waiting).toHaveAttribute('data-status', 'open');
  await expect(waiting).toContainText(email);
  await waiting.getByTestId('staff-ticket-link').click();
  await expect(office.getByTestId('staff-ticket-member')).toHaveText(email);
  await office.getByTestId('staff-ticket-send').click();
  await expect(office.getByText('This field is required')).toBeVisible();
  await office.getByTestId('staff-ticket-reply').fill('We sent you a new key by e-mail.');
  await office.getByTestId('staff-ticket-send').click();
  await expect(office.getByTestId('staff-ticket-message')).toHaveCount(2);
  await expect(office.getByTestId('staff-ticket-status')).toHaveText('Answered');
  await waitForMail(email, /We sent you a new key by e-mail\./);

  // The member reads the answer under My support; support closes the ticket.
  await page.reload();
  await expect(page.getByTestId('ticket-message-item')).toHaveCount(2);
  await expect(page.getByTestId('ticket-thread')).toContainText('We sent you a new key by e-mail.');
  await office.getByTestId('staff-ticket-close').click();
  await expect(office.getByTestId('staff-ticket-closed')).toBeVisible();
  await expect(office.getByTestId('staff-ticket-status')).toHaveText('Closed');
});
