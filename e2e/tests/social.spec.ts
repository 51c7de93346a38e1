/**
 * The social layer: the following feed, the live notification bell, link
 * previews through a real unfurling client, and account settings (password change signs other
 * browsers out, deletion frees the email). axe and 390/1280 screenshots of the new screens.
 */
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import ogs from 'open-graph-scraper';
import type { Page } from '@playwright/test';
import { strongPassword, unique } from '../support/api';
import { expect, pageSignedInAs, test } from '../support/fixtures';
import { accountButton, expectPath, expectToast, header, signInLink, wishCard } from '../support/ui';

const SHOTS = '/tmp/shots/social';

// Two browsers, event streams and axe on a shared 2-core machine: more room than the default minute.
test.describe.configure({ timeout: 180_000 });

async function expectAxeClean(page: Page, label: string) {
  await expect(page.locator('.w-spinner')).toHaveCount(0, { timeout: 30_000 });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} [${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}]`), label).toEqual([]);
}

test('follow two people and see only their wishes under Following; an empty Following says how to fill it', async ({ signedInPage: page, api, me }) => {
  const ann = await api.createUser({ firstName: 'Ann', lastName: 'Followed' });
  const bob = await api.createUser({ firstName: 'Bob', lastName: 'Followed' });
  const cy = await api.createUser({ firstName: 'Cy', lastName: 'Stranger' });
  const tag = unique('f');
  await page.goto('/feed?view=following');
  await expect(page.getByText('Follow people to see their wishes here')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find people in the feed' })).toHaveAttribute('href', '/feed');

  await api.createWish(ann, `Ann wish ${tag}`);
  await api.createWish(bob, `Bob wish ${tag}`);
  await api.createWish(cy, `Cy wish ${tag}`);
  await api.createWish(ann, `Ann private ${tag}`, false);
  await api.subscribe(me, ann.id);
  await api.subscribe(me, bob.id);

  await page.goto('/feed');
  const following = page.getByRole('navigation', { name: 'Which wishes' }).getByRole('link', { name: 'Following' });
  await expect(page.getByRole('link', { name: 'All', exact: true })).toHaveAttribute('aria-current', 'page');
  await following.click();
  await expect(following).toHaveAttribute('aria-current', 'page');
  await expect(wishCard(page, `Bob wish ${tag}`)).toBeVisible();
  await expect(wishCard(page, `Ann wish ${tag}`)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByText(`Cy wish ${tag}`)).toHaveCount(0);
  await expect(page.getByText(`Ann private ${tag}`)).toHaveCount(0);
  await expect(page.getByText("You've seen all wishes!")).toBeVisible();
  await page.getByRole('link', { name: 'All', exact: true }).click();
  await expect(wishCard(page, `Cy wish ${tag}`)).toBeVisible();
});

test('the bell counts up live while another member upvotes, and /notifications marks read', async ({ browser, baseURL, api }) => {
  const owner = await api.createUser({ firstName: 'Olive', lastName: 'Owner' });
  const fan = await api.createUser({ firstName: 'Ada', lastName: 'Lovelace' });
  const text = `Live bell ${unique('b')}`;
  const wishId = await api.createWish(owner, text);
  const ownerPage = await pageSignedInAs(browser, owner, baseURL!);
  const fanPage = await pageSignedInAs(browser, fan, baseURL!);
  try {
    // The bell's stream sends its token in the Authorization header, never in the URL.
    const streamRequest = ownerPage.waitForRequest((r) => new URL(r.url()).pathname === '/api/notifications/stream/');
    await ownerPage.goto('/feed');
    const opened = await streamRequest;
    expect(opened.url()).not.toContain('access_token');
    expect(await opened.headerValue('authorization')).toMatch(/^Bearer \S+$/);
    const bell = header(ownerPage).getByTestId('bell-header');
    await expect(bell).toHaveAccessibleName('Notifications');
    await fanPage.goto(`/wish/${wishId}`);
    await wishCard(fanPage, text).getByRole('button', { name: 'Upvote' }).click({ timeout: 45_000 });
    // No reload: the count arrives over the event stream.
    await expect(bell.getByTestId('bell-count')).toHaveText('1', { timeout: 30_000 });
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

    await bell.click();
    await expectPath(ownerPage, '/notifications');
    const entry = ownerPage.getByTestId('notification').first();
    await expect(entry).toContainText('Ada Lovelace upvoted your wish', { timeout: 30_000 });
    await ownerPage.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(bell.getByTestId('bell-count')).toHaveCount(0, { timeout: 15_000 });
    await expect(entry.getByRole('button', { name: /Mark as read/ })).toHaveCount(0);
  } finally {
    await ownerPage.context().close();
    await fanPage.context().close();
  }
});

test('a shared wish unfurls with its text, author and card (open-graph-scraper against the real server)', async ({ api, baseURL, request }) => {
  const author = await api.createUser({ firstName: 'Grace', lastName: 'Hopper' });
  const text = `Happy birthday, Grace! ${unique('u')}`;
  const wishId = await api.createWish(author, text);
  const privateId = await api.createWish(author, 'SECRET unfurl text', false);
  const { result } = await ogs({ url: `${baseURL}/wish/${wishId}` });
  expect(result.ogTitle).toBe('Wish by Grace Hopper | Wishes');
  expect(result.ogDescription).toBe(text);
  expect(result.ogType).toBe('article');
  expect(result.twitterCard).toBe('summary_large_image');
  const image = result.ogImage?.[0]?.url ?? '';
  expect(image).toMatch(new RegExp(`/api/base/wish/${wishId}/card\\.png$`));
  const card = await request.get(new URL(new URL(image).pathname, baseURL).toString());
  expect(card.status()).toBe(200);
  expect(card.headers()['content-type']).toBe('image/png');
  // A private wish's page answers 404 (an unfurler stops there); its HTML has the generic tags only.
  const hiddenPage = await request.get(`${baseURL}/wish/${privateId}`);
  expect(hiddenPage.status()).toBe(404);
  const hiddenHtml = await hiddenPage.text();
  const hidden = await ogs({ html: hiddenHtml });
  expect(hidden.result.ogTitle).toBe('Wishes');
  expect(hiddenHtml).not.toContain('SECRET');
});

test('changing the password signs the other browser out; this one stays signed in', async ({ browser, baseURL, api }) => {
  const user = await api.createUser();
  const here = await pageSignedInAs(browser, user, baseURL!);
  const elsewhere = await pageSignedInAs(browser, { ...user, ...(await api.login(user.email, user.password)) }, baseURL!);
  try {
    await elsewhere.goto('/feed');
    await expect(accountButton(elsewhere)).toBeVisible();
    await here.goto('/settings');
    await here.getByLabel('Current password').fill(user.password);
    await here.getByLabel('New password').fill(strongPassword());
    await here.getByRole('button', { name: 'Change password' }).click();
    await expectToast(here, 'Your password has been changed. Other devices have been signed out.');
    await here.reload();
    await expect(accountButton(here)).toBeVisible();
    // The other browser's tokens were ended: its next request is refused and it signs out. Its
    // session client may already be signing out and going home as this navigation starts (that
    // navigation then interrupts this one): the same end, so only that error is let through.
    await elsewhere.goto('/settings').catch((error: unknown) => {
      if (!String(error).includes('is interrupted by another navigation')) throw error;
    });
    // 401, a refused refresh, then the session client signs out and reloads home: slow on a loaded machine.
    await expect(signInLink(elsewhere)).toBeVisible({ timeout: 45_000 });
  } finally {
    await here.context().close();
    await elsewhere.context().close();
  }
});

test('delete the account after typing the password, then sign up again with the same email', async ({ signedInPage: page, me, consoleWatch }) => {
  // The wrong password typed first is refused on purpose.
  consoleWatch.allow(/\/api\/account\/ → 400$/, /status of 400 .*\/api\/account\/\)$/);
  await page.goto('/settings');
  await page.getByLabel('Your password').fill('not my password');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('The password is incorrect.')).toBeVisible();
  await page.getByLabel('Your password').fill(me.password);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expectToast(page, 'Your account has been deleted.');
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/');
  await expect(signInLink(page)).toBeVisible({ timeout: 30_000 });

  await page.goto('/auth/sign_up');
  await page.getByLabel('First name').fill('Again');
  await page.getByLabel('Last name').fill('Me');
  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('Phone').fill('+4670000000');
  const password = strongPassword();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expectPath(page, '/feed');
  await expect(accountButton(page)).toHaveAccessibleName(`Account menu, ${me.email}`);
});

for (const width of [390, 1280]) {
  test(`the account menu leads to Notifications and Settings; the bell sits beside it; nothing overflows at ${width} px`, async ({ browser, baseURL, api }) => {
    mkdirSync(SHOTS, { recursive: true });
    const me = await api.createUser({ firstName: 'Menu', lastName: 'Checker' });
    const page = await pageSignedInAs(browser, me, baseURL!, { viewport: { width, height: 900 } });
    try {
      await page.goto('/feed');
      await expect(accountButton(page)).toBeVisible({ timeout: 30_000 });
      // On a phone the bell and Profile are entries of the bar's More menu.
      if (width <= 430) await page.getByTestId('mobile-bar').getByRole('button', { name: 'More' }).click();
      const bell = page.getByTestId(width <= 430 ? 'bell-mobile' : 'bell-header');
      await expect(bell).toBeVisible();
      await expect(bell).toHaveAttribute('href', '/notifications');
      if (width <= 430) {
        await expect(page.getByTestId('mobile-bar').getByRole('link', { name: 'Profile' })).toHaveAttribute('href', `/user/${me.id}`);
        await page.keyboard.press('Escape');
      }
      // Settings is an account-menu entry, not a nav entry: the header keeps to the window.
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' })).toHaveCount(0);
      const overflow = await page.evaluate(() => {
        const inner = document.querySelector('.shell-header__inner') as HTMLElement;
        return { page: document.documentElement.scrollWidth - document.documentElement.clientWidth, header: inner.scrollWidth - inner.clientWidth };
      });
      expect(overflow).toEqual({ page: 0, header: 0 });
      await accountButton(page).click();
      await page.screenshot({ path: `${SHOTS}/account-menu-${width}.png` });
      await header(page).getByRole('link', { name: 'Settings', exact: true }).click();
      await expectPath(page, '/settings');
      await expect(page.getByRole('heading', { name: 'Delete account' })).toBeVisible({ timeout: 30_000 });
      await accountButton(page).click();
      // The bell is also named Notifications; the menu's entry is the one in the open list.
      await header(page).locator('.shell-account__list').getByRole('link', { name: 'Notifications', exact: true }).click();
      await expectPath(page, '/notifications');
    } finally {
      await page.context().close();
    }
  });

  test(`new screens are axe clean at ${width} px (screenshots in ${SHOTS})`, async ({ browser, baseURL, api }) => {
    mkdirSync(SHOTS, { recursive: true });
    const me = await api.createUser({ firstName: 'Axe', lastName: 'Checker' });
    const fan = await api.createUser({ firstName: 'Ada', lastName: 'Lovelace' });
    const other = await api.createUser({ firstName: 'Grace', lastName: 'Hopper' });
    const wishId = await api.createWish(me, `Axe wish ${unique('a')}`);
    await api.vote(fan, wishId, 'upvote');
    await api.vote(other, wishId, 'upvote');
    await api.subscribe(fan, me.id);
    await api.subscribe(me, other.id);
    await api.createWish(other, `Followed wish ${unique('a')}`);
    const page = await pageSignedInAs(browser, me, baseURL!, { viewport: { width, height: 900 } });
    try {
      for (const [name, path, ready] of [
        ['notifications', '/notifications', () => expect(page.getByTestId('notification').first()).toBeVisible({ timeout: 30_000 })],
        ['settings', '/settings', () => expect(page.getByRole('heading', { name: 'Delete account' })).toBeVisible({ timeout: 30_000 })],
        ['following', '/feed?view=following', () => expect(page.getByRole('article').first()).toBeVisible({ timeout: 30_000 })],
      ] as const) {
        await page.goto(path);
        await ready();
        if (name === 'notifications') await expect(page.getByTestId(width < 700 ? 'bell-mobile' : 'bell-header').getByTestId('bell-count')).toHaveText('2', { timeout: 30_000 });
        await expectAxeClean(page, `${name} at ${width}`);
        await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
      }
    } finally {
      await page.context().close();
    }
  });
}
