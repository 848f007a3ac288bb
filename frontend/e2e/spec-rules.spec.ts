import { expect, test, type Route } from '@playwright/test';

import { openHome } from './support';

function envelope(route: Route, code: number, msgKey: string): Promise<void> {
  return route.fulfill({
    status: code,
    contentType: 'application/json',
    body: JSON.stringify({ code, msg: msgKey, msgKey, data: null }),
  });
}

test('PayPal’s return page stands outside the main layout', async ({ page }) => {
  // The capture call is held, so the page stays while it would be checking the payment.
  await page.route('**/prod-api/api/payment/session/*/capture', () => undefined);
  await page.goto('/paypal?session=ps-held&order=KS-HELD');
  await expect(page.getByTestId('paypal-return-page')).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});

test('a 500 goes back to the caller untouched while other errors are toasted', async ({ page }) => {
  await page.route('**/prod-api/api/home/hotgames**', (route) =>
    envelope(route, 500, 'api.error.internal'),
  );
  await page.route('**/prod-api/api/home/bestSellers**', (route) =>
    envelope(route, 503, 'api.error.unavailable'),
  );
  const answered500 = page.waitForResponse('**/prod-api/api/home/hotgames**');
  const answered503 = page.waitForResponse('**/prod-api/api/home/bestSellers**');
  await openHome(page);
  await Promise.all([answered500, answered503]);
  // The 503 is toasted (one toast, however often the query retried); the 500 is not.
  const toasts = page.locator('[data-sonner-toast]');
  await expect(toasts.first()).toBeVisible();
  const texts = await toasts.allTextContents();
  expect(texts.every((text) => !/internal/i.test(text))).toBe(true);
});

test('a 401 to a signed-in call ends the session and reloads the page', async ({ page }) => {
  // A session this browser believes in, which the server no longer knows.
  await page.addInitScript(() => {
    if (window.sessionStorage.getItem('keyshop-e2e-seeded')) return;
    window.sessionStorage.setItem('keyshop-e2e-seeded', '1');
    window.localStorage.setItem(
      'keyshop-store',
      JSON.stringify({
        state: { language: 'en-US', token: 'gone', user: { info: null, loggedIn: true } },
        version: 1,
      }),
    );
  });
  let answered = false;
  await page.route('**/prod-api/api/session/check', (route) => {
    if (answered) return route.continue();
    answered = true;
    return envelope(route, 401, 'api.error.unauthorized');
  });
  await page.goto('/');
  await expect
    .poll(() =>
      page
        .evaluate(
          () =>
            (
              performance.getEntriesByType('navigation')[0] as
                PerformanceNavigationTiming | undefined
            )?.type,
        )
        // Asked while the reload is under way: ask again.
        .catch(() => undefined),
    )
    .toBe('reload');
  await expect(page.getByRole('banner')).toBeVisible();
  const stored = await page.evaluate(() => window.localStorage.getItem('keyshop-store') ?? '');
  expect(JSON.parse(stored)).toMatchObject({ state: { token: null } });
});

for (const link of ['/paying?order=KS-NOPE', '/paying', '/bill-pay?session=nope&order=KS-NOPE']) {
  test(`a bad payment link (${link}) says so and goes home`, async ({ page }) => {
    await page.goto(link);
    const notice = page.getByTestId('payment-bad-link');
    await expect(notice).toContainText('Incorrect link, about to jump to home page');
    await expect(page).toHaveURL(/\/$/, { timeout: 8000 });
    await expect(page.getByTestId('best-sellers')).toBeVisible();
  });
}
