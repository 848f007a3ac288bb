import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { apiData, BILLING_ADDRESS, firstProductPath } from './support';

/**
 * Not a test: `npm run screenshots` saves the store's pages (home, /games, a list, a product,
 * 404, the news and a news item, footer pages, sign-in, the forms, the account area of a
 * member, cart, checkout, paying and the member's orders, the chat panel; on phones also the menu and the
 * filter drawers open) in three languages at desktop and phone sizes into screenshots/
 * (gitignored) for a person to look at. The store must accept
 * the captcha code below (KEYSHOP_CAPTCHA_TEST_CODE) so the pictures can sign a member up.
 */
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
const LANGUAGES = ['en-US', 'ja', 'ar'] as const;

const CAPTCHA = process.env.KEYSHOP_CAPTCHA_TEST_CODE ?? 'e2e-pass';
const MEMBER = { email: `shots-${Date.now().toString(36)}@example.com`, password: 'secret-12' };

interface Shot {
  name: string;
  path: (request: APIRequestContext) => Promise<string>;
  ready: (page: Page) => Promise<void>;
  /** Signed in as MEMBER first. */
  member?: boolean;
  /** Only at these viewports (all when absent). */
  only?: readonly (typeof VIEWPORTS)[number]['name'][];
  /** The screen only, not the whole page (an open drawer covers the screen). */
  screen?: boolean;
}

function testId(id: string): (page: Page) => Promise<void> {
  return async (page) => {
    await expect(page.getByTestId(id).first()).toBeVisible();
  };
}

/** Opens something (a drawer, a menu) after `ready`, for a picture of it open. */
function opened(ready: (page: Page) => Promise<void>, trigger: string, shown: string) {
  return async (page: Page) => {
    await ready(page);
    await page.getByTestId(trigger).first().click();
    await expect(page.getByTestId(shown).first()).toBeVisible();
    // Let the drawer's entrance finish.
    await page.waitForTimeout(400);
  };
}

async function firstNewsPath(request: APIRequestContext): Promise<string> {
  const news = await apiData<{ rows: { id: number }[] }>(
    request,
    '/prod-api/api/home/gamesNews?page=1&limit=10',
  );
  return `/newsInfo?id=${String(news.rows[0]?.id ?? 0)}`;
}

function at(target: string): () => Promise<string> {
  return () => Promise.resolve(target);
}

async function registerMember(request: APIRequestContext): Promise<void> {
  const captcha = await request.get('/prod-api/captchaImage');
  const { uuid } = ((await captcha.json()) as { data: { uuid: string } }).data;
  const response = await request.post('/prod-api/api/register', {
    data: {
      email: MEMBER.email,
      fullName: 'Ann Lee',
      password: MEMBER.password,
      confirmPassword: MEMBER.password,
      agreeTerms: true,
      newsletter: false,
      code: CAPTCHA,
      uuid,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-account').fill(MEMBER.email);
  await page.getByTestId('login-password').fill(MEMBER.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('account-menu')).toContainText('Ann Lee');
}

/** The member's orders made in `beforeAll`: one paid, one waiting for payment. */
const ORDERS = { paid: '', pending: '', session: '' };

/** A paid order, an unpaid one and a cart of two products for MEMBER, through the API. */
async function shopAsMember(request: APIRequestContext): Promise<void> {
  const login = await request.post('/prod-api/api/login', {
    data: { account: MEMBER.email, password: MEMBER.password },
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const headers = { Authorization: `Bearer ${token}` };
  const list = await request.get('/prod-api/api/home/queryGames?stock=in_stock&limit=10');
  const cards = ((await list.json()) as { data: { rows: { id: number }[] } }).data.rows;
  const order = async (productId: number) => {
    const placed = await request.post('/prod-api/api/order/checkout', {
      headers,
      data: {
        lines: [{ productId, quantity: 1 }],
        email: MEMBER.email,
        contact: '+49 30 901820',
        note: '',
        coupon: 'WELCOME10',
        paymentMethod: 'sandbox-card',
        currency: 'USD',
        billingAddress: BILLING_ADDRESS,
      },
    });
    expect(placed.ok(), await placed.text()).toBe(true);
    return (
      (await placed.json()) as { data: { order: { orderNo: string }; paymentSessionId: string } }
    ).data;
  };
  const paid = await order(cards[0]?.id ?? 0);
  const charge = await request.post(
    `/prod-api/api/payment/sandbox/${paid.paymentSessionId}/charge`,
    { data: { number: '4242424242424242', expiry: '12/39', cvc: '123' } },
  );
  expect(charge.ok(), await charge.text()).toBe(true);
  const pending = await order(cards[1]?.id ?? 0);
  Object.assign(ORDERS, {
    paid: paid.order.orderNo,
    pending: pending.order.orderNo,
    session: pending.paymentSessionId,
  });
  for (const card of cards.slice(2, 4)) {
    await request.put('/prod-api/api/cart/lines?currency=USD', {
      headers,
      data: { productId: card.id, quantity: 1 },
    });
  }
}

const PAGES: readonly Shot[] = [
  {
    name: 'home',
    path: () => Promise.resolve('/'),
    ready: async (page) => {
      await expect(
        page.getByTestId('best-sellers').getByTestId('product-card').first(),
      ).toBeVisible();
    },
  },
  {
    name: 'games',
    path: () => Promise.resolve('/games?platform=steam,xbox&sort=price_asc'),
    ready: async (page) => {
      await expect(page.getByTestId('product-card').first()).toBeVisible();
    },
  },
  {
    name: 'product',
    path: firstProductPath,
    ready: async (page) => {
      await expect(page.getByTestId('product-title')).toBeVisible();
    },
  },
  {
    name: '404',
    path: () => Promise.resolve('/404'),
    ready: async (page) => {
      await expect(page.getByTestId('not-found')).toBeVisible();
    },
  },
  {
    name: 'list',
    path: at('/steam'),
    ready: testId('product-card'),
  },
  {
    name: 'games-filters',
    path: at('/games?platform=steam,xbox&sort=price_asc'),
    ready: opened(testId('product-card'), 'open-filters', 'filter-drawer'),
    only: ['mobile'],
    screen: true,
  },
  {
    name: 'menu',
    path: at('/'),
    ready: opened(testId('mobile-menu-button'), 'mobile-menu-button', 'mobile-menu'),
    only: ['mobile'],
    screen: true,
  },
  { name: 'news', path: at('/news'), ready: testId('news-card') },
  { name: 'news-item', path: firstNewsPath, ready: testId('news-article') },
  { name: 'about-us', path: at('/about-us'), ready: testId('site-page-about-us') },
  { name: 'contact-us', path: at('/contact-us'), ready: testId('site-page-contact-us') },
  { name: 'feedback', path: at('/feedback'), ready: testId('form-submit') },
  { name: 'login', path: at('/login'), ready: testId('login-submit') },
  { name: 'register', path: at('/register'), ready: testId('captcha-image') },
  { name: 'forgot', path: at('/forgot'), ready: testId('forgot-send') },
  { name: 'sale', path: at('/sale'), ready: testId('form-submit') },
  { name: 'my-account', path: at('/my-account'), ready: testId('overview-level'), member: true },
  { name: 'my-info', path: at('/my-info'), ready: testId('profile-save'), member: true },
  { name: 'my-membership', path: at('/my-membership'), ready: testId('level-table'), member: true },
  { name: 'my-address', path: at('/my-address'), ready: testId('address-add'), member: true },
  { name: 'my-history', path: at('/my-history'), ready: testId('history-row'), member: true },
  { name: 'my-collect', path: at('/my-collect'), ready: testId('my-collect'), member: true },
  { name: 'my-support', path: at('/my-support'), ready: testId('ticket-new'), member: true },
  { name: 'cart', path: at('/cart'), ready: testId('cart-line'), member: true },
  { name: 'checkout', path: at('/checkout'), ready: testId('pay-method'), member: true },
  { name: 'my-order', path: at('/my-order'), ready: testId('order-row'), member: true },
  {
    name: 'my-order-detail',
    path: () => Promise.resolve(`/my-order?no=${ORDERS.paid}`),
    ready: async (page) => {
      await page.getByTestId('reveal-keys').click();
      await expect(page.getByTestId('key-value').first()).toBeVisible();
    },
    member: true,
  },
  {
    name: 'paying',
    path: () => Promise.resolve(`/paying?order=${ORDERS.pending}`),
    ready: testId('pay-now'),
    member: true,
  },
  {
    // The chat panel open over the home page (a guest's first step).
    name: 'chat',
    path: at('/'),
    ready: async (page) => {
      await page.getByTestId('chat-launcher').click();
      await expect(page.getByTestId('chat-intro')).toBeVisible();
    },
    screen: true,
  },
  {
    name: 'bill-pay',
    path: () => Promise.resolve(`/bill-pay?session=${ORDERS.session}&order=${ORDERS.pending}`),
    ready: testId('card-pay'),
  },
];

test.beforeAll(async ({ request }) => {
  await registerMember(request);
  await shopAsMember(request);
});

for (const viewport of VIEWPORTS) {
  for (const language of LANGUAGES) {
    for (const shot of PAGES) {
      if (shot.only && !shot.only.includes(viewport.name)) continue;
      test(`${shot.name} ${language} ${viewport.name}`, async ({ page, request }) => {
        mkdirSync(OUT, { recursive: true });
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        if (shot.member === true) await signIn(page);
        const target = await shot.path(request);
        const separator = target.includes('?') ? '&' : '?';
        await page.goto(`${target}${separator}lang=${language}`);
        await shot.ready(page);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await page.evaluate(() => document.fonts.ready);
        // Let lazy images near the top settle before the picture.
        await page.waitForLoadState('networkidle');
        // From the top, or the sticky header is drawn where a click (e.g. "Show key") scrolled to.
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
        await page.screenshot({
          path: path.join(OUT, `${shot.name}-${language}-${viewport.name}.png`),
          fullPage: shot.screen !== true,
        });
      });
    }
  }
}
