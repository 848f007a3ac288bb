import { expect, test, type Page } from '@playwright/test';

import { png } from './images';
import { mailsTo, waitForMail } from './outbox';
import { addStaffFromCli, enrollAndSignIn, newPage, registerMember } from './staff-support';
import { fillBillingAddress, inStock, payWith } from './support';

/** A guest buys a product with `email`: the order's number. */
async function buyAsGuest(page: Page, email: string): Promise<string> {
  const [card] = await inStock(page.request, 1);
  if (!card) throw new Error('no product in stock');
  await page.goto(`/${card.gameName}/${card.gameExtName}`);
  await page.getByTestId('buy-now').click();
  await page.getByTestId('checkout-email').fill(email);
  await page.getByTestId('checkout-contact').fill('+49 30 901820');
  await fillBillingAddress(page);
  await page.getByTestId('checkout-submit').click();
  await payWith(page, '4242424242424242');
  await expect(page).toHaveURL(/\/success-payment\?order=/);
  await waitForMail(email, /\/order\/(KS\d+)#token=/, 20_000);
  return new URL(page.url()).searchParams.get('order') ?? '';
}

test('a guest chats with an agent: typing, read marks, an image, offline and back with nothing lost or doubled, the key e-mail resent from the context panel', async ({
  browser,
  page,
}) => {
  // A purchase, an enrollment and two browsers: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const agent = `chat-agent-${tag}@shop.example`;
  const guestEmail = `gus-${tag}@example.com`;
  const orderNo = await buyAsGuest(page, guestEmail);
  const office = await newPage(browser);
  await enrollAndSignIn(office, addStaffFromCli(agent, 'support'), agent);
  await office.getByTestId('staff-nav-staff.nav.chat').click();
  await expect(office.getByTestId('staff-chat')).toContainText('Take a waiting one');
  // Away: connected, but given no new conversation (this one is taken by hand).
  await office.getByTestId('staff-chat-presence-away').click();
  await expect(office.getByTestId('staff-chat-presence-away')).toHaveAttribute(
    'aria-checked',
    'true',
  );

  // A canned reply, for English conversations.
  await office.getByTestId('staff-chat-view-replies').click();
  await office.getByTestId('staff-canned-add').click();
  await office.getByTestId('staff-canned-shortcut').fill(`thanks-${tag}`);
  await office.getByTestId('staff-canned-body').fill('Thank you for waiting!');
  await office.getByTestId('staff-canned-save').click();
  await expect(
    office.getByTestId('staff-canned-row').filter({ hasText: `/thanks-${tag}` }),
  ).toBeVisible();
  await office.getByTestId('staff-chat-view-chats').click();

  // A guest opens the chat from any page: a name and an e-mail first.
  await page.goto('/');
  await page.getByTestId('chat-launcher').click();
  await page.getByTestId('chat-start').click();
  await expect(page.getByTestId('chat-intro')).toContainText('This field is required');
  await page.getByTestId('chat-name').fill('Gus Guest');
  await page.getByTestId('chat-email').fill(guestEmail);
  await page.getByTestId('chat-start').click();
  await expect(page.getByTestId('chat-status')).toHaveText('Waiting for an agent…');
  await page.getByTestId('chat-text').fill('My key does not work');
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-line')).toHaveCount(1);

  // The agent finds it waiting, reads it (the guest sees it read) and takes it.
  const waiting = office.getByTestId('staff-chat-item').filter({ hasText: guestEmail });
  await waiting.click();
  await expect(office.getByTestId('staff-chat-line')).toHaveCount(1);
  await expect(page.getByTestId('chat-read')).toBeVisible();
  await office.getByTestId('staff-chat-claim').click();
  await expect(page.getByTestId('chat-status')).toHaveText('An agent is with you');

  // Beside it, the guest's order: delivered, and its key e-mail resent from there.
  const order = office.getByTestId('staff-chat-order').filter({ hasText: orderNo });
  await expect(order.getByTestId('staff-chat-order-state')).toHaveText('Delivered');
  const keyMails = mailsTo(guestEmail).filter((mail) => mail.includes(orderNo)).length;
  await order.getByTestId('staff-chat-resend').click();
  await expect
    .poll(() => mailsTo(guestEmail).filter((mail) => mail.includes(orderNo)).length)
    .toBe(keyMails + 1);

  // A screenshot of the error: both sides see it.
  await page.getByTestId('chat-file').setInputFiles({
    name: 'error.png',
    mimeType: 'image/png',
    buffer: png(40, 20),
  });
  await expect(page.getByTestId('chat-image')).toBeVisible();
  await expect(office.getByTestId('staff-chat-image')).toBeVisible();
  await page.getByTestId('chat-file').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(page.getByTestId('chat-file-error')).toHaveText(
    'Attach a PNG, JPEG, WebP or GIF image.',
  );

  // A canned reply by its shortcut.
  await office.getByTestId('staff-chat-text').fill(`/thanks-${tag}`);
  await expect(office.getByTestId('staff-chat-canned-item')).toHaveCount(1);
  await office.getByTestId('staff-chat-text').press('Tab');
  await expect(office.getByTestId('staff-chat-text')).toHaveValue('Thank you for waiting!');
  await office.getByTestId('staff-chat-send').click();
  await expect(
    page.getByTestId('chat-line').filter({ hasText: 'Thank you for waiting!' }),
  ).toBeVisible();

  // Typing, both ways; an answer the guest reads at once.
  await page.getByTestId('chat-text').pressSequentially('Steam');
  await expect(office.getByTestId('staff-chat-typing')).toBeVisible();
  await office.getByTestId('staff-chat-text').pressSequentially('Which platform is it for?');
  await expect(page.getByTestId('chat-typing')).toBeVisible();
  await office.getByTestId('staff-chat-send').click();
  await expect(page.getByTestId('chat-line').filter({ hasText: 'Which platform' })).toBeVisible();
  await expect(office.getByTestId('staff-chat-read')).toBeVisible();

  // The guest's network goes; the agent writes twice and leaves a note meanwhile.
  await page.context().setOffline(true);
  await expect(page.getByTestId('chat-status')).toHaveText('Connecting…');
  for (const text of ['Steam or Epic?', 'I can resend the key.']) {
    await office.getByTestId('staff-chat-text').fill(text);
    await office.getByTestId('staff-chat-send').click();
    await expect(office.getByTestId('staff-chat-line').filter({ hasText: text })).toBeVisible();
  }
  await office.getByTestId('staff-chat-note').check();
  await office.getByTestId('staff-chat-text').fill('Buyer seems legit');
  await office.getByTestId('staff-chat-send').click();
  await expect(office.getByTestId('staff-chat-line').filter({ hasText: 'legit' })).toBeVisible();
  await office.getByTestId('staff-chat-note').uncheck();

  // Back online: what it missed, once, in order, and never the note.
  await page.context().setOffline(false);
  await expect(page.getByTestId('chat-status')).toHaveText('An agent is with you');
  await expect(page.getByTestId('chat-line-body')).toHaveText([
    'My key does not work',
    'Thank you for waiting!',
    'Which platform is it for?',
    'Steam or Epic?',
    'I can resend the key.',
  ]);

  // The agent ends it; the guest rates it.
  await office.getByTestId('staff-chat-end').click();
  await expect(page.getByTestId('chat-status')).toHaveText('This chat has ended');
  await page.getByTestId('chat-star-5').click();
  await expect(page.getByTestId('chat-rated')).toBeVisible();
  // The transcript by e-mail: what the guest saw, never the note.
  await page.getByTestId('chat-transcript').click();
  await expect(page.getByTestId('chat-transcript-sent')).toContainText(guestEmail);
  const transcript = await waitForMail(guestEmail, /([\s\S]*I can resend the key\.[\s\S]*)/);
  expect(transcript).not.toContain('Buyer seems legit');
  await office.context().close();
});

test('with no agent online a member’s chat becomes a ticket, answered in the console and read under My support', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const email = `nina-${tag}@example.com`;
  const password = 'a member password';
  await registerMember(page.request, email, 'Nina Night', password);
  await page.goto('/login');
  await page.getByTestId('login-account').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('account-menu')).toContainText('Nina Night');

  // Nobody at the desk: the panel says what happens and when.
  await page.getByTestId('chat-launcher').click();
  await expect(page.getByTestId('chat-no-agent')).toContainText('within 24 hours');
  await page.getByTestId('chat-start').click();
  await page.getByTestId('chat-text').fill(`Key ${tag} shows as already used`);
  await page.getByTestId('chat-send').click();
  const ticket = page.getByTestId('chat-ticket');
  await expect(ticket).toContainText('support ticket #');
  const ticketId = /#(\d+)/.exec((await ticket.textContent()) ?? '')?.[1] ?? '';

  // An agent answers it in the console's tickets.
  const agent = `night-${tag}@shop.example`;
  const office = await newPage(browser);
  await enrollAndSignIn(office, addStaffFromCli(agent, 'support'), agent);
  await office.goto(`/staff/tickets/${ticketId}`);
  await expect(office.getByTestId('staff-ticket-member')).toHaveText(email);
  await office.getByTestId('staff-ticket-reply').fill('A new key is on its way.');
  await office.getByTestId('staff-ticket-send').click();
  await expect(office.getByTestId('staff-ticket-status')).toHaveText('Answered');

  // The member reads it under My support (and by e-mail).
  await waitForMail(email, /A new key is on its way\./);
  await ticket.getByRole('link').click();
  await expect(page.getByTestId('ticket-thread')).toContainText('A new key is on its way.');
  await expect(page.getByTestId('ticket-thread')).toContainText(`Key ${tag} shows as already used`);
  await office.context().close();
});
