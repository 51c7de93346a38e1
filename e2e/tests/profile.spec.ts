/** Profile (docs/product.md#2-screens-and-routes Profile, docs/product.md#5-validation Avatar, docs/product.md#8-error-texts Profile): own and other profiles, avatar upload, paging, errors. */
import { unique } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePng } from '../support/images';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { clientNavigate, dialog, expectPath, expectTitle, expectToast, header, wishCard } from '../support/ui';
import { shoot } from '../support/screens';

// The console-error watch (support/console-watch.ts): missing profiles answer 404 and a text file named .png 400, on purpose.
test.beforeEach(({ consoleWatch }) => {
  consoleWatch.allow(/\/user\/\d+\/? → 404$/, /\/api\/profile\/\d+\/ → 404$/, /\/api\/.*avatar.* → 400$/, /status of (400|404) /);
});

test('own profile opened directly: "Your profile" and no subscribe button', async ({ signedInPage: page, me }) => {
  await page.goto(`/user/${me.id}`);
  await expect(page.getByRole('heading', { level: 1, name: me.fullName })).toBeVisible();
  await expectTitle(page, me.fullName);
  await expect(page.locator('#main').getByText('Your profile')).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Subscribe|Unsubscribe)$/ })).toHaveCount(0);
  await expect(page.getByLabel('Upload avatar')).toBeAttached();
});

/** Opens one's own profile through the app (an in-app navigation, no embedded page data). */
async function openOwnProfile(page: Page, userId: number) {
  await page.goto('/');
  await expect(page.getByText('Create your wishes with AI.')).toBeVisible();
  await clientNavigate(page, `/user/${userId}`);
  await expect(page.locator('#main').getByText('Your profile')).toBeVisible();
}

test('own profile: upload a real PNG through the square crop (keyboard only) and see it in the header', async ({ signedInPage: page, me }) => {
  await openOwnProfile(page, me.id);
  await expect(page.getByRole('button', { name: /^(Subscribe|Unsubscribe)$/ })).toHaveCount(0);
  await expect(header(page).getByRole('img', { name: 'Your avatar' })).toHaveCount(0);

  let uploads = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/profile/my/avatar/upload')) uploads++;
  });
  // A wide image (480 × 288): the crop step offers a square of it; nothing is sent before "Use this square".
  await page.getByLabel('Upload avatar').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(480, 288) });
  const crop = dialog(page, 'Crop your avatar');
  const square = crop.getByRole('group', { name: 'Avatar square' });
  await expect(square).toBeVisible();
  const box = (await square.boundingBox())!;
  expect(Math.abs(box.width - box.height)).toBeLessThanOrEqual(1);
  await shoot(page, 'avatar-crop');
  expect(uploads).toBe(0);
  // The crop dialog is axe-clean (every impact).
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).options({ resultTypes: ['violations'] }).analyze();
  expect(axe.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);

  // The keyboard does it all: the square moves with the arrow keys, the slider zooms, Enter uses it.
  await square.focus();
  await page.keyboard.press('ArrowRight');
  const zoom = crop.getByRole('slider', { name: 'Zoom' });
  await zoom.focus();
  await page.keyboard.press('ArrowRight');
  await expect(zoom).toHaveAttribute('aria-valuetext', '110%');
  const upload = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/profile/my/avatar/upload'));
  await crop.getByRole('button', { name: 'Use this square' }).focus();
  await page.keyboard.press('Enter');
  const response = await upload;
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.success).toBe(true);
  await expectToast(page, 'Avatar updated successfully!');
  await expect(crop).toHaveCount(0);

  const headerAvatar = header(page).getByRole('img', { name: 'Your avatar' });
  await expect(headerAvatar).toBeVisible();
  await expect(headerAvatar).toHaveAttribute('src', /\/media\//);
  // The image really loads (served under /media/), and what was sent is square.
  await expect.poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const sent = await page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  }, body.avatar_url as string);
  expect(sent[0]).toBe(sent[1]);
  expect(sent[0]).toBeLessThanOrEqual(288);

  // It stays after a reload (the header reads it from the profile).
  await page.reload();
  await expect(header(page).getByRole('img', { name: 'Your avatar' })).toHaveAttribute('src', /\/media\//);
});

test("a new avatar shows on one's own cards at once: profile, feed and wish page, without a reload", async ({ signedInPage: page, me, api }) => {
  const text = `My own card ${unique('avatar')}`;
  const id = await api.createWish(me, text);
  await openOwnProfile(page, me.id);
  const ownAvatar = () => wishCard(page, text).locator('img.feed-card__avatar');
  await expect(wishCard(page, text)).toBeVisible();
  await expect(ownAvatar()).toHaveCount(0);

  await page.getByLabel('Upload avatar').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng() });
  const upload = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/profile/my/avatar/upload'));
  await dialog(page, 'Crop your avatar').getByRole('button', { name: 'Use this square' }).click();
  const body = await (await upload).json();
  await expectToast(page, 'Avatar updated successfully!');
  // A mark on the window: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  await expect(ownAvatar()).toHaveAttribute('src', body.avatar_thumbnail);
  await clientNavigate(page, '/feed');
  await expect(ownAvatar()).toHaveAttribute('src', body.avatar_thumbnail);
  await clientNavigate(page, `/wish/${id}`);
  await expect(ownAvatar()).toHaveAttribute('src', body.avatar_thumbnail);
  await expect.poll(() => ownAvatar().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});

test('avatar: a text file is refused in the browser, and a text file named .png by the crop step (nothing sent, no CSP error)', async ({ signedInPage: page, me }) => {
  await openOwnProfile(page, me.id);
  let uploads = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/profile/my/avatar/upload')) uploads++;
  });
  const input = page.getByLabel('Upload avatar');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some text, not an image') });
  await expectToast(page, 'Please select an image file (JPEG, PNG, etc.)');
  expect(uploads).toBe(0);

  // The browser cannot read it as an image: the crop step says so and sends nothing (the server's own
  // refusal, 415, is the media suite's: server/src/media).
  await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is text pretending to be a PNG') });
  await expectToast(page, 'Failed to upload avatar');
  await expect(page.getByText('This file could not be read as an image. Please choose another one.')).toBeVisible();
  await expect(dialog(page, 'Crop your avatar')).toHaveCount(0);
  expect(uploads).toBe(0);
  await expect(header(page).getByRole('img', { name: 'Your avatar' })).toHaveCount(0);
});

test('avatar: a network failure shows the spec toast', async ({ signedInPage: page, me }) => {
  await openOwnProfile(page, me.id);
  await page.route((url) => url.pathname.startsWith('/api/profile/my/avatar/upload'), (route) => route.abort());
  await page.getByLabel('Upload avatar').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng() });
  await dialog(page, 'Crop your avatar').getByRole('button', { name: 'Use this square' }).click();
  await expectToast(page, 'An error occurred while uploading your avatar');
});

test("another user's profile: name, counts, wishes with Load More, and a subscribe button", async ({ signedInPage: page, api }) => {
  const author = await api.createUser({ firstName: 'Paula', lastName: `Prolific${unique('p').slice(0, 6)}` });
  const follower = await api.createUser();
  await api.subscribe(follower, author.id);
  const ids = await api.createWishes(author, 12, (i) => `Profile wish ${i + 1} from Paula.`);
  await page.goto(`/user/${author.id}`);
  await expect(page.getByRole('heading', { level: 1, name: author.fullName })).toBeVisible();
  await expect(page.getByTestId('profile-followers')).toHaveText('1');
  await expect(page.getByTestId('profile-following')).toHaveText('0');
  await expect(page.getByTestId('profile-posts')).toHaveText('12');
  await expect(page.locator('#main').getByText('Your profile')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Subscribe', exact: true })).toBeVisible();

  const wishes = page.getByRole('region', { name: 'Wishes' }).getByRole('article');
  await expect(wishes).toHaveCount(10);
  await expect(wishes.first()).toContainText('Profile wish 12 from Paula.');
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(wishes).toHaveCount(12);
  await expect(wishes.last()).toContainText('Profile wish 1 from Paula.');
  await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);
  expect(ids).toHaveLength(12);
});

test('a visitor sees a profile but is asked to sign in to subscribe', async ({ page, api }) => {
  const author = await api.createUser();
  await page.goto(`/user/${author.id}`);
  await expect(page.getByRole('heading', { level: 1, name: author.fullName })).toBeVisible();
  const subscribe = page.getByRole('button', { name: 'Subscribe', exact: true });
  if (await subscribe.count()) {
    await subscribe.click();
    await expectToast(page, 'Please sign in first');
  }
});

test('profile errors: non-numeric uid, missing profile, /user/{n}/{page} rewrite', async ({ page, api }) => {
  await page.goto('/user/abc');
  await expect(page.getByText('Invalid user ID.')).toBeVisible();
  await page.goto('/user/987654321');
  await expect(page.getByText('User profile for ID 987654321 not found.')).toBeVisible();
  const author = await api.createUser();
  await page.goto(`/user/${author.id}/2`);
  await expectPath(page, `/user/${author.id}`);
  await expect(page.getByRole('heading', { level: 1, name: author.fullName })).toBeVisible();
});

test('the profile page embeds its first data and uses it', async ({ page, api, request }) => {
  const author = await api.createUser();
  const text = `Embedded profile wish ${unique()}.`;
  await api.createWish(author, text);
  const html = await (await request.get(`/user/${author.id}`)).text();
  expect(html).toContain(text);
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith(`/api/profile/${author.id}`) || path.startsWith(`/api/base/user/${author.id}/wishes`)) calls.push(path);
  });
  await page.goto(`/user/${author.id}`);
  await expect(page.getByText(text)).toBeVisible();
  await page.waitForTimeout(1000);
  expect(calls).toEqual([]);
});
