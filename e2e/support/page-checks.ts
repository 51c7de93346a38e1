/**
 * Two checks the walk-through journeys make of a page as a person sees it: full-page screenshots at
 * the widths the site is judged at (390 and 1280 px), and axe-core finding no violation of any impact.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** `shots(page, name)`: the page as it is now at 390 and 1280 px into `dir`, then back to the width it had. */
export function screenshotsInto(dir: string): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    fs.mkdirSync(dir, { recursive: true });
    const before = page.viewportSize()!;
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: before.height });
      // The layout settles after a width change (resize observers, the header's height).
      await page.waitForTimeout(150);
      await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize(before);
  };
}

/** axe-core: no violation of any impact (WCAG 2.2 AA and best practice). */
export async function expectAxeClean(page: Page, label: string): Promise<void> {
  // A toast fading in has a contrast axe would measure mid-way: let finite animations and
  // transitions end first (a spinner's endless one is left alone; two seconds at most).
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([Promise.allSettled(finite.map((a) => a.finished)), new Promise((r) => setTimeout(r, 2000))]);
  });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  expect(
    results.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`),
    label,
  ).toEqual([]);
}
