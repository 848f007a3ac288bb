import { expect, test } from '@playwright/test';

import { waitForMail } from './outbox';
import {
  addStaffFromCli,
  buyAndAskForRefund,
  enrollAndSignIn,
  invite,
  newPage,
  STAFF_PASSWORD,
} from './staff-support';
import { inStock, uniqueEmail, type Card } from './support';

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
  const decision = page.getByTestId('staff-audit-record');
  await expect(decision).toHaveCount(1);
  await expect(decision).toHaveAttribute('data-action', 'refund.approve');
  await expect(decision).toContainText(financeEmail);
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
