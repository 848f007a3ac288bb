import { expect, test, type Page } from '@playwright/test';

import { firstProductPath } from './support';
import { keyshopAdmin, waitForMail } from './outbox';

/** The captcha code the store accepts in tests (KEYSHOP_CAPTCHA_TEST_CODE, see the Makefile). */
const CAPTCHA = 'e2e-pass';
const PASSWORD = 'secret-12';

function uniqueEmail(name: string): string {
  return `${name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}@example.com`;
}

async function registerAccount(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/register');
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-name').fill('Ann Lee');
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-confirm').fill(password);
  await expect(page.getByTestId('captcha-image').locator('img')).toBeVisible();
  await page.getByTestId('captcha-code').fill(CAPTCHA);
  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/login$/);
}

async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByTestId('login-account').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

test('a member registers, keeps a profile, addresses and a wishlist, changes the password and signs out', async ({
  page,
  request,
}) => {
  // Many steps (two argon2id hashes among them): more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const email = uniqueEmail('ann');

  // The browser checks the rules first, with the server's messages.
  await page.goto('/register');
  await page.getByTestId('register-email').fill('not-an-email');
  await page.getByTestId('register-password').fill('123');
  await page.getByTestId('register-confirm').fill('1234');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('error-email')).toHaveText(
    'Please enter the correct email address!',
  );
  await expect(page.getByTestId('error-confirmPassword')).toHaveText(
    'The two passwords do not match!',
  );
  await expect(page.getByTestId('error-agreeTerms')).toBeVisible();

  await registerAccount(page, email);

  // A visitor on an account page goes to /login and comes back after signing in.
  await page.goto('/my-info');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmy-info$/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/my-info$/);
  await expect(page.getByTestId('account-menu')).toContainText('Ann Lee');

  // The profile: an invalid phone for the country is refused, a valid one saved.
  await expect(page.getByTestId('profile-email')).toHaveValue(email);
  await page.getByTestId('profile-country').selectOption('DE');
  await page.getByTestId('profile-phone').fill('12');
  await page.getByTestId('profile-zip').fill('10115');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('error-phone')).toHaveText(
    'Please enter a valid phone number for the selected country',
  );
  await page.getByTestId('profile-phone').fill('+49 30 901820');
  await page.getByTestId('profile-save').click();
  await expect(page.getByText('Updated').first()).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('profile-phone')).toHaveValue('+4930901820');

  // Two addresses; the default one cannot be deleted.
  await page.goto('/my-address');
  for (const street of ['Unter den Linden 1', 'Alexanderplatz 2']) {
    await page.getByTestId('address-add').click();
    await page.getByTestId('address-firstName').fill('Ann');
    await page.getByTestId('address-lastName').fill('Lee');
    await page.getByTestId('address-country').selectOption('DE');
    await page.getByTestId('address-phone').fill('+49 30 901820');
    await page.getByTestId('address-address').fill(street);
    await page.getByTestId('address-city').fill('Berlin');
    await page.getByTestId('address-zip').fill('10117');
    await page.getByTestId('address-save').click();
    await expect(page.getByTestId('address-card').filter({ hasText: street })).toBeVisible();
  }
  await expect(page.getByTestId('address-card')).toHaveCount(2);
  const defaultCard = page
    .getByTestId('address-card')
    .filter({ has: page.getByTestId('address-default-tag') });
  await defaultCard.getByTestId('address-delete').click();
  await defaultCard.getByTestId('address-confirm-delete').click();
  await expect(page.getByTestId('address-alert')).toHaveText(
    "Sorry, the default address can't be deleted!",
  );
  await expect(page.getByTestId('address-card')).toHaveCount(2);

  // The wishlist: add from the product page and a card, remove one.
  await page.goto(await firstProductPath(request));
  const heart = page.getByTestId('wishlist-toggle').first();
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/games');
  const cardHearts = page.getByTestId('product-card').getByTestId('wishlist-toggle');
  const second = cardHearts.nth(3);
  await second.click();
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/my-collect');
  await expect(page.getByTestId('collect-item')).toHaveCount(2);
  await page.getByTestId('collect-remove').first().click();
  await expect(page.getByTestId('collect-item')).toHaveCount(1);

  // Membership and login history show the member's own figures.
  await page.goto('/my-membership');
  await expect(page.getByTestId('level-card')).toContainText('Bronze');
  await expect(page.getByTestId('level-table').locator('tbody tr')).toHaveCount(5);
  await page.goto('/my-history');
  await expect(page.getByTestId('history-row').first()).toContainText('Success');

  // Change the password, sign out, and only the new one works.
  await page.goto('/my-changepwd');
  await page.getByTestId('old-password').fill('wrong-password');
  await page.getByTestId('new-password').fill('new-secret-1');
  await page.getByTestId('confirm-password').fill('new-secret-1');
  await page.getByTestId('changepwd-submit').click();
  await expect(page.getByTestId('error-oldPassword')).toHaveText('The old password is incorrect');
  await page.getByTestId('old-password').fill(PASSWORD);
  await page.getByTestId('changepwd-submit').click();
  await expect(page.getByTestId('old-password')).toHaveValue('');
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await signIn(page, email);
  await expect(page.getByTestId('login-error')).toHaveText('The account or password is incorrect');
  await page.getByTestId('login-password').fill('new-secret-1');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/$/);
});

test('a disabled account is signed out at its next navigation with the warning', async ({
  page,
}) => {
  const email = uniqueEmail('dis');
  await registerAccount(page, email);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/my-account');
  await expect(page.getByTestId('my-account')).toBeVisible();

  keyshopAdmin('member', 'disable', email);
  await page
    .getByRole('navigation', { name: 'My account' })
    .getByRole('link', { name: 'Addresses' })
    .click();
  await expect(page.getByText('Your account has been disabled').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  const token = await page.evaluate(() => {
    const raw = window.localStorage.getItem('keyshop-store') ?? '{}';
    return (JSON.parse(raw) as { state?: { token?: string | null } }).state?.token ?? null;
  });
  expect(token).toBeNull();
});

test('a forgotten password is reset with the code from the e-mail', async ({ page }) => {
  const email = uniqueEmail('fay');
  await registerAccount(page, email);

  await page.getByTestId('forgot-link').click();
  await expect(page).toHaveURL(/\/forgot$/);
  await page.getByTestId('forgot-email').fill(email);
  await page.getByTestId('captcha-code').fill(CAPTCHA);
  await page.getByTestId('forgot-send').click();
  await expect(page.getByTestId('forgot-sent-to')).toContainText(email);

  await page.getByTestId('forgot-verify').click();
  await expect(page.getByTestId('error-code')).toHaveText('Verification code cannot be empty');
  const code = await waitForMail(email, /\b(\d{6})\b/);
  await page.getByTestId('forgot-code').fill(code);
  await page.getByTestId('forgot-verify').click();

  await expect(page).toHaveURL(/\/resetpassword$/);
  await page.getByTestId('reset-password').fill('reset-pass-9');
  await page.getByTestId('reset-confirm').fill('reset-pass-9');
  await page.getByTestId('reset-submit').click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, 'reset-pass-9');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('account-menu')).toContainText('Ann Lee');
});

test('the public forms and the newsletter opt-in', async ({ page }) => {
  await page.goto('/sale');
  await page.getByTestId('form-name').fill('Ann');
  await page.getByTestId('form-region').fill('Europe');
  await page.getByTestId('form-email').fill('seller@example.com');
  await page.getByTestId('form-confirmEmail').fill('other@example.com');
  await page.getByTestId('form-description').fill('200 Steam keys');
  await page.getByTestId('form-submit').click();
  await expect(page.getByTestId('error-confirmEmail')).toHaveText(
    'The two emails are inconsistent!',
  );
  await page.getByTestId('form-confirmEmail').fill('seller@example.com');
  await page.getByTestId('form-submit').click();
  await expect(page.getByTestId('form-sent')).toBeVisible();
  await waitForMail('seller@example.com', /Hello Ann/);

  const subscriber = uniqueEmail('news');
  // The newsletter box loads when the footer comes near the viewport.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await page.getByTestId('newsletter-email').fill(subscriber);
  await page.getByTestId('newsletter-submit').click();
  await expect(page.getByTestId('newsletter-status')).toHaveText(
    'Please check your email to confirm your subscription',
  );
  const link = await waitForMail(
    subscriber,
    /(https?:\/\/\S+\/newsletter\/confirm#token=[0-9a-f]{64})/,
  );
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await expect(page.getByTestId('newsletter-link')).toHaveAttribute('data-outcome', 'done');
  await expect(page.getByRole('heading', { name: 'Subscription succeeded' })).toBeVisible();
  await expect(page).toHaveURL(/\/newsletter\/confirm$/);
});
