import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { expect, test } from '@playwright/test';

import { png } from './images';
import { addStaffFromCli, buyAndAskForRefund, enrollAndSignIn, newPage } from './staff-support';
import { inStock, presetLanguage, uniqueEmail, type Card } from './support';

/**
 * Not a test: `npm run screenshots` also saves the staff console (sign-in, the dashboard, the refund
 * queue with a request waiting, the orders and one order, the key stock, the members, the coupons, the products and the product editor, the site settings, the news and its editor, the footer pages, the newsletter and its editor, the forms inbox, the support tickets and the refund's ticket, the payment methods, the membership levels, the notices, the reviews, the team page, the audit log, the live chat's inbox with a conversation and its canned replies) in three languages
 * at desktop and phone sizes into screenshots/ for a person to look at.
 */
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
const LANGUAGES = ['en-US', 'ja', 'ar'] as const;

test('the staff console, for people to look at', async ({ browser, page, request }) => {
  test.setTimeout(180_000);
  mkdirSync(OUT, { recursive: true });
  const owner = `shots-owner-${Date.now().toString(36)}@shop.example`;
  await enrollAndSignIn(page, addStaffFromCli(owner, 'owner'), owner);
  const shopper = await newPage(browser);
  const [card] = (await inStock(request, 1, 6)) as [Card];
  const orderNo = await buyAndAskForRefund(shopper, card, uniqueEmail('shots-refund'));
  // A product with an uploaded cover and a Japanese title, for the editor's pictures.
  await page.goto('/staff/products/1');
  await page.getByTestId('staff-product-cover-file').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: png(920, 430),
  });
  await expect(page.getByTestId('staff-product-cover')).toBeVisible();
  await page.getByTestId('staff-product-lang-ja').click();
  await page.getByTestId('staff-product-title').fill('紅の辺境：灰の章');
  await page.getByTestId('staff-product-lang-ar').click();
  await page.getByTestId('staff-product-title').fill('الحدود القرمزية: الرماد');
  await page.getByTestId('staff-product-save').click();
  await expect(page.getByText('Product saved')).toBeVisible();
  // A live chat: the owner online at the desk is given the buyer's conversation and answers it.
  await page.goto('/staff/chat');
  await page.getByTestId('staff-chat-presence-online').click();
  await shopper.goto('/');
  await shopper.getByTestId('chat-launcher').click();
  await shopper.getByTestId('chat-start').click();
  await shopper.getByTestId('chat-text').fill('My key says it was already used. Error attached.');
  await shopper.getByTestId('chat-send').click();
  await shopper.getByTestId('chat-file').setInputFiles({
    name: 'error.png',
    mimeType: 'image/png',
    buffer: png(480, 200),
  });
  await expect(shopper.getByTestId('chat-image')).toBeVisible();
  await page.getByTestId('staff-chat-tab-mine').click();
  await page.getByTestId('staff-chat-item').first().click();
  await page.getByTestId('staff-chat-text').fill('Sorry about that! I am checking your order now.');
  await page.getByTestId('staff-chat-send').click();
  await expect(shopper.getByTestId('chat-line').filter({ hasText: 'checking' })).toBeVisible();
  const session = await page.evaluate(() => sessionStorage.getItem('keyshop-staff-session'));

  for (const language of LANGUAGES) {
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ viewport });
      const shot = await context.newPage();
      await presetLanguage(shot, language);
      await shot.goto('/staff/login');
      await expect(shot.getByTestId('staff-login')).toBeVisible();
      await shot.screenshot({ path: `${OUT}/staff-login-${language}-${viewport.name}.png` });
      await shot.evaluate((value) => {
        sessionStorage.setItem('keyshop-staff-session', value ?? '');
      }, session);
      for (const [name, target, ready] of [
        ['home', '/staff', 'staff-chart-sales'],
        ['refunds', '/staff/refunds', 'staff-refund'],
        ['orders', '/staff/orders', 'staff-order'],
        ['order', `/staff/orders/${orderNo}`, 'staff-order-payments'],
        ['stock', '/staff/stock', 'staff-stock-row'],
        ['customers', '/staff/customers', 'staff-customers'],
        ['coupons', '/staff/coupons', 'staff-coupon'],
        ['products', '/staff/products', 'staff-product-row'],
        ['product', '/staff/products/1', 'staff-product-cover'],
        ['settings', '/staff/settings', 'staff-settings-texts'],
        ['notices', '/staff/notices', 'staff-notices'],
        ['reviews', '/staff/reviews', 'staff-review'],
        ['news', '/staff/news', 'staff-news'],
        ['news-editor', '/staff/news/new', 'staff-news-texts'],
        ['pages', '/staff/pages?page=refund-policy', 'staff-page-body'],
        ['newsletters', '/staff/newsletters', 'staff-newsletters'],
        ['newsletter-editor', '/staff/newsletters/new', 'staff-newsletter-body'],
        ['forms', '/staff/forms', 'staff-forms'],
        ['tickets', '/staff/tickets', 'staff-ticket'],
        ['ticket', '/staff/tickets/1', 'staff-ticket-message'],
        ['payment-methods', '/staff/payment-methods', 'staff-payment-method'],
        ['levels', '/staff/levels', 'staff-level'],
        ['team', '/staff/team', 'staff-team'],
        ['audit', '/staff/audit', 'staff-audit-record'],
        ['chat-replies', '/staff/chat?view=replies', 'staff-canned'],
      ] as const) {
        await shot.goto(target);
        await expect(shot.getByTestId(ready).first()).toBeVisible();
        await shot.screenshot({
          path: `${OUT}/staff-${name}-${language}-${viewport.name}.png`,
          fullPage: true,
        });
      }
      // The agent's inbox with the conversation open, the shopper's orders beside it.
      await shot.goto('/staff/chat');
      await shot.getByTestId('staff-chat-tab-mine').click();
      await shot.getByTestId('staff-chat-item').first().click();
      await expect(shot.getByTestId('staff-chat-image')).toBeVisible();
      await expect(shot.getByTestId('staff-chat-order').first()).toBeVisible();
      await shot.screenshot({
        path: `${OUT}/staff-chat-${language}-${viewport.name}.png`,
        fullPage: true,
      });
      // A product's keys, masked, opened under its row.
      await shot.goto('/staff/stock');
      await shot.getByTestId('staff-stock-keys').first().click();
      await expect(shot.getByTestId('staff-key').first()).toBeVisible();
      await shot.screenshot({ path: `${OUT}/staff-stock-keys-${language}-${viewport.name}.png` });
      await context.close();
    }
  }
});
