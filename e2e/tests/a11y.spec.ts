/**
 * Accessibility: axe-core on every screen (signed out and in, 390 px and 1280 px) with no violation
 * of any impact, also with the dialogs and menus open (voters, card menu, Share, Report, the
 * account menu, the mobile bar's More); keyboard-only sign-in, voting and menus; modals trap and
 * return focus; images have text alternatives.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { Api, type TestUser } from '../support/api';
import { baseUrl, expect, seedSession, test } from '../support/fixtures';
import { makePng } from '../support/images';
import { dialog, expectPath, expectToast, wishCard } from '../support/ui';

interface Data {
  author: TestUser;
  me: TestUser;
  wishId: number;
  wishText: string;
  token: string;
}

let data: Data | undefined;
async function setUp(): Promise<Data> {
  if (data) return data;
  const api = new Api(baseUrl());
  const author = await api.createUser({ firstName: 'Ada', lastName: 'Access' });
  const me = await api.createUser({ firstName: 'Kai', lastName: 'Keyboard' });
  const token = `axe${Date.now().toString(36)}`;
  const wishText = `Accessible wish ${token}: may every door open for you.`;
  const wishId = await api.createWish(author, wishText);
  await api.createWish(author, `Second accessible wish ${token}.`);
  await api.vote(me, wishId, 'upvote');
  data = { author, me, wishId, wishText, token };
  return data;
}

/** Waits until spinners are gone so axe sees the loaded screen. */
async function settle(page: Page) {
  await expect(page.locator('.w-spinner')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('banner')).toBeVisible();
  // A fade-in still running reads as low contrast (seen once on the not-found message): every
  // finite animation and transition is run to its end. Finished, not awaited: a toast's 5 s timer
  // bar is an animation too, and its end starts the toast's exit animation, so this repeats
  // until nothing finite is left running.
  await page.waitForFunction(
    () => {
      const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      for (const animation of running) animation.finish();
      return running.length === 0;
    },
    undefined,
    { timeout: 5_000, polling: 100 },
  );
}

async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // Only violations are read; skipping passes and incomplete results makes each check faster.
    .options({ resultTypes: ['violations'] })
    .analyze();
  // Every impact, minor included (the target is 0 violations). One line per violation (rule, help,
  // first few elements), so a failure reads at a glance.
  const summary = results.violations.map((v) => `${v.impact} ${v.id}: ${v.help} [${v.nodes.length} × ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}]`);
  expect(summary, label).toEqual([]);
}

type Screen = {
  name: string;
  path: (d: Data) => string;
  signedIn: 'both' | 'in' | 'out';
  ready?: (page: Page, d: Data) => Promise<void>;
  /** Errors the screen provokes on purpose (the console-error watch, support/console-watch.ts). */
  allow?: RegExp[];
};

const SCREENS: Screen[] = [
  { name: 'home', path: () => '/', signedIn: 'both', ready: async (p) => expect(p.getByRole('region', { name: 'Recent Wishes' }).getByRole('article').first()).toBeVisible() },
  { name: 'feed', path: () => '/feed', signedIn: 'both', ready: async (p) => expect(p.getByRole('article').first()).toBeVisible() },
  { name: 'wish', path: (d) => `/wish/${d.wishId}`, signedIn: 'both', ready: async (p, d) => expect(wishCard(p, d.wishText)).toBeVisible() },
  { name: 'profile', path: (d) => `/user/${d.author.id}`, signedIn: 'both', ready: async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'own profile', path: (d) => `/user/${d.me.id}`, signedIn: 'in', ready: async (p) => expect(p.locator('#main').getByText('Your profile')).toBeVisible() },
  { name: 'search results', path: (d) => `/search?q=${d.token}`, signedIn: 'both', ready: async (p) => expect(p.getByText('End of search results')).toBeVisible() },
  { name: 'search empty', path: () => '/search', signedIn: 'both' },
  { name: 'terms', path: () => '/page/terms', signedIn: 'both', ready: async (p) => expect(p.locator('.shell-markdown')).toBeVisible() },
  { name: 'privacy policy', path: () => '/page/privacy_policy', signedIn: 'both', ready: async (p) => expect(p.locator('.shell-markdown')).toBeVisible() },
  { name: 'unknown static page', path: () => '/page/nothing', signedIn: 'out' },
  { name: 'not found', path: () => '/no/such/page', signedIn: 'both' },
  { name: 'sign in', path: () => '/auth/sign_in', signedIn: 'out' },
  { name: 'sign up', path: () => '/auth/sign_up', signedIn: 'out' },
  { name: 'reset request', path: () => '/auth/reset_password', signedIn: 'out' },
  { name: 'reset confirm', path: () => '/auth/reset_password_confirm/MQ/token/', signedIn: 'out' },
  { name: 'reset link invalid', path: () => '/auth/reset_password_confirm/MQ', signedIn: 'out' },
  { name: 'compose', path: () => '/compose', signedIn: 'in', ready: async (p) => expect(p.getByLabel('Style')).toBeEnabled() },
  {
    name: 'compose with a draft',
    path: () => '/compose',
    signedIn: 'in',
    ready: async (p) => {
      await p.getByLabel('Style', { exact: true }).selectOption({ index: 1 });
      await p.getByLabel('Audience', { exact: true }).selectOption({ index: 1 });
      await p.getByLabel('Name', { exact: true }).fill('Noor');
      await p.getByLabel('Topic', { exact: true }).selectOption({ index: 1 });
      await p.getByLabel('Details', { exact: true }).fill('Loves hiking.');
      await p.getByRole('button', { name: 'Generate' }).click();
      await expect(p.getByLabel('Your wish', { exact: true })).not.toHaveValue('');
    },
  },
  {
    name: 'compose with missing fields',
    path: () => '/compose',
    signedIn: 'in',
    ready: async (p) => {
      await expect(p.getByLabel('Style', { exact: true })).toBeEnabled();
      await p.getByRole('button', { name: 'Generate' }).click();
      await expect(p.getByText('This field is required.').first()).toBeVisible();
    },
  },
  {
    name: 'sign in with an error',
    path: () => '/auth/sign_in',
    signedIn: 'out',
    // The wrong password is the point: the sign-in call answers 401.
    allow: [/\/api\/token\/ → 401$/, /status of 401 .*\/api\/token\/\)$/],
    ready: async (p) => {
      await p.getByLabel('Email').fill('nobody@example.com');
      await p.getByLabel('Password').fill('wrong-password-1');
      await p.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(p.getByText('The email or password you entered is incorrect. Please try again or reset your password.')).toBeVisible();
    },
  },
  { name: 'subscriptions', path: () => '/subscriptions', signedIn: 'in', ready: async (p) => expect(p.getByRole('heading', { name: 'Subscriptions' })).toBeVisible() },
  { name: 'business', path: () => '/business', signedIn: 'in', ready: async (p) => expect(p.getByLabel('Email')).toBeVisible() },
  // The account menu's pages.
  { name: 'notifications', path: () => '/notifications', signedIn: 'in', ready: async (p) => expect(p.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible() },
  { name: 'settings', path: () => '/settings', signedIn: 'in', ready: async (p) => expect(p.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible() },
  { name: 'sent wishes', path: () => '/deliveries', signedIn: 'in', ready: async (p) => expect(p.getByRole('heading', { level: 1, name: 'Sent wishes' })).toBeVisible() },
];

const VIEWPORTS = [
  { label: 'mobile 390', width: 390, height: 844 },
  { label: 'desktop 1280', width: 1280, height: 800 },
];

for (const viewport of VIEWPORTS) {
  for (const state of ['signed out', 'signed in'] as const) {
    test.describe(`axe ${state}, ${viewport.label}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });
      for (const screen of SCREENS) {
        if (screen.signedIn === 'in' && state === 'signed out') continue;
        if (screen.signedIn === 'out' && state === 'signed in') continue;
        test(`${screen.name}`, async ({ page, consoleWatch }) => {
          consoleWatch.allow(...(screen.allow ?? []));
          const d = await setUp();
          if (state === 'signed in') await seedSession(page, d.me);
          await page.goto(screen.path(d));
          await screen.ready?.(page, d);
          await settle(page);
          await expectNoViolations(page, `${screen.name} (${state}, ${viewport.label})`);
        });
      }
      test('modals and menus: voters, card menu, share, report, account menu, More', async ({ page }) => {
        const d = await setUp();
        if (state === 'signed in') await seedSession(page, d.me);
        await page.goto(`/wish/${d.wishId}`);
        const card = wishCard(page, d.wishText);
        await card.getByRole('button', { name: 'Show voters' }).click();
        await expect(dialog(page, 'People who voted').getByRole('listitem').first()).toBeVisible();
        await expectNoViolations(page, `voters modal (${state}, ${viewport.label})`);
        await page.keyboard.press('Escape');
        for (const [item, title] of [
          ['Share', 'Share'],
          ['Report', 'Report options'],
        ]) {
          await card.getByRole('button', { name: 'More options' }).click();
          await expectNoViolations(page, `context menu (${state}, ${viewport.label})`);
          await page.getByRole('menuitem', { name: item }).click();
          await expect(dialog(page, title)).toBeVisible();
          await settle(page);
          await expectNoViolations(page, `${title} modal (${state}, ${viewport.label})`);
          await page.keyboard.press('Escape');
          await expect(dialog(page, title)).toHaveCount(0);
        }
        if (state === 'signed out') return;
        // The menus of the header and of the mobile bar, open.
        const account = page.getByRole('banner').getByRole('button', { name: /^account menu/i });
        await account.click();
        await expect(account).toHaveAttribute('aria-expanded', 'true');
        await settle(page);
        await expectNoViolations(page, `account menu (${state}, ${viewport.label})`);
        await page.keyboard.press('Escape');
        await expect(account).toHaveAttribute('aria-expanded', 'false');
        if (viewport.width > 430) return;
        const more = page.getByTestId('mobile-bar').getByRole('button', { name: 'More' });
        await more.click();
        await expect(page.getByTestId('mobile-bar').getByRole('list', { name: 'More' })).toBeVisible();
        await settle(page);
        await expectNoViolations(page, `More menu (${state}, ${viewport.label})`);
      });
    });
  }
}

test.describe('keyboard only', () => {
  /** Presses Tab until `predicate` holds for the focused element (at most `max` presses). */
  async function tabTo(page: Page, predicate: (el: { tag: string; name: string | null; label: string | null; text: string }) => boolean, max = 60) {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab');
      const el = await page.evaluate(() => {
        const a = document.activeElement as HTMLElement | null;
        return { tag: a?.tagName.toLowerCase() ?? '', name: a?.getAttribute('name') ?? null, label: a?.getAttribute('aria-label') ?? null, text: (a?.textContent ?? '').trim() };
      });
      if (predicate(el)) return;
    }
    throw new Error('the wanted control was not reached with Tab');
  }

  test('the first Tab reaches the skip link, which moves focus to the main content', async ({ page }) => {
    await page.goto('/page/terms');
    // Tab once the app has rendered: the HTML's pre-JavaScript placeholder has no skip link yet.
    await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
  });

  test('sign in with the keyboard only', async ({ page }) => {
    const d = await setUp();
    await page.goto('/auth/sign_in');
    await expect(page.getByLabel('Email')).toBeVisible();
    await tabTo(page, (el) => el.name === 'email');
    await page.keyboard.type(d.me.email);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(d.me.password);
    await page.keyboard.press('Enter');
    await expectPath(page, '/feed');
  });

  test('vote with Enter and Space', async ({ page, api }) => {
    const d = await setUp();
    const voter = await api.createUser();
    await seedSession(page, voter);
    await page.goto(`/wish/${d.wishId}`);
    await expect(wishCard(page, d.wishText)).toBeVisible();
    await tabTo(page, (el) => el.label === 'Upvote');
    await page.keyboard.press('Enter');
    await expectToast(page, 'Upvoted');
    await expect(wishCard(page, d.wishText).getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
    await expect(wishCard(page, d.wishText).getByRole('button', { name: 'Upvote' })).toBeEnabled();
    // The person keeps their place: focus is still on the button they pressed.
    await expect.soft(wishCard(page, d.wishText).getByRole('button', { name: 'Upvote' }), 'focus stays on the vote button after voting').toBeFocused();
    await wishCard(page, d.wishText).getByRole('button', { name: 'Upvote' }).focus();
    await page.keyboard.press('Space');
    await expectToast(page, 'Vote removed');
  });

  test('menu and modal: open with the keyboard, focus is trapped, Escape closes and focus returns', async ({ page }) => {
    const d = await setUp();
    await page.goto(`/wish/${d.wishId}`);
    const card = wishCard(page, d.wishText);
    await expect(card).toBeVisible();
    await tabTo(page, (el) => el.label === 'More options');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'View' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Share' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'More options' })).toBeFocused();

    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const share = dialog(page, 'Share');
    await expect(share).toBeVisible();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await share.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(share).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'More options' })).toBeFocused();

    // The voters modal from its count button, the same way.
    await tabTo(page, (el) => /show voters/i.test(el.label ?? ''));
    await page.keyboard.press('Enter');
    await expect(dialog(page, 'People who voted')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page, 'People who voted')).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Show voters' })).toBeFocused();
  });

  test('the header navigation is reachable and works with Enter', async ({ page }) => {
    const d = await setUp();
    await seedSession(page, d.me);
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Compose Wish' })).toBeVisible();
    await tabTo(page, (el) => el.label === 'Compose Wish');
    await page.keyboard.press('Enter');
    await expectPath(page, '/compose');
  });
});

test('images have text alternatives', async ({ page, api }) => {
  const d = await setUp();
  await api.uploadAvatar(d.author, makePng());
  await seedSession(page, d.author);
  for (const path of ['/', '/feed', `/user/${d.author.id}`, `/wish/${d.wishId}`, '/no/such/page']) {
    await page.goto(path);
    await settle(page);
    const missing = await page.evaluate(() =>
      [...document.querySelectorAll('img')].filter((img) => !img.hasAttribute('alt') && img.getAttribute('aria-hidden') !== 'true').map((img) => img.outerHTML.slice(0, 120)),
    );
    expect(missing, `images without alt on ${path}`).toEqual([]);
    const unnamedSvg = await page.evaluate(() =>
      [...document.querySelectorAll('svg[role="img"]')].filter((svg) => !svg.getAttribute('aria-label') && !svg.getAttribute('aria-labelledby') && !svg.querySelector('title')).length,
    );
    expect(unnamedSvg).toBe(0);
  }
  await page.goto(`/user/${d.author.id}`);
  await expect(page.getByRole('banner').getByRole('img', { name: 'Your avatar' })).toBeVisible();
});
