/**
 * Screenshots for looking at a screen by eye: at 390 and 1280 px into SHOTS_DIR, only when it is
 * set (the journeys run without it in `npm test`).
 */
import type { Page } from '@playwright/test';

export const SHOTS_DIR = process.env.SHOTS_DIR;

/** Full-page shots of the page as it is, at 390 and 1280 px; the page is left at 1280 px. */
export async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
