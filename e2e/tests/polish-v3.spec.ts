/**
 * The finishing touches, the parts not in site-in-use-v3.spec.ts (the refused vote
 * and the own wish without a chat are there; the compose chat's reply in chat.spec.ts; the avatar's
 * crop, its CSP and one's own cards in profile.spec.ts): no toast left covering a card's menu after
 * saving, and page titles / OpenGraph tags as plain UTF-8 text. Screenshots at 390 and 1280 px go to
 * SHOTS_DIR when set.
 */
import type { Locator, Page } from '@playwright/test';
import { unique } from '../support/api';
import { expect, test } from '../support/fixtures';
import { dialog, expectToast, findInFeed } from '../support/ui';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every toast on screen, as boxes. */
async function toastBoxes(page: Page): Promise<Box[]> {
  return page.locator('.Toastify__toast').evaluateAll((toasts) => toasts.map((t) => t.getBoundingClientRect().toJSON() as Box));
}

/** The element a press at the centre of `target` would reach is `target` itself (nothing lies over it). */
async function expectReachable(target: Locator): Promise<void> {
  expect(await target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && (top === el || el.contains(top));
  })).toBe(true);
}

/** Scrolls so that the centre of `target` is `y` px from the top of the screen. */
async function placeAt(page: Page, target: Locator, y: number): Promise<void> {
  const box = (await target.boundingBox())!;
  await page.evaluate((dy) => window.scrollBy(0, dy), box.y + box.height / 2 - y);
  await expect.poll(async () => Math.round((await target.boundingBox())!.y + (await target.boundingBox())!.height / 2)).toBe(Math.round(y));
}

// Where each width's toasts appear: below the header at the right on wide screens, above the bar on phones.
const TOAST_ZONE = { 1280: 104, 390: 740 } as const;

for (const width of [1280, 390] as const) {
  test(`at ${width} px no toast is left covering a card's menu after saving an edit`, async ({ signedInPage: page, me, api }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const text = `Saved then reopened ${unique('toast')}`;
    await api.createWishes(me, 12, (i) => `${text} #${String(i).padStart(2, "0")}`);
    await page.goto('/feed');
    // Other journeys write to the same feed meanwhile: scroll until the card is there.
    const card = await findInFeed(page, `${text} #06`);
    // Room to scroll below the last card, so any card can be brought anywhere on the screen.
    await page.addStyleTag({ content: 'body { padding-bottom: 1200px; }' });
    const menuButton = card.getByRole('button', { name: 'More options' });
    // The card's menu button sits exactly where this width's toasts appear.
    await placeAt(page, menuButton, TOAST_ZONE[width]);
    await menuButton.click();
    await card.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = dialog(page, 'Edit wish');
    await edit.getByLabel('Wish text').fill(`${text} #06 (edited)`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Wish updated');
    await expect(edit).toHaveCount(0);

    // Focus is back on the card's menu button. Where the dialog left the page (a phone's may scroll),
    // the button is brought under the toast again: the toasts move to the other edge of the screen.
    await expect(menuButton).toBeFocused();
    await placeAt(page, menuButton, TOAST_ZONE[width]);
    await expect(page.locator('.Toastify__toast-container.shell-toasts--moved')).toHaveCount(1);
    await expect.poll(async () => {
      const button = (await menuButton.boundingBox())!;
      return (await toastBoxes(page)).some((toastBox) => overlaps(toastBox, button));
    }).toBe(false);
    await expectReachable(menuButton);

    // The menu opens from the keyboard and from a press, whole and uncovered, while the toast is still up.
    await page.keyboard.press('Enter');
    const menu = card.getByRole('menu', { name: 'Wish options' });
    await expect(menu).toBeVisible();
    await expect(page.locator('.Toastify__toast').filter({ hasText: 'Wish updated' })).toBeVisible();
    const menuBox = (await menu.boundingBox())!;
    expect((await toastBoxes(page)).some((toastBox) => overlaps(toastBox, menuBox))).toBe(false);
    for (const item of await menu.getByRole('menuitem').all()) await expectReachable(item);
    await page.screenshot({ path: `${process.env.SHOTS_DIR ?? test.info().outputDir}/card-saved-menu-open-${width}.png` });
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await menuButton.click();
    await expect(menu).toBeVisible();

    // Once the last toast has gone, the next one appears in its usual place again.
    await page.keyboard.press('Escape');
    await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 15_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await card.getByRole('button', { name: 'Upvote' }).click();
    await expectToast(page, 'Upvoted');
    await expect(page.locator('.Toastify__toast-container.shell-toasts--moved')).toHaveCount(0);
  });
}

test('page titles and OpenGraph tags are plain UTF-8 text, with no numeric character reference', async ({ api, request }) => {
  const author = await api.createUser({ firstName: 'Zoë', lastName: "O'Brien" });
  const text = `It's your day, Zoë! 🎉 ${unique('utf8')}`;
  const id = await api.createWish(author, text);
  const html = await (await request.get(`/wish/${id}`)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toContain("<title>Wish by Zoë O'Brien | Wishes</title>");
  expect(head).toContain(`<meta property="og:title" content="Wish by Zoë O'Brien | Wishes">`);
  expect(head).toContain(`<meta property="og:description" content="${text}">`);
  expect(head).toContain(`<meta name="twitter:description" content="${text}">`);
  expect(head).not.toMatch(/&#x?[0-9a-f]+;/i);

  const profile = await (await request.get(`/user/${author.id}`)).text();
  expect(profile.slice(0, profile.indexOf('</head>'))).toContain(`<meta property="og:title" content="Zoë O'Brien">`);
  expect(profile.slice(0, profile.indexOf('</head>'))).not.toMatch(/&#x?[0-9a-f]+;/i);
});
