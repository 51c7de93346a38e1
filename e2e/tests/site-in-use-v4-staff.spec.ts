/**
 * The site as people use it, for staff and with the bell (a server of its own, for roles): one journey per finding, at the width where it
 * was found, selecting by role and visible text; axe-core (every impact) on each changed screen with
 * its menus and dialogs open; screenshots at 390 and 1280 px into E2E_SHOTS_DIR (default
 * /tmp/shots/ux4) for a person to look at.
 */
import type { Page } from '@playwright/test';
import { Api, unique, type TestUser } from '../support/api';
import { useExtraServer } from '../support/extra-server';
import { expect, seedSession, test } from '../support/fixtures';
import { expectAxeClean, screenshotsInto } from '../support/page-checks';
import { setRole } from '../support/roles';
import { dialog, header, wishCard } from '../support/ui';

useExtraServer({ label: 'ux-v4' });
test.describe.configure({ timeout: 150_000 });

const SHOTS = process.env.E2E_SHOTS_DIR || '/tmp/shots/ux4';

const shots = screenshotsInto(SHOTS);

async function withRole(api: Api, dataDir: string, role: 'moderator' | 'admin', options: Parameters<Api['createUser']>[0] = {}): Promise<TestUser> {
  const user = await api.createUser(options);
  setRole(dataDir, user.email, role);
  return { ...user, ...(await api.login(user.email, user.password)) };
}

const menuEntries = async (page: Page) => page.getByRole('menu', { name: 'Wish options' }).getByRole('menuitem').allTextContents();

test.describe('staff and the bell (own server: roles)', () => {
  test('a moderator hides, restores and bans on the wish page, after a separator, with the required reason (1280 px)', async ({ page, api, extraServer }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const mod = await withRole(api, extraServer!.dataDir, 'moderator', { firstName: 'Mona', lastName: 'Mod' });
    const author = await api.createUser({ firstName: 'Kai', lastName: 'Berg' });
    const text = `A wish the moderator acts on ${unique('m')}`;
    const id = await api.createWish(author, text);
    await seedSession(page, mod);
    await page.goto(`/wish/${id}`);
    const card = wishCard(page, text);
    await card.getByRole('button', { name: 'More options' }).click();
    expect(await menuEntries(page)).toEqual(['View', 'Share', 'Report', 'Hide', 'Ban author']);
    await expect(page.getByRole('menu', { name: 'Wish options' }).getByRole('separator')).toHaveCount(1);
    await expectAxeClean(page, 'staff menu open');
    await shots(page, 'staff-menu');
    await page.getByRole('menuitem', { name: 'Hide' }).click();
    const hide = dialog(page, `Hide wish ${id}`);
    await hide.getByRole('button', { name: 'Hide' }).click();
    await expect(hide.getByRole('alert')).toHaveText('Please give a reason.');
    await expectAxeClean(page, 'hide dialog with its error');
    await hide.getByRole('textbox').fill('Spam link');
    await hide.getByRole('button', { name: 'Hide' }).click();
    await expect(hide).toBeHidden();
    await expect(card.getByTestId('visibility-badge')).toContainText('Hidden');

    await card.getByRole('button', { name: 'More options' }).click();
    expect(await menuEntries(page)).toEqual(['View', 'Report', 'Restore', 'Ban author']);
    await page.getByRole('menuitem', { name: 'Restore' }).click();
    const restore = dialog(page, `Restore wish ${id}`);
    await restore.getByRole('textbox').fill('Reviewed: fine');
    await restore.getByRole('button', { name: 'Restore' }).click();
    await expect(restore).toBeHidden();
    await expect(card.getByTestId('visibility-badge')).toHaveCount(0);

    await card.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Ban author' }).click();
    const ban = dialog(page, 'Ban Kai Berg');
    await ban.getByRole('textbox').fill('Harassment');
    await ban.getByRole('button', { name: 'Ban' }).click();
    await expect(ban).toBeHidden();

    // 6. The log names the user and links the wish.
    await page.goto('/moderation/log');
    const log = page.getByRole('main');
    await expect(log.getByRole('link', { name: 'Kai Berg' }).first()).toHaveAttribute('href', `/user/${author.id}`);
    await expect(log.getByRole('link', { name: `wish ${id}` }).first()).toHaveAttribute('href', `/wish/${id}`);
    await expectAxeClean(page, 'moderation log');
    await shots(page, 'moderation-log');
  });

  test("a moderator's header keeps every nav label at 1280 px", async ({ page, api, extraServer }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const mod = await withRole(api, extraServer!.dataDir, 'moderator', { firstName: 'Mona', lastName: 'Mod' });
    await seedSession(page, mod);
    await page.goto('/feed');
    const nav = header(page).getByRole('navigation', { name: 'Main' });
    for (const label of ['Feed', 'Business', 'Search', 'Compose Wish', 'Subscriptions', 'Moderation']) {
      await expect(nav.locator('.shell-nav__label', { hasText: label })).toBeVisible();
    }
    const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(scroll).toBeLessThanOrEqual(inner);
    await shots(page, 'moderator-header');
  });

  for (const width of [320, 390]) {
    for (const role of ['member', 'admin'] as const) {
      test(`the notification bell is on screen for ${role === 'admin' ? 'an admin' : 'a member'} at ${width} px`, async ({ page, api, extraServer }) => {
        await page.setViewportSize({ width, height: 844 });
        const user = role === 'admin' ? await withRole(api, extraServer!.dataDir, 'admin', { firstName: 'Ada', lastName: 'Admin' }) : await api.createUser({ firstName: 'Max', lastName: 'Member' });
        await seedSession(page, user);
        await page.goto('/feed');
        const bell = header(page).getByTestId('bell-header');
        await expect(bell).toBeVisible();
        const box = (await bell.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
        const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
        expect(scroll).toBeLessThanOrEqual(inner);
        await expectAxeClean(page, `bell at ${width}`);
        if (width === 390) await shots(page, `bell-${role}`);
      });
    }
  }
});
