import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';

import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

import { fillBillingAddress, payWith, type Card } from './support';

/** The captcha code the store accepts in tests (KEYSHOP_CAPTCHA_TEST_CODE, see the Makefile). */
const CAPTCHA = 'e2e-pass';
export const STAFF_PASSWORD = 'a long staff password';

/** RFC 4648 base32 to bytes. */
export function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, '')) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** The authenticator's code (RFC 6238: SHA-1, 6 digits, 30 s) `steps` steps from now. */
export function totp(secret: string, steps = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + steps));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}

/** `keyshop admin staff add EMAIL --role ROLE` on the running store: the link's `#token=…`. */
export function addStaffFromCli(email: string, role: string): string {
  const binary = process.env.E2E_KEYSHOP_BIN;
  if (!binary) throw new Error('E2E_KEYSHOP_BIN is not set: run through .ci/with-keyshop');
  // The store's own settings only: KEYSHOP_URL and KEYSHOP_SCREENSHOTS are the tests'.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== 'KEYSHOP_URL' && name !== 'KEYSHOP_SCREENSHOTS',
    ),
  );
  const printed = execFileSync(binary, ['admin', 'staff', 'add', email, '--role', role], {
    env,
    encoding: 'utf8',
  });
  const fragment = /\/staff\/enroll(#token=[0-9a-f]{64})/.exec(printed)?.[1];
  if (!fragment) throw new Error(`no enrollment link in: ${printed}`);
  return fragment;
}

/** Enrolls through the link (`#token=…`) in `page` and signs in: the console's home. */
export async function enrollAndSignIn(page: Page, fragment: string, email: string): Promise<void> {
  await page.goto(`/staff/enroll${fragment}`);
  await expect(page.getByTestId('staff-enroll')).toContainText(email);
  const secret = (await page.getByTestId('staff-totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByTestId('staff-enroll-password').fill(STAFF_PASSWORD);
  await page.getByTestId('staff-enroll-confirm').fill(STAFF_PASSWORD);
  await page.getByTestId('staff-enroll-code').fill(totp(secret));
  await page.getByTestId('staff-enroll-submit').click();
  await expect(page.getByTestId('staff-recovery-code')).toHaveCount(10);
  await page.getByTestId('staff-enroll-continue').click();
  await expect(page).toHaveURL(/\/staff\/login$/);
  await page.getByTestId('staff-login-email').fill(email);
  await page.getByTestId('staff-login-password').fill(STAFF_PASSWORD);
  // The code used to enroll is spent: the next one.
  await page.getByTestId('staff-login-code').fill(totp(secret, 1));
  await page.getByTestId('staff-login-submit').click();
  await expect(page.getByTestId('staff-home')).toBeVisible();
}

/** An owner invites `email` as `role` from the Team page: the link's `#token=…`. */
export async function invite(page: Page, email: string, role: string): Promise<string> {
  await page.goto('/staff/team');
  await page.getByTestId('staff-invite-email').fill(email);
  await page.getByTestId('staff-invite-role').selectOption(role);
  await page.getByTestId('staff-invite-submit').click();
  const link = (await page.getByTestId('staff-invitation-link').textContent()) ?? '';
  const fragment = /(#token=[0-9a-f]{64})$/.exec(link)?.[1];
  expect(fragment).toBeTruthy();
  return fragment ?? '';
}

/** A shopper registers, buys `card`, opens its key and asks for a refund: the order number. */
export async function buyAndAskForRefund(page: Page, card: Card, email: string): Promise<string> {
  await page.goto('/register');
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-name').fill('Rita Refund');
  await page.getByTestId('register-password').fill('secret-12');
  await page.getByTestId('register-confirm').fill('secret-12');
  await page.getByTestId('captcha-code').fill(CAPTCHA);
  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByTestId('login-account').fill(email);
  await page.getByTestId('login-password').fill('secret-12');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('account-menu')).toContainText('Rita Refund');
  await page.goto(`/${card.gameName}/${card.gameExtName}`);
  await page.getByTestId('buy-now').click();
  await fillBillingAddress(page);
  await page.getByTestId('checkout-submit').click();
  await payWith(page, '4242424242424242');
  await expect(page.getByTestId('success-title')).toBeVisible();
  await page.getByTestId('success-order-link').click();
  await expect(page.getByTestId('order-state')).toHaveText(/Delivered/, { timeout: 20_000 });
  const orderNo = new URL(page.url()).searchParams.get('no') ?? '';
  await page.getByTestId('reveal-keys').click();
  await expect(page.getByTestId('key-value')).toHaveCount(1);
  await page.getByTestId('order-refund').click();
  await page.getByTestId('refund-form').getByRole('textbox').fill('The key was already used');
  await page.getByTestId('refund-submit').click();
  await expect(page.getByTestId('order-state')).toHaveText(/Refund requested/);
  return orderNo;
}

export async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** Registers a member through the API (the captcha's test code): their sign-in is theirs to do. */
export async function registerMember(
  request: APIRequestContext,
  email: string,
  fullName: string,
  password: string,
): Promise<void> {
  const registered = await request.post('/prod-api/api/register', {
    data: {
      email,
      fullName,
      password,
      confirmPassword: password,
      agreeTerms: true,
      newsletter: false,
      code: CAPTCHA,
      uuid: 'e2e',
    },
  });
  expect(registered.status()).toBe(200);
}
