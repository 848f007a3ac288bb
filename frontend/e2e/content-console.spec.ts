import { expect, test, type Browser, type Page } from '@playwright/test';

import { mailsTo, waitForMail } from './outbox';
import { addStaffFromCli, enrollAndSignIn, newPage } from './staff-support';
import { uniqueEmail } from './support';

/** Subscribes `email` from the footer of the shop in `language` and follows the confirmation link. */
async function confirmedSubscriber(browser: Browser, email: string, language: string) {
  const page = await newPage(browser);
  await page.goto(`/?lang=${language}`);
  // The newsletter box loads when the footer comes near the viewport.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await page.getByTestId('newsletter-email').fill(email);
  await page.getByTestId('newsletter-submit').click();
  const link = await waitForMail(email, /(https?:\/\/\S+\/newsletter\/confirm#token=[0-9a-f]{64})/);
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await expect(page.getByTestId('newsletter-link')).toHaveAttribute('data-outcome', 'done');
  await page.close();
}

/** Writes one language tab of a Markdown editor (subject or title, then the text). */
async function writeTab(page: Page, prefix: string, language: string, head: string, body: string) {
  await page.getByTestId(`${prefix}-lang-${language}`).click();
  await page
    .getByTestId(prefix === 'staff-newsletter' ? `${prefix}-subject` : `${prefix}-title`)
    .fill(head);
  await page.getByTestId(`${prefix}-body`).fill(body);
}

test('a manager writes news in Markdown that no script survives, and the Arabic refund policy with the support address', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const manager = `writer-${tag}@shop.example`;
  await enrollAndSignIn(page, addStaffFromCli(manager, 'manager'), manager);

  await page.getByTestId('staff-nav-staff.nav.news').click();
  await page.getByTestId('staff-news-new').click();
  await page.getByTestId('staff-news-author').fill('Ana');
  await writeTab(
    page,
    'staff-news',
    'en-US',
    `Launch ${tag}`,
    '## Big launch\n\n**All** keys at once.\n\n<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">',
  );
  await page.getByTestId('staff-news-body-preview').click();
  const rendered = page.getByTestId('staff-news-body-rendered');
  await expect(rendered.getByRole('heading', { name: 'Big launch' })).toBeVisible();
  await expect(rendered.locator('strong')).toHaveText('All');
  expect(await rendered.innerHTML()).not.toMatch(/script|onerror/);
  await page.getByTestId('staff-news-body-preview').click();
  await writeTab(page, 'staff-news', 'ja', `発売 ${tag}`, '## 大型発売\n\n**全品**すぐにお届け。');
  await page.getByTestId('staff-news-published').check();
  await page.getByTestId('staff-news-save').click();
  await expect(page).toHaveURL(/\/staff\/news\/\d+$/);
  await expect(page.getByTestId('staff-news-state')).toHaveAttribute('data-state', 'published');
  const id = /\/staff\/news\/(\d+)$/.exec(page.url())?.[1] ?? '';

  // The shop: the Japanese item rendered, and nothing ran.
  const shopper = await newPage(browser);
  await shopper.goto(`/newsInfo?id=${id}&lang=ja`);
  const article = shopper.getByTestId('news-article');
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(`発売 ${tag}`);
  await expect(article.getByRole('heading', { level: 2, name: '大型発売' })).toBeVisible();
  await expect(shopper.getByTestId('news-author')).toHaveText('Ana');
  await shopper.goto(`/newsInfo?id=${id}&lang=en-US`);
  await expect(shopper.getByTestId('news-body').locator('strong')).toHaveText('All');
  expect(await shopper.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

  // The Arabic refund policy, then put back as it was (the store is shared).
  await page.getByTestId('staff-nav-staff.nav.pages').click();
  await page.getByTestId('staff-page-select').selectOption('refund-policy');
  await page.getByTestId('staff-page-lang-ar').click();
  await expect(page.getByTestId('staff-page-title')).not.toHaveValue('');
  const before = {
    title: await page.getByTestId('staff-page-title').inputValue(),
    body: await page.getByTestId('staff-page-body').inputValue(),
  };
  await page.getByTestId('staff-page-title').fill(`سياسة الاسترداد ${tag}`);
  await page
    .getByTestId('staff-page-body')
    .fill('## المهلة\n\nراسلنا على {{supportEmail}} خلال ١٤ يومًا.');
  await page.getByTestId('staff-page-save').click();
  await expect(page.getByTestId('staff-page-status')).toContainText(/\d/);
  await shopper.goto('/refund-policy?lang=ar');
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(`سياسة الاسترداد ${tag}`);
  const body = shopper.getByTestId('site-page-body');
  await expect(body.getByRole('heading', { level: 2, name: 'المهلة' })).toBeVisible();
  await expect(body).toContainText('@');
  await expect(body).not.toContainText('{{supportEmail}}');
  await page.getByTestId('staff-page-title').fill(before.title);
  await page.getByTestId('staff-page-body').fill(before.body);
  await page.getByTestId('staff-page-save').click();
  // Browsers may keep a footer page for a minute: the store's answer itself.
  await expect
    .poll(async () => {
      const answer = await request.get('/prod-api/api/home/page/refund-policy', {
        headers: { 'Accept-Language': 'ar' },
      });
      return ((await answer.json()) as { data: { title: string } }).data.title;
    })
    .toBe(before.title);
  await shopper.close();
});

test('a newsletter issue goes to two confirmed subscribers, one e-mail each, in their languages', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const yuki = uniqueEmail('yuki');
  const hans = uniqueEmail('hans');
  await confirmedSubscriber(browser, yuki, 'ja');
  await confirmedSubscriber(browser, hans, 'de');
  const manager = `letters-${tag}@shop.example`;
  await enrollAndSignIn(page, addStaffFromCli(manager, 'manager'), manager);

  await page.getByTestId('staff-nav-staff.nav.newsletters').click();
  await expect(page.getByTestId('staff-newsletters')).toContainText(
    /\d+ subscribers? (is|are) confirmed/,
  );
  await page.getByTestId('staff-newsletter-new').click();
  await writeTab(
    page,
    'staff-newsletter',
    'en-US',
    `Spring ${tag}`,
    `## Spring sale\n\nHalf price, code EN-${tag}.`,
  );
  await writeTab(
    page,
    'staff-newsletter',
    'ja',
    `春 ${tag}`,
    `## 春のセール\n\n半額、コード JA-${tag}。`,
  );
  await writeTab(
    page,
    'staff-newsletter',
    'de',
    `Frühling ${tag}`,
    `## Frühlingsangebot\n\nHalber Preis, Code DE-${tag}.`,
  );
  await page.getByTestId('staff-newsletter-body-preview').click();
  await expect(page.getByTestId('staff-newsletter-body-rendered').getByRole('heading')).toHaveText(
    'Frühlingsangebot',
  );
  await page.getByTestId('staff-newsletter-save').click();
  await expect(page).toHaveURL(/\/staff\/newsletters\/\d+$/);
  await page.getByTestId('staff-newsletter-send').click();
  await expect(page.getByTestId('staff-newsletter-confirm-text')).toContainText(/\d/);
  await page.getByTestId('staff-newsletter-confirm').click();
  await expect(page.getByTestId('staff-newsletter-status')).toHaveAttribute('data-status', 'sent', {
    timeout: 30_000,
  });
  const counts = (await page.getByTestId('staff-newsletter-counts').textContent()) ?? '';
  const [sent, total] = (counts.match(/\d+/g) ?? []).map(Number);
  expect(sent).toBe(total);
  expect(sent).toBeGreaterThanOrEqual(2);

  // One copy each, in their own language, with the link to unsubscribe.
  await waitForMail(yuki, new RegExp(`JA-${tag}`));
  await waitForMail(hans, new RegExp(`DE-${tag}`));
  const code = new RegExp(`(EN|JA|DE)-${tag}`);
  const issues = (to: string) => mailsTo(to).filter((mail) => code.test(mail));
  expect(issues(yuki)).toHaveLength(1);
  expect(issues(hans)).toHaveLength(1);
  expect(issues(yuki)[0]).toContain('春のセール');
  expect(issues(yuki)[0]).not.toContain(`EN-${tag}`);
  expect(issues(hans)[0]).toContain('Frühlingsangebot');
  expect(issues(hans)[0]).toMatch(/newsletter\/unsubscribe#token=[0-9a-f]{64}/);
});

test('support answers an offer to sell by e-mail from the forms inbox and closes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const seller = uniqueEmail('seller');
  const shopper = await newPage(browser);
  await shopper.goto('/sale?lang=de');
  await shopper.getByTestId('form-name').fill('Ann');
  await shopper.getByTestId('form-region').fill('Europe');
  await shopper.getByTestId('form-email').fill(seller);
  await shopper.getByTestId('form-confirmEmail').fill(seller);
  await shopper.getByTestId('form-description').fill(`200 Steam keys ${tag}`);
  await shopper.getByTestId('form-submit').click();
  await expect(shopper.getByTestId('form-sent')).toBeVisible();
  await shopper.close();

  const agent = `forms-${tag}@shop.example`;
  await enrollAndSignIn(page, addStaffFromCli(agent, 'support'), agent);
  await page.getByTestId('staff-nav-staff.nav.forms').click();
  const card = page.getByTestId('staff-form').filter({ hasText: seller });
  await expect(card.getByTestId('staff-form-fields')).toContainText(`200 Steam keys ${tag}`);
  await expect(card.getByTestId('staff-form-fields')).toContainText('Europe');
  await card.getByTestId('staff-form-reply-text').fill(`We buy them at 60% ${tag}.`);
  await card.getByTestId('staff-form-send').click();
  await page.getByTestId('staff-forms-status').selectOption('');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(card.getByTestId('staff-form-reply')).toContainText(`We buy them at 60% ${tag}.`);
  await expect(card).toHaveAttribute('data-status', 'replied');
  await waitForMail(seller, new RegExp(`We buy them at 60% ${tag}`));
  await card.getByTestId('staff-form-close').click();
  await expect(card).toHaveAttribute('data-status', 'closed');
});

test('finance sets a euro fee on a payment method; a manager sets the euro rate and the shop quotes it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const finance = `fees-${tag}@shop.example`;
  await enrollAndSignIn(page, addStaffFromCli(finance, 'finance'), finance);
  await page.getByTestId('staff-nav-staff.nav.payments').click();
  const paypal = page.locator('[data-testid="staff-payment-method"][data-code="paypal"]');
  await paypal.getByTestId('staff-payment-add-fee').click();
  const fee = paypal.getByTestId('staff-payment-fee').last();
  await fee.getByTestId('staff-payment-fee-currency').fill('JPY');
  await fee.getByTestId('staff-payment-fee-percent').fill('1.5');
  await fee.getByTestId('staff-payment-fee-fixed').fill('0.25');
  await paypal.getByTestId('staff-payment-save').click();
  await expect(page.getByText('paypal saved')).toBeVisible();
  await page.reload();
  const saved = page
    .locator('[data-testid="staff-payment-method"][data-code="paypal"]')
    .getByTestId('staff-payment-fee')
    .last();
  await expect(saved.getByTestId('staff-payment-fee-currency')).toHaveValue('JPY');
  await expect(saved.getByTestId('staff-payment-fee-percent')).toHaveValue('1.5');
  // Put it back: the store is shared.
  await saved.getByRole('button').click();
  await page
    .locator('[data-testid="staff-payment-method"][data-code="paypal"]')
    .getByTestId('staff-payment-save')
    .click();
  await expect(page.getByText('paypal saved')).toBeVisible();

  const manager = `rates-${tag}@shop.example`;
  const desk = await newPage(browser);
  await enrollAndSignIn(desk, addStaffFromCli(manager, 'manager'), manager);
  await desk.getByTestId('staff-nav-staff.nav.settings').click();
  const euro = desk.locator('[data-testid="staff-currency"][data-code="EUR"]');
  const before = await euro.getByTestId('staff-currency-rate').inputValue();
  await euro.getByTestId('staff-currency-rate').fill('0.5');
  await euro.getByTestId('staff-currency-save').click();
  await expect(desk.getByText('EUR rate saved')).toBeVisible();
  const quoted = async () => {
    const rates = (await (await request.get('/prod-api/api/home/rate')).json()) as {
      data: { code: string; rate: number }[];
    };
    return rates.data.find((currency) => currency.code === 'EUR')?.rate;
  };
  // At once, give or take the gateway's one-second micro-cache of public answers.
  await expect.poll(quoted, { timeout: 5_000 }).toBe(0.5);
  const restored = desk.locator('[data-testid="staff-currency"][data-code="EUR"]');
  await restored.getByTestId('staff-currency-rate').fill(before);
  await restored.getByTestId('staff-currency-save').click();
  await expect.poll(quoted).toBe(Number(before));
  await desk.close();
});

test('a manager adds a membership level, sees it kept, and takes it away again', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const manager = `levels-${tag}@shop.example`;
  await enrollAndSignIn(page, addStaffFromCli(manager, 'manager'), manager);
  await page.getByTestId('staff-nav-staff.nav.levels').click();
  await expect(page.getByTestId('staff-level').first()).toBeVisible();
  const count = await page.getByTestId('staff-level').count();
  await page.getByTestId('staff-level-add').click();
  const added = page.getByTestId('staff-level').last();
  await added.getByTestId('staff-level-name').fill(`Diamond ${tag}`);
  await added.getByTestId('staff-level-threshold').fill('abc');
  await page.getByTestId('staff-levels-save').click();
  await expect(added).toContainText('This value is not valid');
  await added.getByTestId('staff-level-threshold').fill('900000');
  await page.getByTestId('staff-levels-save').click();
  await expect(page.getByText('Membership levels saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('staff-level')).toHaveCount(count + 1);
  const kept = page.getByTestId('staff-level').last();
  await expect(kept.getByTestId('staff-level-name')).toHaveValue(`Diamond ${tag}`);
  await kept.getByRole('button').click();
  await page.getByTestId('staff-levels-save').click();
  await expect(page.getByTestId('staff-level')).toHaveCount(count);
});
