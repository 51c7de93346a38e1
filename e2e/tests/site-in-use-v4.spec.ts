/**
 * The site as people use it: one journey per finding, at the width where it
 * was found, selecting by role and visible text; axe-core (every impact) on each changed screen with
 * its menus and dialogs open; screenshots at 390 and 1280 px into E2E_SHOTS_DIR (default
 * /tmp/shots/ux4) for a person to look at.
 */
import type { Page } from '@playwright/test';
import { strongPassword, unique } from '../support/api';
import { expect, seedSession, test } from '../support/fixtures';
import { expectAxeClean, screenshotsInto } from '../support/page-checks';
import { waitForLink } from '../support/mail';
import { dialog, expectToast, toast, wishCard } from '../support/ui';

test.describe.configure({ timeout: 150_000 });

const SHOTS = process.env.E2E_SHOTS_DIR || '/tmp/shots/ux4';

const shots = screenshotsInto(SHOTS);

const menuEntries = async (page: Page) => page.getByRole('menu', { name: 'Wish options' }).getByRole('menuitem').allTextContents();

test.describe('a missing page answers 404, with the same page and texts', () => {
  test('unknown paths, missing, private and hidden wishes, unknown users and static pages: 404 and the spec texts, with a way back (390 px)', async ({ page, api, me, consoleWatch }) => {
    // The pages ask the API for what is missing, which answers 404 on purpose.
    consoleWatch.allow(/\/api\/base\/wish\/\d+\//, /\/api\/profile\/99999\//);
    await page.setViewportSize({ width: 390, height: 844 });
    const secret = `A private wish ${unique('p')}`;
    const privateId = await api.createWish(me, secret, false);
    const cases: Array<[string, string]> = [
      ['/wish/999999', 'Could not find this wish!'],
      [`/wish/${privateId}`, 'Could not find this wish!'],
      ['/user/99999', 'User profile for ID 99999 not found.'],
      ['/user/abc', 'Invalid user ID.'],
      ['/page/about_us', 'Page "about_us" not found'],
      ['/this/is/made/up', 'Page Not Found'],
    ];
    for (const [url, text] of cases) {
      const response = await page.goto(url);
      expect([url, response?.status()]).toEqual([url, 404]);
      await expect(page.getByRole('main').getByText(text).first()).toBeVisible();
    }
    // Known pages keep their 200.
    for (const url of ['/', '/feed', '/page/terms', `/user/${me.id}`]) expect([url, (await page.goto(url))?.status()]).toEqual([url, 200]);

    // A missing wish and profile offer the way back inside the page.
    await page.goto('/wish/999999');
    await expect(page.getByRole('main').getByRole('link', { name: /feed/i }).first()).toBeVisible();
    await expectAxeClean(page, 'missing wish');
    await shots(page, 'missing-wish');
    await page.goto('/user/99999');
    await expect(page.getByRole('main').getByRole('link', { name: /feed/i }).first()).toBeVisible();
    await shots(page, 'missing-profile');

    // Its author, signed in, still sees the private wish once the page loads with the session.
    await seedSession(page, me);
    const own = await page.goto(`/wish/${privateId}`);
    expect(own?.status()).toBe(404);
    await expect(page.getByRole('main').getByText(secret)).toBeVisible();
  });
});

test.describe('the small things on each page', () => {
  test("the recipient's page: '<page> | <site name>' once, and no /favicon.ico request (390 px)", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const response = await page.goto(`/w/${unique('nope')}`);
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Wish not found | Wishes');
    await page.waitForTimeout(300);
    expect(asked).not.toContain('/favicon.ico');
  });

  test('the search placeholder is whole on a phone (390 px)', async ({ page, me }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await seedSession(page, me);
    await page.goto('/search');
    const input = page.getByLabel('Search wishes');
    await expect(input).toHaveAttribute('placeholder', 'Type at least 3 characters');
    const fits = await input.evaluate((el: HTMLInputElement) => {
      const style = getComputedStyle(el);
      const canvas = document.createElement('canvas').getContext('2d')!;
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: canvas.measureText(el.placeholder).width, room };
    });
    expect(fits.text).toBeLessThanOrEqual(fits.room);
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
    await expectAxeClean(page, 'search on a phone');
    await shots(page, 'search');
  });

  test('the reset request says its confirmation once; the confirm page toasts its success once (390 px)', async ({ page, api }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await api.createUser();
    await page.goto('/auth/reset_password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Follow the link in the email to choose a new password.')).toBeVisible();
    const message = (await page.getByRole('main').getByRole('status').first().textContent())!.trim();
    expect(message.length).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    await expect(page.getByText(message, { exact: true })).toHaveCount(1);
    await shots(page, 'reset-request-sent');

    const link = await waitForLink(user.email, /\/auth\/reset_password_confirm\//);
    await page.goto(new URL(link).pathname);
    const password = strongPassword();
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expectToast(page, 'Password has been reset successfully!');
    await expect(page.getByText(/Password has been reset successfully/)).toHaveCount(1);
    await expect(page.getByRole('main').getByText('Redirecting to Sign In...')).toBeVisible();
  });

  test("the business form starts with the member's email (1280 px)", async ({ page, me }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await seedSession(page, me);
    await page.goto('/business');
    await expect(page.getByLabel('Email')).toHaveValue(me.email);
    await expectAxeClean(page, 'business');
    await shots(page, 'business');
  });

  test('a password mismatch on sign-up marks the confirmation only, with the spec text (390 px)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/auth/sign_up');
    await page.getByLabel('First name').fill('Mia');
    await page.getByLabel('Last name').fill('Match');
    await page.getByLabel('Email').fill(`e2e-${unique('mm')}@example.com`);
    await page.getByLabel('Phone').fill('+1 555 0100');
    await page.getByLabel('Password', { exact: true }).fill('Str0ng-pass!');
    await page.getByLabel('Confirm password').fill('Str0ng-pass?');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('main').getByText("Please edit the passwords as they don't match.").first()).toBeVisible();
    await expect(page.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Password', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
    await expectAxeClean(page, 'sign-up mismatch');
    await shots(page, 'signup-mismatch');
  });

  test("voters' times have no seconds; an upvote's notification says which wish (1280 px)", async ({ page, api, me }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const kai = await api.createUser({ firstName: 'Kai', lastName: 'Berg' });
    const text = `Happy birthday, dear Ana, may this year bring you light ${unique('v')}`;
    const id = await api.createWish(me, text);
    await api.vote(kai, id, 'upvote');
    await seedSession(page, me);
    await page.goto(`/wish/${id}`);
    await wishCard(page, text).getByRole('button', { name: /Show voters$/ }).first().click();
    const voters = dialog(page, 'People who voted');
    await expect(voters.getByText('Kai Berg')).toBeVisible();
    const when = (await voters.locator('time').first().textContent())!;
    expect(when).not.toMatch(/\d:\d\d:\d\d/);
    await expectAxeClean(page, 'voters open');
    await page.keyboard.press('Escape');

    await page.goto('/notifications');
    await expect(page.getByRole('main').getByText('Kai Berg upvoted your wish “Happy birthday, dear Ana, may this year…”')).toBeVisible({ timeout: 30_000 });
    await expectAxeClean(page, 'notifications');
    await shots(page, 'notifications');
  });
});

test.describe('making a wish public', () => {
  test('a wish saved private, made public, says so rightly; back and forth each time (390 px)', async ({ page, api, me }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const text = `Saved private first ${unique('pub')}`;
    const id = await api.createWish(me, text, false);
    await seedSession(page, me);
    await page.goto(`/wish/${id}`);
    const card = wishCard(page, text);
    await card.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Make public' }).click();
    await expectToast(page, 'Anyone can see this wish now');
    await expect(toast(page, /public again/)).toHaveCount(0);
    await card.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Make private' }).click();
    await expectToast(page, 'Only you can see this wish now');
    await card.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Make public' }).click();
    await expect(toast(page, 'Anyone can see this wish now')).toBeVisible();
  });
});

test.describe('Subscriptions: Unsubscribe beside each entry', () => {
  test("unsubscribes with the spec's toast and the entry leaves (390 px)", async ({ page, api, me }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const grace = await api.createUser({ firstName: 'Grace', lastName: `Hopper${unique('g').slice(-4)}` });
    const alan = await api.createUser({ firstName: 'Alan', lastName: 'Turing' });
    await api.subscribe(me, grace.id);
    await api.subscribe(me, alan.id);
    await seedSession(page, me);
    await page.goto('/subscriptions');
    const unsubscribe = page.getByRole('button', { name: /^Unsubscribe from Grace/ });
    await expect(unsubscribe).toBeVisible();
    await expectAxeClean(page, 'subscriptions');
    await shots(page, 'subscriptions');
    await unsubscribe.click();
    await expectToast(page, `Unsubscribed from ${grace.fullName}`);
    await expect(page.getByRole('link', { name: grace.fullName })).toHaveCount(0);
    await expect(page.getByRole('link', { name: alan.fullName })).toBeVisible();
  });
});

test.describe('after reporting', () => {
  test("the member who reported sees 'Reported' on the wish page and the card; the menu keeps View, Share, Report (390 px)", async ({ page, api, me }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const author = await api.createUser({ firstName: 'Rex', lastName: 'Reported' });
    const text = `A wish to report ${unique('r')}`;
    const id = await api.createWish(author, text);
    await seedSession(page, me);
    await page.goto(`/wish/${id}`);
    const card = wishCard(page, text);
    await expect(card.getByText('Reported', { exact: true })).toHaveCount(0);
    await card.getByRole('button', { name: 'More options' }).click();
    expect(await menuEntries(page)).toEqual(['View', 'Share', 'Report']);
    await page.getByRole('menuitem', { name: 'Report' }).click();
    const report = dialog(page, 'Report options');
    await report.getByRole('button').filter({ hasText: /\w/ }).nth(1).click();
    await expectToast(page, 'Complaint received');
    await expect(card.getByTestId('reported-badge')).toContainText('Reported');
    await card.getByRole('button', { name: 'More options' }).click();
    expect(await menuEntries(page)).toEqual(['View', 'Share', 'Report']);
    // axe reads a fading toast's colours mid-fade: check once it has gone.
    await expect(page.getByText('Complaint received')).toHaveCount(0, { timeout: 15_000 });
    await expectAxeClean(page, 'reported wish, menu open');
    await page.keyboard.press('Escape');
    await shots(page, 'reported-wish');

    // After a reload, and on the feed's card too.
    await page.goto('/feed');
    await expect(wishCard(page, text).getByTestId('reported-badge')).toBeVisible({ timeout: 30_000 });
    // Report keeps working.
    await wishCard(page, text).getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    await dialog(page, 'Report options').getByRole('button').filter({ hasText: /\w/ }).nth(1).click();
    await expectToast(page, 'Complaint received');
  });
});
