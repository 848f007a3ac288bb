import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Native names as the switcher lists them, with the `<html lang>` each one sets. */
export const LANGUAGES: readonly { code: string; name: string; htmlLang: string }[] = [
  { code: 'ar', name: 'العربية', htmlLang: 'ar' },
  { code: 'cz', name: 'Čeština', htmlLang: 'cs' },
  { code: 'de', name: 'Deutsch', htmlLang: 'de' },
  { code: 'en-US', name: 'English', htmlLang: 'en-US' },
  { code: 'es', name: 'Español', htmlLang: 'es' },
  { code: 'fr', name: 'Français', htmlLang: 'fr' },
  { code: 'hu', name: 'Magyar', htmlLang: 'hu' },
  { code: 'it', name: 'Italiano', htmlLang: 'it' },
  { code: 'ja', name: '日本語', htmlLang: 'ja' },
  { code: 'ko', name: '한국어', htmlLang: 'ko' },
  { code: 'nl', name: 'Nederlands', htmlLang: 'nl' },
  { code: 'pl', name: 'Polski', htmlLang: 'pl' },
  { code: 'pt', name: 'Português', htmlLang: 'pt' },
  { code: 'ro', name: 'Română', htmlLang: 'ro' },
  { code: 'ru', name: 'Русский', htmlLang: 'ru' },
  { code: 'tr', name: 'Türkçe', htmlLang: 'tr' },
  { code: 'zh-CN', name: '简体中文', htmlLang: 'zh-CN' },
  { code: 'zh-TW', name: '繁體中文', htmlLang: 'zh-TW' },
];

/** Opens the home page and waits until the shell has rendered. */
export async function openHome(page: Page, search = ''): Promise<void> {
  await page.goto(`/${search}`);
  await expect(page.getByRole('banner')).toBeVisible();
}

/** Opens a header menu by its test id and returns the open menu. */
export async function openMenu(page: Page, testId: string): Promise<Locator> {
  await page.getByTestId(testId).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** The language the SPA has persisted (zustand's `keyshop-store` in localStorage). */
export async function storedLanguage(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('keyshop-store');
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { state?: { language?: string } };
    return parsed.state?.language ?? null;
  });
}

/** Stores a language before the SPA starts, as an earlier visit would have. */
export async function presetLanguage(page: Page, language: string): Promise<void> {
  await page.addInitScript((code) => {
    if (window.sessionStorage.getItem('keyshop-e2e-preset') === code) return;
    window.sessionStorage.setItem('keyshop-e2e-preset', code);
    window.localStorage.setItem(
      'keyshop-store',
      JSON.stringify({ state: { language: code }, version: 1 }),
    );
  }, language);
}

/** A product card as the gateway sends it (the fields the tests read). */
export interface ProductCard {
  id: number;
  title: string;
  gameName: string;
  gameExtName: string;
  platform: string;
  region: string;
  price: number;
}

interface Envelope<T> {
  code: number;
  msgKey: string;
  data: T;
}

/** GET a gateway call and return its `data`. */
export async function apiData<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as Envelope<T>).data;
}

/** The page of the best-selling product of the demo store. */
export async function firstProductPath(request: APIRequestContext): Promise<string> {
  const [product] = await apiData<ProductCard[]>(request, '/prod-api/api/home/bestSellers?limit=1');
  if (!product) throw new Error('the demo store has no best sellers');
  return `/${product.gameName}/${product.gameExtName}`;
}

/** The billing address the purchase tests give, as the API takes it. */
export const BILLING_ADDRESS = {
  firstName: 'Ann',
  lastName: 'Lee',
  phone: '+49 30 901820',
  address: 'Unter den Linden 1',
  city: 'Berlin',
  province: '',
  zip: '10117',
  country: 'DE',
} as const;

/** Types the billing address into checkout's fields. */
export async function fillBillingAddress(page: Page): Promise<void> {
  await page.getByTestId('billing-firstName').fill(BILLING_ADDRESS.firstName);
  await page.getByTestId('billing-lastName').fill(BILLING_ADDRESS.lastName);
  await page.getByTestId('billing-country').selectOption(BILLING_ADDRESS.country);
  await page.getByTestId('billing-phone').fill(BILLING_ADDRESS.phone);
  await page.getByTestId('billing-address').fill(BILLING_ADDRESS.address);
  await page.getByTestId('billing-city').fill(BILLING_ADDRESS.city);
  await page.getByTestId('billing-zip').fill(BILLING_ADDRESS.zip);
}

export function uniqueEmail(name: string): string {
  return `${name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}@example.com`;
}

export interface Card {
  id: number;
  gameName: string;
  gameExtName: string;
  title: string;
}

/** Products the demo store has keys for. */
export async function inStock(
  request: APIRequestContext,
  count: number,
  skip = 0,
): Promise<Card[]> {
  // The list pages by 10, 20, 30 or 50.
  const answer = await request.get('/prod-api/api/home/queryGames?stock=in_stock&limit=10');
  const body = (await answer.json()) as { data: { rows: Card[] } };
  const cards = body.data.rows.slice(skip, skip + count);
  expect(cards).toHaveLength(count);
  return cards;
}

export async function addToCart(page: Page, card: Card): Promise<void> {
  await page.goto(`/${card.gameName}/${card.gameExtName}`);
  await expect(page.getByTestId('product-title')).toBeVisible();
  await page.getByTestId('add-to-cart').first().click();
  await expect(page.getByText('Added to your cart').first()).toBeVisible();
}

/** From the paying screen: Pay now, the sandbox's card page, a card. */
export async function payWith(page: Page, card: string): Promise<void> {
  await expect(page.getByTestId('paying-countdown')).toHaveText(/\d{2}:\d{2}/);
  await page.getByTestId('pay-now').click();
  await expect(page.getByTestId('bill-pay-page')).toBeVisible();
  await page.getByTestId('card-number').fill(card);
  await page.getByTestId('card-expiry').fill('1239');
  await page.getByTestId('card-cvc').fill('123');
  await page.getByTestId('card-pay').click();
}
