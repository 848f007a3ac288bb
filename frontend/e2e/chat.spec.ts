import { expect, test } from '@playwright/test';

import { addStaffFromCli, enrollAndSignIn, newPage } from './staff-support';

test('a guest chats with an agent: typing, read marks, offline and back with nothing lost or doubled', async ({
  browser,
  page,
}) => {
  const tag = Date.now().toString(36);
  const agent = `chat-agent-${tag}@shop.example`;
  const guestEmail = `gus-${tag}@example.com`;
  const office = await newPage(browser);
  await enrollAndSignIn(office, addStaffFromCli(agent, 'support'), agent);
  await office.getByTestId('staff-nav-staff.nav.chat').click();
  await expect(office.getByTestId('staff-chat')).toContainText('Take a waiting one');

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
    'Which platform is it for?',
    'Steam or Epic?',
    'I can resend the key.',
  ]);

  // The agent ends it; the guest rates it.
  await office.getByTestId('staff-chat-end').click();
  await expect(page.getByTestId('chat-status')).toHaveText('This chat has ended');
  await page.getByTestId('chat-star-5').click();
  await expect(page.getByTestId('chat-rated')).toBeVisible();
});
