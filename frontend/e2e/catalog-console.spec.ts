import { expect, test } from '@playwright/test';

import { png } from './images';
import { waitForMail } from './outbox';
import { addStaffFromCli, enrollAndSignIn } from './staff-support';
import { fillBillingAddress, inStock, payWith, uniqueEmail } from './support';

test('a manager writes a product in Japanese with a cover, imports its keys and publishes it; a shopper finds it in Japanese and buys it; a new price shows at once', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const manager = `catalog-${tag}@shop.example`;
  const sku = `E2E-STAR-${tag.toUpperCase()}`;
  const gameName = `voyager-of-stars-${tag}`;
  const japanese = `星の旅人${tag}`;
  await enrollAndSignIn(page, addStaffFromCli(manager, 'manager'), manager);

  // A new draft: English and Japanese titles, a price.
  await page.getByTestId('staff-nav-staff.nav.products').click();
  await page.getByTestId('staff-product-new').click();
  await page.getByTestId('staff-product-sku').fill(sku);
  await page.getByTestId('staff-product-title').fill(`Star Voyager ${tag}`);
  // The address follows the English title until it is edited.
  await expect(page.getByTestId('staff-product-game-name')).toHaveValue(`star-voyager-${tag}`);
  await page.getByTestId('staff-product-game-name').fill(gameName);
  await page.getByTestId('staff-product-game-ext-name').fill('steam-global');
  await page.getByTestId('staff-product-price').fill('12.34');
  await page.getByTestId('staff-product-release').fill('2026-01-15');
  await page.getByTestId('staff-product-lang-ja').click();
  await page.getByTestId('staff-product-title').fill(japanese);
  await expect(page.getByTestId('staff-product-missing')).not.toContainText('日本語');
  await page.getByTestId('staff-product-save').click();
  await expect(page).toHaveURL(/\/staff\/products\/\d+$/);
  await expect(page.getByTestId('staff-product-state')).toHaveAttribute('data-state', 'draft');

  // Uploads: a PHP file named .png and a 30,000 × 30,000 PNG bomb are refused; a cover is kept.
  const coverFile = page.getByTestId('staff-product-cover-file');
  await coverFile.setInputFiles({
    name: 'shell.png',
    mimeType: 'image/png',
    buffer: Buffer.from("<?php system($_GET['c']); ?>"),
  });
  await expect(page.getByTestId('staff-product-images')).toContainText(
    'Upload a PNG, JPEG, WebP or GIF image',
  );
  await coverFile.setInputFiles({
    name: 'bomb.png',
    mimeType: 'image/png',
    buffer: png(1, 1, [30_000, 30_000]),
  });
  await expect(page.getByTestId('staff-product-images')).toContainText('too many pixels');
  await expect(page.getByTestId('staff-product-cover')).toHaveCount(0);
  await coverFile.setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: png(920, 430),
  });
  await expect(page.getByTestId('staff-product-cover')).toHaveAttribute('src', /-640\.webp$/);

  // Keys, imported from the product's own link to the stock page.
  await page.getByTestId('staff-product-keys').click();
  await expect(page.getByTestId('staff-import-sku')).toHaveValue(sku);
  await page.getByTestId('staff-import-file').setInputFiles({
    name: 'keys.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(`STAR-${tag}-0001\nSTAR-${tag}-0002\n`),
  });
  await page.getByTestId('staff-import-submit').click();
  await expect(page.getByTestId('staff-import-report')).toContainText('Imported 2');
  await page.goBack();
  await page.getByTestId('staff-product-publish').click();
  await expect(page.getByTestId('staff-product-state')).toHaveAttribute('data-state', 'published');

  // A shopper searches in Japanese, sees the Japanese title and the cover, and buys.
  const shopper = await browser.newContext();
  const shop = await shopper.newPage();
  await shop.goto(`/games?text=${encodeURIComponent('星の旅人')}&lang=ja`);
  const card = shop.locator(`[data-testid="product-card"][data-sku="${sku}"]`);
  await expect(card).toBeVisible();
  await expect(card).toContainText(japanese);
  await expect(card.locator('img')).toHaveAttribute('src', /-640\.webp$/);
  await card.getByRole('link').first().click();
  await expect(shop.getByTestId('product-title')).toHaveText(japanese);
  await expect(shop.getByTestId('price').first()).toContainText('12.34');
  const email = uniqueEmail('voyager');
  await shop.getByTestId('buy-now').click();
  await shop.getByTestId('checkout-email').fill(email);
  await fillBillingAddress(shop);
  await shop.getByTestId('checkout-submit').click();
  await payWith(shop, '4242424242424242');
  await expect(shop).toHaveURL(/\/success-payment\?order=/);
  const mail = await waitForMail(email, new RegExp(`(STAR-${tag}-000\\d)`), 20_000);
  expect(mail).toMatch(new RegExp(`^STAR-${tag}-000[12]$`));

  // The manager lowers the price: the shop shows it on the next look.
  await page.getByTestId('staff-product-price').fill('9.99');
  await page.getByTestId('staff-product-save').click();
  await expect(page.getByText('Product saved')).toBeVisible();
  await shop.goto(`/${gameName}/steam-global?lang=en-US`);
  await expect(shop.getByTestId('price').first()).toContainText('9.99');
  await shopper.close();
});

test('a manager switches reviews off and the review form goes; an Arabic headline shows on the Arabic home', async ({
  page,
  browser,
}) => {
  const tag = Date.now().toString(36);
  const manager = `content-${tag}@shop.example`;
  const headline = `مفاتيح الألعاب خلال ثوانٍ ${tag}`;
  await enrollAndSignIn(page, addStaffFromCli(manager, 'manager'), manager);
  await page.getByTestId('staff-nav-staff.nav.settings').click();
  await page.getByTestId('staff-settings-language').selectOption('ar');
  await page.getByTestId('staff-setting-heroTitle').fill(headline);
  await page.getByTestId('staff-settings-save').click();
  await expect(page.getByText('Settings saved').first()).toBeVisible();
  await page.getByTestId('staff-setting-commentEnabled').uncheck();
  await expect(page.getByTestId('staff-setting-commentEnabled')).not.toBeChecked();

  const visitor = await browser.newContext();
  const shop = await visitor.newPage();
  try {
    const answer = await shop.request.get('/prod-api/api/home/config', {
      headers: { 'Accept-Language': 'ar' },
    });
    console.log('DEBUG', await answer.text());
    await shop.goto('/?lang=ar');
    await expect(shop.getByTestId('site-title')).toHaveText(headline);
    await expect(shop.locator('html')).toHaveAttribute('dir', 'rtl');
    const [product] = await inStock(shop.request, 1);
    await shop.goto(`/${product?.gameName ?? ''}/${product?.gameExtName ?? ''}?lang=en-US`);
    await shop.getByRole('tab', { name: /^Ratings/ }).click();
    await expect(shop.getByTestId('comments-off')).toBeVisible();
    await expect(shop.getByTestId('review-form')).toHaveCount(0);
  } finally {
    // The rest of the suite shares this store: reviews back on, the headline back to the default.
    await page.getByTestId('staff-setting-commentEnabled').check();
    await expect(page.getByTestId('staff-setting-commentEnabled')).toBeChecked();
    await page.getByTestId('staff-setting-heroTitle').fill('');
    await page.getByTestId('staff-settings-save').click();
    await visitor.close();
  }
});
