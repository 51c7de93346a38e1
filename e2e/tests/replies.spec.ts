/**
 * Replies (docs/replies.md), at 390 and 1280 px: the recipient opens the mailed link in a fresh
 * browser (no account), replies, and the sender sees it arrive live (bell), by mail and on the
 * sent list, then the recipient takes one back; a member replies to a public wish, another member
 * reports the reply, and a moderator hides it from the queue. Screenshots into /tmp/shots/replies.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { unique, type TestUser } from '../support/api';
import { useExtraServer } from '../support/extra-server';
import { expect as baseExpect, pageSignedInAs, test } from '../support/fixtures';
import { decodeBody, mailsTo, waitForLink } from '../support/mail';
import { setRole } from '../support/roles';
import { dialog, header, wishCard } from '../support/ui';

// Its own server: the moderation queue starts empty and the moderator's role is set on its database.
useExtraServer({ label: 'replies' });
test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 45_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const SHOTS = '/tmp/shots/replies';
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const width of [390, 1280]) {
  test(`the recipient replies from the mailed link; the sender sees it live, by mail and on the sent list (${width} px)`, async ({ browser, baseURL, api }) => {
    const viewport = { width, height: 900 };
    const sender = await api.createUser({ firstName: 'Ada', lastName: 'Sender' });
    const wishId = await api.createWish(sender, `Happy birthday, Grace! ${unique('r')}`, false);
    const grace = `${unique('grace')}@example.com`;
    const sent = await api.request('POST', `/api/base/wish/${wishId}/send/`, { token: sender.access, json: { recipient_email: grace, recipient_name: 'Grace' } });
    expect(sent.status).toBe(201);
    const link = await waitForLink(grace, /\/w\/[A-Za-z0-9_-]{43}$/);

    const page = await pageSignedInAs(browser, sender, baseURL!, { viewport });
    const recipientContext = await browser.newContext({ baseURL, viewport });
    try {
      await page.goto('/feed');
      if (width <= 430) await page.getByTestId('mobile-bar').getByRole('button', { name: 'More' }).click();
      const bell = width <= 430 ? page.getByTestId('bell-mobile') : header(page).getByTestId('bell-header');
      await expect(bell).toBeVisible();

      // The recipient: a fresh browser, no session, the page drawn by the server.
      const recipient = await recipientContext.newPage();
      await recipient.goto(link);
      // The open is counted live first (the page's beacon).
      await expect(bell.getByTestId('bell-count')).toHaveText('1');
      await expect(recipient.getByRole('heading', { name: 'Reply to Ada' })).toBeVisible();
      const reply = `Thank you so much, Ada! <b>${unique('x')}</b>`;
      await recipient.getByLabel('Your reply').fill(reply);
      await shot(recipient, `recipient-reply-form-${width}`);
      await recipient.getByRole('button', { name: 'Send reply' }).click();
      await expect(recipient.getByRole('status')).toHaveText('Your reply was sent. Only the sender sees it.');
      // Shown back as text, never markup.
      await expect(recipient.getByRole('list', { name: 'Your replies' }).getByRole('listitem')).toContainText(reply);
      await shot(recipient, `recipient-replied-${width}`);

      // The sender: live on the bell, then by mail and on the sent list.
      await expect(bell.getByTestId('bell-count')).toHaveText('2');
      const deadline = Date.now() + 15_000;
      while (!mailsTo(sender.email).some((m) => decodeBody(m.raw).includes('replied to your wish')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      const mail = mailsTo(sender.email).find((m) => decodeBody(m.raw).includes('replied to your wish'));
      expect(mail && decodeBody(mail.raw)).toContain('Thank you so much, Ada!');
      expect(mailsTo(grace).filter((m) => decodeBody(m.raw).includes('replied to your wish'))).toHaveLength(0);

      await page.goto('/deliveries');
      const item = page.getByTestId('delivery').filter({ hasText: grace });
      await expect(item).toContainText('Replied');
      await expect(item.getByTestId('delivery-replies')).toContainText(reply);
      await shot(page, `sender-deliveries-replied-${width}`);
      await page.goto('/notifications');
      await expect(page.getByTestId('notification').first()).toContainText('Grace replied: Thank you so much, Ada!');

      // Taking it back: gone from the page, and from the sender's list.
      await recipient.getByRole('button', { name: 'Take it back' }).click();
      await expect(recipient.getByRole('list', { name: 'Your replies' }).getByRole('listitem')).toHaveCount(0);
      await page.goto('/deliveries');
      await expect(page.getByTestId('delivery').filter({ hasText: grace })).toContainText('Opened');
      await expect(page.getByTestId('delivery').filter({ hasText: grace }).getByTestId('delivery-replies')).toHaveCount(0);
    } finally {
      await page.context().close();
      await recipientContext.close();
    }
  });

  test(`a member replies to a public wish, another reports the reply, a moderator hides it (${width} px)`, async ({ browser, baseURL, api, extraServer }) => {
    const viewport = { width, height: 900 };
    const category = (await api.options()).report_topic_config[0];
    const author = await api.createUser({ firstName: 'Wren', lastName: 'Author' });
    const replier = await api.createUser({ firstName: 'Rory', lastName: 'Replier' });
    const reporter = await api.createUser({ firstName: 'Pat', lastName: 'Reporter' });
    const modUser = await api.createUser({ firstName: 'Mona', lastName: 'Mod' });
    setRole(extraServer!.dataDir, modUser.email, 'moderator');
    const moderator: TestUser = { ...modUser, ...(await api.login(modUser.email, modUser.password)) };
    const text = `Congratulations on the new job! ${unique('p')}`;
    const wishId = await api.createWish(author, text);

    const member = await pageSignedInAs(browser, replier, baseURL!, { viewport });
    await member.goto(`/wish/${wishId}`);
    await expect(member.getByRole('heading', { name: 'Replies' })).toBeVisible();
    await expect(member.getByText('No replies yet.')).toBeVisible();
    const replyText = `Buy cheap watches at spam.example ${unique('s')}`;
    await member.getByLabel('Your reply').fill(replyText);
    await member.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(member.getByTestId('reply').filter({ hasText: replyText })).toBeVisible();
    await expect(wishCard(member, text).getByTestId('reply-count')).toHaveText('1 reply');
    // The card menu keeps View, Share and Report first.
    await shot(member, `member-replied-${width}`);
    await member.context().close();

    const other = await pageSignedInAs(browser, reporter, baseURL!, { viewport });
    await other.goto('/feed');
    await expect(wishCard(other, text).getByTestId('reply-count')).toHaveText('1 reply');
    await wishCard(other, text).getByRole('button', { name: 'More options' }).click();
    await expect(other.getByRole('menuitem')).toHaveText(['View', 'Share', 'Report']);
    await other.keyboard.press('Escape');
    await other.goto(`/wish/${wishId}`);
    const item = other.getByTestId('reply').filter({ hasText: replyText });
    await item.getByRole('button', { name: /^Report the reply/ }).click();
    const report = dialog(other, 'Report options');
    await expect(report).toContainText('Why are you reporting this reply?');
    await shot(other, `report-reply-${width}`);
    await report.getByRole('button', { name: category }).click();
    await expect(other.getByText('Complaint received')).toBeVisible();
    await other.context().close();

    const mod = await pageSignedInAs(browser, moderator, baseURL!, { viewport });
    await mod.goto('/moderation');
    const queued = mod.getByTestId('mod-reply').filter({ hasText: replyText });
    await expect(queued).toContainText('1 report');
    await expect(queued).toContainText(`${category}: 1`);
    await shot(mod, `queue-reply-${width}`);
    await queued.getByRole('button', { name: 'Hide' }).click();
    const hide = mod.getByRole('dialog', { name: /^Hide reply/ });
    await hide.getByRole('textbox').fill('Spam');
    await hide.getByRole('button', { name: 'Hide' }).click();
    await expect(mod.getByText('Reply hidden')).toBeVisible();
    await expect(mod.getByTestId('mod-reply').filter({ hasText: replyText })).toHaveCount(0);
    // A visitor no longer sees it; the moderator sees it marked hidden.
    const list = await api.request('GET', `/api/wish/${wishId}/replies/`);
    expect(JSON.stringify(list.body)).not.toContain(replyText);
    await mod.goto(`/wish/${wishId}`);
    await expect(mod.getByTestId('reply').filter({ hasText: replyText })).toContainText('Hidden: only its author and moderators see it.');
    await shot(mod, `moderator-sees-hidden-${width}`);
    await mod.context().close();
  });
}
