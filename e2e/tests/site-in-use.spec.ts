/**
 * The site as people use it, at 390 px and 1280 px: the account menu and the way home
 * to one's profile, return-to after sign-in and sign-up, compose drafts that survive navigation,
 * private wishes marked for their author, a readable vote control, toasts that keep clear of the
 * header, and the smaller fixes. Every screen is checked with axe and photographed into
 * `E2E_SHOTS_DIR` (default /tmp/shots/ux) for a person to look at.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { unique } from '../support/api';
import { expect, seedSession, test } from '../support/fixtures';
import { accountButton, expectPath, expectToast, header, signInLink, storedSession, toast, wishCard } from '../support/ui';

const SHOTS = process.env.E2E_SHOTS_DIR || '/tmp/shots/ux';
const WIDTHS = [390, 1280] as const;

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
}

async function expectAxeClean(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`), label).toEqual([]);
}

/**
 * Whether two boxes overlap (a toast over a header control); the boxes are in the answer when they
 * do. Measured in one go, at once (a toast closes by itself after 5 s).
 */
async function overlaps(a: Locator, b: Locator): Promise<string | false> {
  const rect = (locator: Locator) => locator.evaluate((el) => el.getBoundingClientRect().toJSON() as { x: number; y: number; width: number; height: number }, undefined, { timeout: 5000 });
  const [x, y] = await Promise.all([rect(a), rect(b)]);
  const hit = x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
  return hit ? `${JSON.stringify(x)} overlaps ${JSON.stringify(y)}` : false;
}

async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

// Long journeys with axe on a shared 2-core machine.
test.describe.configure({ timeout: 150_000 });

for (const width of WIDTHS) {
  const mobile = width < 640;
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: mobile ? 844 : 800 } });

    test('the account menu: Your profile (even with no wishes), keyboard, Escape, and sign-out one step inside', async ({ page, api }) => {
      const newcomer = await api.createUser({ firstName: 'Nia', lastName: 'New' });
      await seedSession(page, newcomer);
      await page.goto('/feed');
      const button = accountButton(page);
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(button).toHaveAccessibleName(`Account menu, ${newcomer.email}`);

      // Keyboard: Enter opens on the first entry, arrows move, Escape closes back onto the button.
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      const profile = header(page).getByRole('link', { name: 'Your profile' });
      await expect(profile).toBeFocused();
      // Then the social layer's entries (Notifications, Sent wishes, People, Group wishes, Settings), then Sign out.
      await page.keyboard.press('ArrowDown');
      await expect(header(page).locator('.shell-account__list').getByRole('link', { name: 'Notifications', exact: true })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(header(page).getByRole('link', { name: 'Sent wishes', exact: true })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(header(page).getByRole('link', { name: 'People', exact: true })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(header(page).getByRole('link', { name: 'Group wishes', exact: true })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(header(page).getByRole('link', { name: 'Settings', exact: true })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(header(page).getByRole('button', { name: 'Sign out', exact: true })).toBeFocused();
      await expectAxeClean(page, 'account menu open');
      await shot(page, 'account-menu-open');
      await page.keyboard.press('Escape');
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(button).toBeFocused();
      await expect(profile).toBeHidden();

      // The way home to one's own profile, where the avatar upload is.
      await button.click();
      await profile.click();
      await expectPath(page, `/user/${newcomer.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Nia New' })).toBeVisible();
      await expect(page.getByText(/upload|change avatar/i).first()).toBeVisible();
      await expect(button).toHaveAttribute('aria-expanded', 'false');

      // A click outside closes the menu.
      await button.click();
      // Far from the open list (at 390 px its four entries cover the top of the page).
      await page.mouse.click(8, 520);
      await expect(profile).toBeHidden();

      // Sign out: one obvious step inside the menu; docs/product.md#2-screens-and-routes: tokens and user cleared, then /.
      await button.click();
      await header(page).getByRole('button', { name: 'Sign out', exact: true }).click();
      await expectPath(page, '/');
      expect(await storedSession(page)).toEqual({ access: null, refresh: null, username: null });
      await expect(signInLink(page)).toBeVisible();
      // Focus lands on the home page's main heading, not on <body>.
      await expect(page.locator('#main h1')).toBeFocused();
    });

    test('a visitor voting gets a toast below the header with a Sign in action that comes back', async ({ page, api }) => {
      const author = await api.createUser();
      const voter = await api.createUser();
      const text = `Toast action ${unique()} brings you back.`;
      const id = await api.createWish(author, text);
      await page.goto(`/wish/${id}`);
      await wishCard(page, text).getByRole('button', { name: 'Upvote' }).click();
      const prompt = toast(page, 'Please sign in to vote');
      await expect(prompt).toBeVisible();
      // Never over the header's controls (the Sign In button, the brand).
      expect(await overlaps(prompt, header(page))).toBe(false);

      // Repeats collapse: pressing again does not stack a second prompt.
      await wishCard(page, text).getByRole('button', { name: 'Downvote' }).click();
      await page.waitForTimeout(300);
      await expect(page.locator('.Toastify').getByRole('alert').filter({ hasText: 'Please sign in to vote' })).toHaveCount(1);

      // The pointer on the toast pauses its timer, so a slow axe scan on a loaded machine cannot
      // outlast it before the Sign in action is pressed.
      await prompt.hover();
      await expectAxeClean(page, 'toast with action');
      await shot(page, 'toast-sign-in-action');
      await prompt.getByRole('button', { name: 'Sign in' }).click();
      await expectPath(page, '/auth/sign_in');
      // The sign-in page does not offer a Sign In button in the header as well.
      await expect(signInLink(page)).toHaveCount(0);
      await signInWithForm(page, voter.email, voter.password);
      await expectPath(page, `/wish/${id}`);
      await wishCard(page, text).getByRole('button', { name: 'Upvote' }).click();
      await expectToast(page, 'Upvoted');
      // Screen readers hear "1 upvote", not "1 upvotes".
      await expect(wishCard(page, text).getByTestId('upvote-count')).toHaveText('1 upvote');
      await expect(wishCard(page, text).getByRole('button', { name: /show voters/i })).toHaveAccessibleName('+1 net score. Show voters');
    });

    test('signed out, a category leads through sign-in (and sign-up) to the composer with that topic', async ({ page, api }) => {
      const member = await api.createUser();
      await page.goto('/');
      await page.getByRole('region', { name: 'Wish Categories' }).getByRole('link', { name: 'Birthday', exact: true }).click();
      await expectPath(page, '/auth/sign_in');
      expect(new URL(page.url()).searchParams.get('next')).toBe('/compose/Birthday');
      await shot(page, 'sign-in-with-return');
      await signInWithForm(page, member.email, member.password);
      await expectPath(page, '/compose/Birthday');
      await expect(page.getByLabel('Topic', { exact: true })).toHaveValue('Birthday');

      // Sign-up carries the same return path.
      await page.evaluate(() => localStorage.clear());
      await page.goto('/compose/Birthday');
      await expectPath(page, '/auth/sign_in');
      await page.getByRole('link', { name: /sign up/i }).click();
      await expectPath(page, '/auth/sign_up');
      const email = `ux-${unique()}@example.com`;
      await page.getByLabel('First name').fill('Ola');
      await page.getByLabel('Last name').fill('Return');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Phone').fill('+1 555 0100');
      await page.getByLabel('Password', { exact: true }).fill('Copper-Kettle-29');
      await page.getByLabel('Confirm password').fill('Copper-Kettle-29');
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await expectPath(page, '/compose/Birthday');
    });

    test('drafts survive going to the feed and Back, and a reload; saving clears them', async ({ signedInPage: page, api }) => {
      const options = await api.options();
      const params = options.greeting_config_params;
      await page.goto('/compose');
      await page.getByLabel('Style', { exact: true }).selectOption(params.styles[0]);
      await page.getByLabel('Audience', { exact: true }).selectOption(params.audiences[0]);
      await page.getByLabel('Name', { exact: true }).fill('Maya');
      await page.getByLabel('Topic', { exact: true }).selectOption(params.topics[0].topic);
      await page.getByLabel('Details', { exact: true }).fill('Ran her first marathon.');
      await page.getByRole('button', { name: 'Generate' }).click();
      const result = page.getByLabel('Your wish', { exact: true });
      await expect(result).not.toHaveValue('');
      // Quick repeated generations do not stack "Wish generated!" toasts: each replaces the last.
      // The page records the most shown at once (a toast closes by itself after 5 s).
      await page.evaluate(() => {
        const w = window as unknown as { __maxGenerated: number };
        w.__maxGenerated = 0;
        const count = () => [...document.querySelectorAll('.Toastify__toast')].filter((t) => t.textContent?.includes('Wish generated')).length;
        new MutationObserver(() => (w.__maxGenerated = Math.max(w.__maxGenerated, count()))).observe(document.body, { childList: true, subtree: true });
      });
      for (let i = 0; i < 2; i++) {
        await page.getByRole('button', { name: 'Generate' }).click();
        await page.getByRole('dialog', { name: 'Replace your text?' }).getByRole('button', { name: 'Replace' }).click();
        await expect(page.getByRole('dialog', { name: 'Replace your text?' })).toHaveCount(0);
      }
      await expect(page.getByRole('button', { name: 'Generate' })).toBeEnabled();
      await expect.poll(() => page.evaluate(() => (window as unknown as { __maxGenerated: number }).__maxGenerated)).toBe(1);
      await result.fill(`${await result.inputValue()} Kept ${unique()}.`);
      const kept = await result.inputValue();

      // "Save Wish" stays on one line.
      const save = page.getByRole('button', { name: 'Save Wish' });
      const lineHeight = await save.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 24);
      const textHeight = await save.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return Math.max(...[...range.getClientRects()].map((r) => r.bottom)) - Math.min(...[...range.getClientRects()].map((r) => r.top));
      });
      expect(textHeight).toBeLessThan(lineHeight * 1.8);
      await shot(page, 'compose-draft');

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feed' }).click();
      await expectPath(page, '/feed');
      await page.goBack();
      await expectPath(page, '/compose');
      await expect(result).toHaveValue(kept);
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Maya');
      await page.reload();
      await expect(result).toHaveValue(kept);
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Maya');

      // The replace confirmation still guards the restored text.
      await page.getByRole('button', { name: 'Generate' }).click();
      await expect(page.getByRole('dialog', { name: 'Replace your text?' })).toBeVisible();
      await page.keyboard.press('Escape');

      await save.click();
      await expectPath(page, /^\/wish\/\d+$/);
      await page.goto('/compose');
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
      await expect(page.getByLabel('Your wish', { exact: true })).toHaveCount(0);
    });

    test('own private wish: marked Private on the wish page and profile, no Share, no Report', async ({ signedInPage: page, api, me }) => {
      const secret = `Private note ${unique()} for my eyes.`;
      const open = `Public note ${unique()} for all.`;
      const secretId = await api.createWish(me, secret, false);
      await api.createWish(me, open, true);
      await page.goto(`/wish/${secretId}`);
      const card = wishCard(page, secret);
      await expect(card.getByTestId('visibility-badge')).toHaveText(/Private/);
      await card.getByRole('button', { name: 'More options' }).click();
      // The author's own actions follow; Share and Report never show on one's own private wish.
      await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['View', 'Edit', 'Make public', 'Delete']);
      await expectAxeClean(page, 'private wish page with menu open');
      await shot(page, 'private-wish');
      await page.keyboard.press('Escape');

      await page.goto(`/user/${me.id}`);
      await expect(wishCard(page, secret).getByTestId('visibility-badge')).toHaveText(/Private/);
      await expect(wishCard(page, open).getByTestId('visibility-badge')).toHaveCount(0);
      await wishCard(page, open).getByRole('button', { name: 'More options' }).click();
      await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['View', 'Share', 'Edit', 'Make private', 'Delete']);
      await page.keyboard.press('Escape');
      await shot(page, 'own-profile-private-mark');
    });

    test('the vote control stays readable at rest, hover, pressed, busy and after a tap', async ({ signedInPage: page, api }) => {
      const author = await api.createUser();
      const text = `Readable votes ${unique()} in every state.`;
      const id = await api.createWish(author, text);
      await page.goto(`/wish/${id}`);
      const card = wishCard(page, text);
      const up = card.getByRole('button', { name: 'Upvote' });
      const colours = (locator: Locator) => locator.evaluate((el) => ({ color: getComputedStyle(el).color, background: getComputedStyle(el).backgroundColor }));

      const rest = await colours(up);
      expect(rest.color).not.toBe(rest.background);
      await up.click();
      await expect(up).toHaveAttribute('aria-pressed', 'true');
      // Pressed: white on green, and still so while the pointer is over it (it was white on lavender).
      await up.hover();
      // The colours ease over 0.12 s (vote.css): read them once they have settled.
      await expect.poll(async () => (await colours(up)).color).toBe('rgb(255, 255, 255)');
      await expect.poll(async () => ['rgb(21, 128, 61)', 'rgb(22, 101, 52)'].includes((await colours(up)).background)).toBe(true);
      await shot(page, 'vote-pressed-hover');
      // The net figure is the way to the voters.
      const net = card.getByRole('button', { name: /show voters/i });
      await expect(net).toHaveText('+1');
      await net.click();
      await expect(page.getByRole('dialog', { name: 'People who voted' })).toBeVisible();
      await page.keyboard.press('Escape');
    });

    if (mobile) {
      test('touch: after a tap the pressed upvote keeps its colours (no sticky hover)', async ({ browser, api, baseURL }) => {
        const voter = await api.createUser();
        const author = await api.createUser();
        const text = `Tap vote ${unique()} on a phone.`;
        const id = await api.createWish(author, text);
        const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
        await seedSession(context, voter);
        const page = await context.newPage();
        await page.goto(`/wish/${id}`);
        const up = wishCard(page, text).getByRole('button', { name: 'Upvote' });
        await up.tap();
        // The toast sits at the bottom, above the bar (once its entrance is over), clear of the header.
        const upvoted = toast(page, 'Upvoted');
        await expect(upvoted).toBeVisible();
        expect(await overlaps(upvoted, header(page))).toBe(false);
        await expect.poll(() => overlaps(upvoted, page.getByTestId('mobile-bar')), { timeout: 3000 }).toBe(false);
        await shot(page, 'touch-vote-toast');
        await expect(up).toHaveAttribute('aria-pressed', 'true');
        const after = await up.evaluate((el) => ({ color: getComputedStyle(el).color, background: getComputedStyle(el).backgroundColor }));
        expect(after).toEqual({ color: 'rgb(255, 255, 255)', background: 'rgb(21, 128, 61)' });
        await context.close();
      });

      test('the mobile bar: five entries with visible labels, Profile in More; a visitor reaches the feed', async ({ page, api }) => {
        const member = await api.createUser();
        await page.goto('/');
        // Signed out: no bar (spec), but the header keeps Feed, with its label.
        const feed = header(page).getByRole('link', { name: 'Feed' });
        await expect(feed).toBeVisible();
        await expect(feed).toHaveText('Feed');
        await shot(page, 'visitor-header');
        await feed.click();
        await expectPath(page, '/feed');

        await seedSession(page, member);
        await page.goto('/feed');
        const bar = page.getByTestId('mobile-bar');
        for (const [name, label] of [['Feed', 'Feed'], ['Business', 'Business'], ['Search', 'Search'], ['Compose Wish', 'Compose'], ['Subscriptions', 'Subscriptions']]) {
          const link = bar.getByRole('link', { name, exact: true });
          await expect(link).toBeVisible();
          await expect(link.locator('.shell-nav__label')).toBeVisible();
          await expect(link.locator('.shell-nav__label')).toHaveText(label);
          // The label fits: not cut off.
          expect(await link.locator('.shell-nav__label').evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
        }
        await expectAxeClean(page, 'mobile bar');
        await shot(page, 'mobile-bar');
        // The way home to one's profile is in More (six slots, whatever the remotes add).
        await bar.getByRole('button', { name: 'More' }).click();
        await bar.getByRole('link', { name: 'Profile' }).click();
        await expectPath(page, `/user/${member.id}`);
      });
    }

    test('/search focuses its box and marks the matches; empty subscriptions offer a next step', async ({ signedInPage: page, api }) => {
      const author = await api.createUser();
      const word = `zq${unique().replace(/[^a-z0-9]/gi, '').slice(-6).toLowerCase()}`;
      await api.createWish(author, `A wish about ${word} and more ${word}.`);
      await page.goto('/search');
      await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('searchbox', { name: 'Search wishes' })).toBeFocused();
      await page.keyboard.type(word);
      const card = page.getByRole('article').filter({ hasText: word });
      await expect(card).toBeVisible();
      await expect(card.locator('mark')).toHaveText([word, word]);
      await expectAxeClean(page, 'search with marks');
      await shot(page, 'search-marks');

      await page.goto('/subscriptions');
      await expect(page.getByText("You haven't subscribed to anyone yet.")).toBeVisible();
      const next = page.getByRole('link', { name: 'Browse the feed' });
      await expect(next).toBeVisible();
      await expectAxeClean(page, 'empty subscriptions');
      await shot(page, 'subscriptions-empty');
      await next.click();
      await expectPath(page, '/feed');
    });
  });
}

test('an unsafe return path is ignored: sign-in goes to /feed', async ({ page, api, baseURL, consoleWatch }) => {
  // Clearing the storage under the live feed leaves its member in memory without a token: the
  // Reported mark's read of their reports may then go out without one.
  consoleWatch.allow(/\/api\/complaints\/my\/\?page=1 → 401$/, /status of 401 .*\/api\/complaints\/my\//);
  const member = await api.createUser();
  for (const next of ['//evil.example', 'https://evil.example/', '/\\evil.example']) {
    await page.evaluate(() => localStorage.clear()).catch(() => undefined);
    await page.goto(`/auth/sign_in?next=${encodeURIComponent(next)}`);
    await signInWithForm(page, member.email, member.password);
    await expectPath(page, '/feed');
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    await page.evaluate(() => localStorage.clear());
  }
});
