/**
 * Group wishes from start to the recipient (docs/groups.md), against the real server with every
 * remote: a member starts a group, someone without an account signs it from the link in a fresh
 * browser (with "Help me write": the site's offline writer, the LLM's stand-in), the organiser
 * sends it now, and the recipient opens the mailed link (the SMTP sink) and sees every message.
 * A member signs an approve-first group signed in (their account's name, "Help me write" with a
 * style and details), reports another's message, and the organiser approves the held message.
 * Also: a board of 200 messages stays whole at 390 and 1280 px, and an unknown link says so.
 * Screenshots of every screen at 390 and 1280 px into /tmp/shots/groups; axe finds nothing.
 */
import type { Browser, Page } from '@playwright/test';
import { unique } from '../support/api';
import { useExtraServer } from '../support/extra-server';
import { expect, pageSignedInAs, test } from '../support/fixtures';
import { waitForLink } from '../support/mail';
import { expectAxeClean, screenshotsInto } from '../support/page-checks';
import { expectToast } from '../support/ui';

const shots = screenshotsInto('/tmp/shots/groups');
// A board of 200 signs from one address: the per-address limits are raised for this server alone.
useExtraServer({ label: 'groups', env: { GROUP_CONTRIBUTIONS_PER_IP_HOUR: '1000', GROUP_SUGGEST_PER_IP_HOUR: '100' } });
test.describe.configure({ timeout: 180_000 });

async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** Tomorrow at 09:00 as a `datetime-local` value (the member's zone is UTC: no zone set). */
function tomorrowAtNine(): string {
  const d = new Date(Date.now() + 86_400_000);
  return `${d.toISOString().slice(0, 10)}T09:00`;
}

async function guestPage(browser: Browser, baseURL: string, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  return context.newPage();
}

for (const width of [390, 1280]) {
  test(`start a group, a guest signs it with "Help me write", send it now, the recipient sees the board (${width} px)`, async ({ browser, baseURL, api }) => {
    const organiser = await api.createUser({ firstName: 'Ada', lastName: 'Organiser' });
    const recipientEmail = `${unique('mila')}@example.com`;
    const options = (await api.options()) as { greeting_config_params: { topics: Array<{ topic: string }> } };
    const topic = options.greeting_config_params.topics[0]!.topic;
    const page = await pageSignedInAs(browser, organiser, baseURL!, { viewport: { width, height: 900 } });
    // screenshotsInto takes both widths: once, from the wide run.
    const shot = (p: Page, name: string) => (width === 1280 ? shots(p, name) : Promise.resolve());

    // The list, empty, then the form.
    await page.goto('/groups');
    await expect(page.getByRole('heading', { level: 1, name: 'Group wishes' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/No group wishes yet/)).toBeVisible();
    await shot(page, 'list-empty');
    await expectAxeClean(page, 'groups, empty');
    await page.getByRole('link', { name: 'Start a group wish' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Start a group wish' })).toBeVisible();
    await page.getByLabel('Who is it for?').fill('Mila');
    await page.getByLabel('Occasion').selectOption(topic);
    await page.getByLabel('Their email (optional)').fill(recipientEmail);
    await page.getByLabel('A note for the people who sign (optional)').fill('She turns 30 on Friday: a line each, please!');
    await page.getByLabel('Deliver on').fill(tomorrowAtNine());
    await expect(page.getByLabel('Time zone')).toHaveValue(/.+/);
    await shot(page, 'new');
    await expectAxeClean(page, 'start a group');
    await page.getByRole('button', { name: 'Start the group' }).click();

    // The organiser's page: the link to share.
    await expect(page).toHaveURL(/\/groups\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Group wish for Mila' })).toBeVisible();
    const inviteUrl = await page.getByRole('textbox', { name: 'Invite link' }).inputValue();
    expect(inviteUrl).toMatch(/\/g\/[\w-]{16,}$/);
    await shot(page, 'organiser-empty');
    await expectAxeClean(page, 'organiser, no messages');

    // A guest in a browser of their own: the signer's page, "Help me write", sign.
    const guest = await guestPage(browser, baseURL!, width);
    await guest.goto(new URL(inviteUrl).pathname);
    await expect(guest.getByRole('heading', { level: 1, name: 'A group wish for Mila' })).toBeVisible({ timeout: 30_000 });
    await expect(guest.getByText('Organised by Ada Organiser')).toBeVisible();
    await shot(guest, 'sign');
    await expectAxeClean(guest, 'sign, empty');
    await guest.getByLabel('Your name').fill('Gus Guest');
    const guestEmail = `${unique('gus')}@example.com`;
    await guest.getByLabel('Your email (optional)').fill(guestEmail);
    await guest.getByRole('button', { name: 'Help me write' }).click();
    await expect(guest.getByLabel('Your message')).not.toHaveValue('', { timeout: 20_000 });
    const suggested = await guest.getByLabel('Your message').inputValue();
    expect(suggested.length).toBeGreaterThan(0);
    await guest.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(guest.getByTestId('edit-code')).not.toBeEmpty();
    const mine = guest.getByTestId('message').filter({ hasText: 'Gus Guest' });
    await expect(mine).toContainText('guest');
    await expect(mine.getByRole('button', { name: 'Edit your message' })).toBeVisible();
    await shot(guest, 'signed');
    await expectAxeClean(guest, 'signed, edit code shown');
    // This browser kept the edit code: the signer changes their message (X-Edit-Token).
    const signed = `${suggested.trim()} See you on Friday!`.slice(0, 1000);
    await mine.getByRole('button', { name: 'Edit your message' }).click();
    await guest.getByRole('textbox', { name: 'Your message' }).last().fill(signed);
    await guest.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(guest, 'Your message was changed.');
    await expect(guest.getByTestId('message').filter({ hasText: 'See you on Friday!' })).toBeVisible();

    // The guest's address: confirmed from its mail by a press, so the recipient's reply reaches it.
    const confirmLink = await waitForLink(guestEmail, /\/groups\/confirm-email\?token=[\w-]+/, 30_000);
    await guest.goto(confirmLink);
    await expect(guest.getByRole('heading', { level: 1, name: 'Confirm your address' })).toBeVisible({ timeout: 30_000 });
    await shot(guest, 'confirm-email');
    await expectAxeClean(guest, 'confirm a signer address');
    await guest.getByRole('button', { name: 'Confirm my address' }).click();
    await expect(guest.getByText('Your address is confirmed. You will get a copy of the reply.')).toBeVisible();
    await shot(guest, 'confirm-email-done');
    await guest.goto(new URL(inviteUrl).pathname);

    // The organiser sees it and sends now.
    await page.reload();
    await expect(page.getByTestId('message').filter({ hasText: 'Gus Guest' })).toBeVisible();
    await shot(page, 'organiser');
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expectToast(page, 'The group wish went to Mila.');
    await expect(page.getByText('Delivered', { exact: true })).toBeVisible();
    await shot(page, 'organiser-delivered');

    // The signer's page is read-only now.
    await guest.reload();
    await expect(guest.getByText(/This group wish was delivered/)).toBeVisible();
    await expect(guest.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0);
    await shot(guest, 'sign-delivered');

    // The list shows it.
    await page.goto('/groups');
    await expect(page.getByTestId('group').filter({ hasText: 'Mila' })).toContainText('Delivered');
    await shot(page, 'list');
    await expectAxeClean(page, 'groups list');
    // The recipient's mail and board.
    const link = await waitForLink(recipientEmail, /\/w\/[\w-]+/, 30_000);
    const recipient = await guestPage(browser, baseURL!, width);
    await recipient.goto(link);
    await expect(recipient.getByText('Gus Guest')).toBeVisible({ timeout: 30_000 });
    await expect(recipient.getByText(/See you on Friday!/)).toBeVisible();
    await noSideScroll(recipient);
    await shot(recipient, 'received');

    await guest.context().close();
    await recipient.context().close();
    await page.context().close();
  });
}

for (const width of [390, 1280]) {
  test(`a member signs an approve-first group, reports a message, and the organiser approves theirs (${width} px)`, async ({ browser, baseURL, api }) => {
    // Set up through the API (the start of a group is the journey above): a group with a guest's
    // visible message, then switched to approve-first.
    const organiser = await api.createUser({ firstName: 'Ada', lastName: 'Organiser' });
    const member = await api.createUser({ firstName: 'Mo', lastName: 'Member' });
    const options = (await api.options()) as { greeting_config_params: { topics: Array<{ topic: string }>; styles: string[] } };
    const style = options.greeting_config_params.styles[0]!;
    const { body } = await api.request<{ group: { group_id: number; invite_url: string } }>('POST', '/api/groups/', {
      token: organiser.access,
      json: { recipient_name: 'Noor', topic: options.greeting_config_params.topics[0]!.topic, note: 'Noor retires on Friday.' },
    });
    const groupId = body.group.group_id;
    const invitePath = new URL(body.group.invite_url).pathname;
    await api.request('POST', `/api/groups/invite/${invitePath.split('/').pop()!}/contributions/`, { json: { signer_name: 'Gus Guest', text: 'Enjoy every lazy morning, Noor!' }, expect: [201] });
    await api.request('PATCH', `/api/groups/${groupId}/`, { token: organiser.access, json: { approval: 'approve' }, expect: [200] });
    const shot = (p: Page, name: string) => (width === 1280 ? shots(p, name) : Promise.resolve());

    // The member, signed in: the name is their account's, no email field; the writer gets a style and details.
    const signer = await pageSignedInAs(browser, member, baseURL!, { viewport: { width, height: 900 } });
    await signer.goto(invitePath);
    await expect(signer.getByRole('heading', { level: 1, name: 'A group wish for Noor' })).toBeVisible({ timeout: 30_000 });
    await expect(signer.getByLabel('Your name')).toHaveValue('Mo Member');
    await expect(signer.getByLabel('Your name')).toHaveAttribute('readonly', '');
    await expect(signer.getByLabel('Your email (optional)')).toHaveCount(0);
    await signer.getByLabel('Style').selectOption(style);
    await signer.getByLabel('Details').fill('Thirty years in the lab, and the best coffee on the floor.');
    await noSideScroll(signer);
    await shot(signer, 'sign-member');
    await expectAxeClean(signer, 'sign, signed in, help filled');
    const suggested = signer.waitForRequest((r) => r.url().endsWith('/suggest/') && r.method() === 'POST');
    await signer.getByRole('button', { name: 'Help me write' }).click();
    expect((await suggested).postDataJSON()).toEqual({ style, details: 'Thirty years in the lab, and the best coffee on the floor.' });
    await expect(signer.getByLabel('Your message')).not.toHaveValue('', { timeout: 20_000 });
    await signer.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(signer.getByText(/waits for the organiser’s approval/)).toBeVisible();
    await expect(signer.getByTestId('edit-code')).not.toBeEmpty();
    // Held: the board shows only the guest's message yet.
    await expect(signer.getByTestId('message')).toHaveCount(1);

    // Report: the guest's message, once.
    await signer.getByRole('button', { name: 'Report the message by Gus Guest' }).click();
    await expectToast(signer, 'Thank you. The organiser was told about this message.');
    await expect(signer.getByTestId('message').filter({ hasText: 'Gus Guest' }).getByText('Reported')).toBeVisible();
    await expect(signer.getByRole('button', { name: 'Report the message by Gus Guest' })).toHaveCount(0);
    await shot(signer, 'sign-member-held-reported');
    await expectAxeClean(signer, 'sign, held and reported');

    // The organiser: the reported and the held message marked; Approve shows the member's.
    const page = await pageSignedInAs(browser, organiser, baseURL!, { viewport: { width, height: 900 } });
    await page.goto(`/groups/${groupId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Group wish for Noor' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('2 messages, 1 waiting for approval')).toBeVisible();
    await expect(page.getByTestId('message').filter({ hasText: 'Gus Guest' }).getByText('reported', { exact: true })).toBeVisible();
    const held = page.getByTestId('message').filter({ hasText: 'Mo Member' });
    await expect(held.getByText('waiting for approval', { exact: true })).toBeVisible();
    await noSideScroll(page);
    await shot(page, 'organiser-approve');
    await expectAxeClean(page, 'organiser, a held and a reported message');
    await page.getByRole('button', { name: 'Approve the message by Mo Member' }).click();
    await expectToast(page, 'The message is visible now.');
    await expect(held.getByText('waiting for approval', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Approve the message by Mo Member' })).toHaveCount(0);
    await shot(page, 'organiser-approved');

    // On the signer's page now, theirs to change (this browser kept its code).
    await signer.reload();
    await expect(signer.getByTestId('message')).toHaveCount(2, { timeout: 30_000 });
    await expect(signer.getByTestId('message').filter({ hasText: 'Mo Member' }).getByRole('button', { name: 'Edit your message' })).toBeVisible();
    await shot(signer, 'sign-member-approved');

    await signer.context().close();
    await page.context().close();
  });
}

test('a board of 200 messages stays whole at 390 and 1280 px, and an unknown link says so', async ({ browser, baseURL, api }) => {
  const organiser = await api.createUser({ firstName: 'Ada', lastName: 'Organiser' });
  const noaEmail = `${unique('noa')}@example.com`;
  const options = (await api.options()) as { greeting_config_params: { topics: Array<{ topic: string }> } };
  const { body } = await api.request<{ group: { group_id: number; invite_url: string } }>('POST', '/api/groups/', {
    token: organiser.access,
    json: { recipient_name: 'Noa', recipient_email: noaEmail, topic: options.greeting_config_params.topics[0]!.topic, note: 'Two hundred friends.' },
  });
  const invite = new URL(body.group.invite_url).pathname.split('/').pop()!;
  for (let i = 0; i < 200; i += 1) {
    // Some long words and long messages: every message must still show whole.
    const text = i % 17 === 0 ? `${'Congratulations'.repeat(8)} ${'and many happy returns of the day, '.repeat(20)}` : `Message ${i}: happy birthday, Noa!`;
    await api.request('POST', `/api/groups/invite/${invite}/contributions/`, { json: { signer_name: i % 3 ? `Friend ${i}` : `Guest ${'x'.repeat(60)} ${i}`, text: text.slice(0, 1000) }, expect: [201] });
  }
  const page = await guestPage(browser, baseURL!, 1280);
  await page.goto(`/g/${invite}`);
  await expect(page.getByTestId('message')).toHaveCount(200, { timeout: 30_000 });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await noSideScroll(page);
  }
  await shots(page, 'board-200');
  // The full pages are too tall to read: the first screen and a long message, at each width.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `/tmp/shots/groups/board-200-top-${width}.png` });
    await page.getByTestId('message').nth(17).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots/groups/board-200-long-${width}.png` });
  }
  await expectAxeClean(page, 'board of 200');

  // Sent, the recipient's page holds all 200, each whole, with no sideways scroll.
  await api.request('POST', `/api/groups/${body.group.group_id}/send/`, { token: organiser.access, expect: [200] });
  const link = await waitForLink(noaEmail, /\/w\/[\w-]+/, 30_000);
  await page.goto(link);
  await expect(page.getByTestId('group-messages').getByRole('listitem')).toHaveCount(200, { timeout: 30_000 });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await noSideScroll(page);
    await page.screenshot({ path: `/tmp/shots/groups/received-200-top-${width}.png` });
  }
  await shots(page, 'received-200');

  await page.goto('/g/no-such-invite-0000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible({ timeout: 30_000 });
  await shots(page, 'not-found');
  await expectAxeClean(page, 'unknown invite');
  await page.context().close();
});
