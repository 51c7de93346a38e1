/** The wish card and the single wish page: links, context menu (View, Share, Report), not found. */
import { unique } from '../support/api';
import { expect, test } from '../support/fixtures';
import { dialog, expectPath, expectTitle, expectToast, findInFeed, wishCard } from '../support/ui';

// The console-error watch (support/console-watch.ts): unknown and malformed wish ids answer 404 on purpose.
test.beforeEach(({ consoleWatch }) => {
  consoleWatch.allow(/\/wish\/[^/\s]+\/? → 404$/, /\/api\/base\/wish\/[^/\s]+\/ → 404$/, /status of 404 .*\/wish\//);
});

test('the wish page shows the wish, its author and links', async ({ page, api }) => {
  const author = await api.createUser({ firstName: 'Wanda', lastName: 'Writer' });
  const text = `A quiet wish ${unique()} for a calm and happy week.`;
  const id = await api.createWish(author, text);
  await page.goto(`/wish/${id}`);
  await expectTitle(page, 'Wish by Wanda Writer');
  const card = wishCard(page, text);
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: 'Wanda Writer' })).toHaveAttribute('href', `/user/${author.id}`);
  await expect(card.locator(`a[href="/wish/${id}"]`).first()).toBeVisible();
  await card.getByRole('link', { name: 'Wanda Writer' }).click();
  await expectPath(page, `/user/${author.id}`);
});

test('clicking a card in the feed opens its wish page; the date links there too', async ({ page, api }) => {
  const author = await api.createUser();
  const text = `Feed card click ${unique()} brings you to the wish page.`;
  const id = await api.createWish(author, text);
  await page.goto('/feed');
  await (await findInFeed(page, text)).getByText(text).click();
  await expectPath(page, `/wish/${id}`);
  await expect(page.getByText('Loading wish...')).toHaveCount(0);
  await expect(wishCard(page, text)).toBeVisible();
  await page.goto('/feed');
  await (await findInFeed(page, text)).locator('time').click();
  await expectPath(page, `/wish/${id}`);
});

test('an unknown or malformed wish id shows "Could not find this wish!"', async ({ page }) => {
  await page.goto('/wish/987654321');
  await expect(page.getByText('Could not find this wish!')).toBeVisible();
  await expectTitle(page, 'Wish');
  await page.goto('/wish/not-a-number');
  await expect(page.getByText('Could not find this wish!')).toBeVisible();
});

test('the context menu offers View, Share and Report', async ({ page, api }) => {
  const author = await api.createUser();
  const text = `Menu wish ${unique()} with three options.`;
  const id = await api.createWish(author, text);
  await page.goto('/feed');
  const card = await findInFeed(page, text);
  await card.getByRole('button', { name: 'More options' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['View', 'Share', 'Report']);
  await menu.getByRole('menuitem', { name: 'View' }).click();
  await expectPath(page, `/wish/${id}`);
});

test('share: the link is {origin}/wish/{id}; Copy Link copies it and reads Copied! for 2 s', async ({ page, api, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const author = await api.createUser();
  const text = `Share me ${unique()} with a friend.`;
  const id = await api.createWish(author, text);
  await page.goto(`/wish/${id}`);
  await wishCard(page, text).getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const share = dialog(page, 'Share');
  await expect(share).toBeVisible();
  const origin = new URL(page.url()).origin;
  await expect(share.getByLabel('Link to this wish')).toHaveValue(`${origin}/wish/${id}`);
  await expect(share.getByRole('link', { name: /Twitter|Facebook|WhatsApp/ }).first()).toHaveAttribute('href', new RegExp(encodeURIComponent(`${origin}/wish/${id}`)));

  await share.getByRole('button', { name: 'Copy Link' }).click();
  await expect(share.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/wish/${id}`);
  await expect(share.getByRole('button', { name: 'Copy Link' })).toBeVisible({ timeout: 4000 });

  await share.getByRole('button', { name: 'Close' }).click();
  await expect(share).toHaveCount(0);
});

test('report: the reasons come from the server options; a visitor can file one', async ({ page, api }) => {
  const author = await api.createUser();
  const text = `Report target ${unique()} for the complaint flow.`;
  await api.createWish(author, text);
  const options = await api.options();
  await page.goto('/feed');
  await (await findInFeed(page, text)).getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  const report = dialog(page, 'Report options');
  await expect(report).toBeVisible();
  for (const reason of options.report_topic_config) await expect(report.getByRole('button', { name: reason })).toBeVisible();
  await report.getByRole('button', { name: options.report_topic_config[0] }).click();
  await expectToast(page, 'Complaint received');
  await expect(report).toHaveCount(0);
});
