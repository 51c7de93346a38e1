/**
 * Members manage what they wrote; moderators act on reports (docs/api.md, "Own wishes and
 * moderation"):
 * the whole composed site, mf-feed's own-wish menu, the mf-moderation remote and mf-profile's
 * "My reports". Roles are set with the admin command on the server's own database.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { unique, type TestUser } from '../support/api';
import { useExtraServer } from '../support/extra-server';
import { expect as baseExpect, pageSignedInAs, test } from '../support/fixtures';
import { dialog, signInLink, wishCard } from '../support/ui';
import { setRole } from '../support/roles';

// Its own server: the queue and the log start empty, and AUTO_HIDE_REPORTS is the default 5.
useExtraServer({ label: 'moderation' });
// Three long journeys with several browser contexts each: generous limits for a shared 2-core machine.
test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 45_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const SHOTS = '/tmp/shots/mod';

async function shots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function openCardMenu(page: Page, text: string) {
  await wishCard(page, text).getByRole('button', { name: 'More options' }).click();
}

test('a member edits, makes private and deletes a wish from the wish page', async ({ browser, api, baseURL }) => {
  const author = await api.createUser({ firstName: 'Edda', lastName: 'Editor' });
  const original = `Happy birthday, Grase ${unique('e')}!`;
  const id = await api.createWish(author, original);
  const page = await pageSignedInAs(browser, author, baseURL!);
  await page.goto(`/wish/${id}`);

  await openCardMenu(page, original);
  await shots(page, 'own-menu');
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = dialog(page, 'Edit wish');
  const fixed = original.replace('Grase', 'Grace');
  await edit.getByLabel('Wish text').fill(fixed);
  await shots(page, 'own-edit-dialog');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(wishCard(page, fixed)).toContainText('Edited');
  expect((await api.wish(id)).body.wish).toMatchObject({ text: fixed, edited_at: expect.any(String) });

  await openCardMenu(page, fixed);
  await page.getByRole('menuitem', { name: 'Make private' }).click();
  await expect(wishCard(page, fixed).getByTestId('visibility-badge')).toHaveText(/Private/);
  expect((await api.wish(id)).status).toBe(404);
  const feed = await api.request('GET', '/api/base/feed/1/');
  expect(JSON.stringify(feed.body)).not.toContain(fixed);

  await openCardMenu(page, fixed);
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = dialog(page, 'Delete wish');
  await expect(confirm).toContainText('This cannot be undone.');
  await shots(page, 'own-delete-dialog');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/feed$/);
  expect((await api.wish(id, author)).status).toBe(404);
  await page.context().close();
});

test('reports auto-hide a wish; a moderator restores one, hides another, bans its author; the reporter sees the outcome', async ({ browser, api, baseURL, extraServer }) => {
  const category = (await api.options()).report_topic_config[0];
  const author = await api.createUser({ firstName: 'Rex', lastName: 'Reported' });
  const moderatorUser = await api.createUser({ firstName: 'Mona', lastName: 'Mod' });
  setRole(extraServer!.dataDir, moderatorUser.email, 'moderator');
  // The role reaches the navigation through the access token: sign in again.
  const moderator: TestUser = { ...moderatorUser, ...(await api.login(moderatorUser.email, moderatorUser.password)) };

  const flagged = `Buy cheap watches ${unique('w')}`;
  const flaggedId = await api.createWish(author, flagged);
  const reporters: TestUser[] = [];
  for (let i = 0; i < 5; i++) reporters.push(await api.createUser());

  // Four reports through the API, the fifth through the wish card's Report menu.
  for (const reporter of reporters.slice(0, 4)) await api.request('POST', '/api/complaints/submit/', { token: reporter.access, json: { category, wish_id: flaggedId } });
  expect((await api.wish(flaggedId)).status).toBe(200);
  const lastReporter = await pageSignedInAs(browser, reporters[4]!, baseURL!);
  await lastReporter.goto(`/wish/${flaggedId}`);
  await openCardMenu(lastReporter, flagged);
  await lastReporter.getByRole('menuitem', { name: 'Report' }).click();
  await dialog(lastReporter, 'Report options').getByRole('button', { name: category }).click();
  await expect(lastReporter.getByText('Complaint received')).toBeVisible();
  // Auto-hidden: gone for a visitor.
  expect((await api.wish(flaggedId)).status).toBe(404);

  // A second wish, reported once: the moderator hides it and bans its author.
  const rude = `You are all idiots ${unique('r')}`;
  const rudeId = await api.createWish(author, rude);
  await api.request('POST', '/api/complaints/submit/', { token: reporters[0]!.access, json: { category, wish_id: rudeId } });

  // The author is signed in elsewhere while this happens.
  const authorPage = await pageSignedInAs(browser, author, baseURL!);
  await authorPage.goto(`/wish/${flaggedId}`);
  await expect(authorPage.getByRole('note')).toContainText('Hidden by moderators: Hidden automatically after 5 reports');

  const mod = await pageSignedInAs(browser, moderator, baseURL!);
  await mod.goto('/feed');
  await mod.getByRole('banner').getByRole('link', { name: 'Moderation' }).click();
  await expect(mod).toHaveURL(/\/moderation$/);
  const flaggedItem = mod.getByRole('article').filter({ hasText: flagged });
  await expect(flaggedItem).toContainText('5 reports');
  await expect(flaggedItem).toContainText(`${category}: 5`);
  await shots(mod, 'moderation-queue');

  await flaggedItem.getByRole('button', { name: 'Restore' }).click();
  const restore = dialog(mod, `Restore wish ${flaggedId}`);
  await restore.getByRole('button', { name: 'Restore' }).click();
  await expect(restore.getByRole('alert')).toHaveText('Please give a reason.');
  await shots(mod, 'moderation-reason-required');
  await restore.getByRole('textbox').fill('Reviewed: an ordinary advert, allowed');
  await restore.getByRole('button', { name: 'Restore' }).click();
  await expect(mod.getByText('Wish restored')).toBeVisible();
  await expect(mod.getByRole('article').filter({ hasText: flagged })).toHaveCount(0);
  expect((await api.wish(flaggedId)).status).toBe(200);

  const rudeItem = mod.getByRole('article').filter({ hasText: rude });
  await rudeItem.getByRole('button', { name: 'Hide' }).click();
  const hide = dialog(mod, `Hide wish ${rudeId}`);
  await hide.getByRole('textbox').fill('Insults other members');
  await hide.getByRole('button', { name: 'Hide' }).click();
  await expect(mod.getByText('Wish hidden')).toBeVisible();
  expect((await api.wish(rudeId)).status).toBe(404);

  await mod.getByRole('tab', { name: 'Resolved' }).click();
  const resolvedRude = mod.getByRole('article').filter({ hasText: rude });
  await expect(resolvedRude).toContainText('Hidden');
  await resolvedRude.getByRole('button', { name: 'Ban author' }).click();
  const ban = dialog(mod, 'Ban Rex Reported');
  await ban.getByRole('textbox').fill('Repeated insults');
  await ban.getByRole('button', { name: 'Ban' }).click();
  await expect(mod.getByText('User banned')).toBeVisible();
  await shots(mod, 'moderation-resolved');

  // The banned author is signed out at once: their next request is refused and the session ends.
  await authorPage.reload();
  await expect(signInLink(authorPage)).toBeVisible({ timeout: 15_000 });
  const login = await api.request('POST', '/api/token/', { json: { username: author.email, password: author.password }, expect: [401] });
  // The spec's sentence, with the moderator's reason beside it (so the sign-in page can say why).
  expect(login.body).toEqual({ detail: 'This account has been suspended.', suspension: { reason: 'Repeated insults' } });

  await mod.getByRole('link', { name: 'Log' }).click();
  await expect(mod.getByRole('main').getByRole('listitem').first()).toContainText(`Mona Mod banned ${author.fullName}`);
  await expect(mod.getByText('Automatic hid (auto-hide)')).toBeVisible();
  await shots(mod, 'moderation-log');

  // The reporter sees the outcome of both reports.
  const reporter = await pageSignedInAs(browser, reporters[0]!, baseURL!);
  await reporter.goto(`/user/${reporters[0]!.id}`);
  await reporter.getByRole('link', { name: 'My reports' }).click();
  await expect(reporter).toHaveURL(/\/my\/reports$/);
  const items = reporter.getByRole('main').getByRole('listitem');
  await expect(items.filter({ hasText: `Wish ${rudeId}` })).toContainText('Hidden by moderators');
  await expect(items.filter({ hasText: `Wish ${flaggedId}` })).toContainText('Reviewed: the wish stays');
  await shots(reporter, 'my-reports');

  for (const p of [lastReporter, authorPage, mod, reporter]) await p.context().close();
});

test('a member who opens /moderation gets the not-allowed page, and no Moderation link', async ({ browser, api, baseURL }) => {
  const member = await api.createUser();
  const page = await pageSignedInAs(browser, member, baseURL!);
  await page.goto('/moderation');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Moderation' })).toHaveCount(0);
  await shots(page, 'moderation-not-allowed');
  await page.context().close();
});
