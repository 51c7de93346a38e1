/**
 * Focus and scrolling on the compose screen, at 390 and 1280 px (a 1280×800 laptop): when the
 * draft starts streaming it is brought into view below the sticky header and holds the focus;
 * after a rewrite focus returns to the draft; "Give me 3" focuses the drafts on offer, and a pick
 * the editor. Focus never falls to the page's body. Screenshots of the viewport go to SHOTS_DIR
 * when it is set.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { useExtraServer } from '../support/extra-server';
import { SHOTS_DIR } from '../support/screens';

// Words paced at 80 ms: the first words are on screen while the rest is still arriving.
useExtraServer({ label: 'compose-focus', env: { GENERATOR_TOKEN_DELAY_MS: '80' } });
test.describe.configure({ timeout: 180_000 });

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

async function fillForm(page: Page) {
  await page.getByLabel('Style', { exact: true }).selectOption('Formal');
  await page.getByLabel('Audience', { exact: true }).selectOption('Boss');
  await page.getByLabel('Name', { exact: true }).fill('Daniel');
  await page.getByLabel('Topic', { exact: true }).selectOption('Retirement');
  await page.getByLabel('Details', { exact: true }).fill('He led the engineering team for 22 years, always had time for juniors, and plans to sail around Scotland');
  await page.getByRole('radio', { name: 'Long' }).check();
}

/** The element's top and bottom against what the sticky header and the mobile bar leave visible. */
async function placeOf(page: Page, target: Locator) {
  return target.evaluate((element) => {
    const root = getComputedStyle(document.documentElement);
    const header = document.querySelector('.shell-header')?.getBoundingClientRect().bottom ?? 0;
    const bar = parseFloat(root.getPropertyValue('--shell-mobile-bar-height')) || 0;
    const { top, bottom } = element.getBoundingClientRect();
    return { top, bottom, header, visibleBottom: window.innerHeight - (document.querySelector('.shell-mobile-bar') ? bar : 0) };
  });
}

async function expectBelowHeader(page: Page, target: Locator) {
  const place = await placeOf(page, target);
  expect(place.top).toBeGreaterThanOrEqual(place.header);
  expect(place.top).toBeLessThan(place.visibleBottom - 40);
}

const shot = async (page: Page, name: string, width: number) => {
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}.png` });
};

for (const size of SIZES) {
  test(`focus stays with the draft at ${size.width} px`, async ({ signedInPage: page }) => {
    await page.setViewportSize(size);
    await page.goto('/compose');
    await fillForm(page);
    const editor = page.getByLabel('Your wish', { exact: true });

    // Generate from the keyboard: the first words are in view below the header, with the focus.
    await page.getByRole('button', { name: 'Generate' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    await expect(editor).toBeFocused();
    await expect(editor).not.toHaveValue('');
    await expectBelowHeader(page, editor);
    await shot(page, 'compose-focus-streaming', size.width);
    await expect(page.locator('.compose-status')).toHaveText('Your wish is ready to edit.', { timeout: 60_000 });
    await expect(editor).toBeFocused();

    // A rewrite: its button is disabled while it runs; focus comes back to the draft.
    await page.getByRole('button', { name: 'Shorter' }).click();
    await expect(page.locator('.compose-status')).toHaveText('Rewritten: shorter. You can keep editing.');
    await expect(editor).toBeFocused();
    await expectBelowHeader(page, editor);
    await shot(page, 'compose-focus-rewritten', size.width);

    // "Give me 3" from the keyboard: the drafts on offer take the focus, in view; a pick, the editor.
    await page.getByRole('button', { name: 'Give me 3' }).focus();
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { name: 'Pick a draft' });
    await expect(heading).toBeFocused({ timeout: 30_000 });
    await expectBelowHeader(page, heading);
    await shot(page, 'compose-focus-variants', size.width);
    const offer = page.getByRole('region', { name: 'Drafts to choose from' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(offer.getByRole('button', { name: 'Use draft 2' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(offer).toHaveCount(0);
    await expect(editor).toBeFocused();
    await expectBelowHeader(page, editor);
    await shot(page, 'compose-focus-picked', size.width);

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
