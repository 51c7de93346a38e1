/** The mobile bar (docs/product.md#2-screens-and-routes Global layout, docs/product.md#9-constants breakpoint 430 px): shown at ≤ 430 px when signed in only. */
import { expect, test } from '../support/fixtures';
import { expectPath, header } from '../support/ui';

const bar = (page: import('@playwright/test').Page) => page.getByTestId('mobile-bar');

test('at 430 px a signed-in user gets the bottom bar instead of the header icons', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 430, height: 800 });
  await page.goto('/feed');
  await expect(bar(page)).toBeVisible();
  await expect(header(page).getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  for (const name of ['Feed', 'Business', 'Search', 'Compose Wish', 'Subscriptions']) await expect(bar(page).getByRole('link', { name })).toBeVisible();
  const box = await bar(page).boundingBox();
  expect(box).not.toBeNull();
  expect(Math.round(box!.y + box!.height)).toBeLessThanOrEqual(800);
  await bar(page).getByRole('link', { name: 'Compose Wish' }).click();
  await expectPath(page, '/compose');
});

test('at 431 px the icons stay in the header and there is no bar', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 431, height: 800 });
  await page.goto('/feed');
  await expect(header(page).getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Compose Wish' })).toBeVisible();
  await expect(bar(page)).toHaveCount(0);
});

test('resizing across the breakpoint moves the icons', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/');
  await expect(bar(page)).toHaveCount(0);
  await page.setViewportSize({ width: 430, height: 800 });
  await expect(bar(page)).toBeVisible();
  await page.setViewportSize({ width: 431, height: 800 });
  await expect(bar(page)).toHaveCount(0);
});

test('signed out at 430 px there is no bar', async ({ page }) => {
  await page.setViewportSize({ width: 430, height: 800 });
  await page.goto('/feed');
  await expect(header(page)).toBeVisible();
  await expect(bar(page)).toHaveCount(0);
});

test('near the bottom of the page the bar lifts above the footer', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  // A short page: the footer is on screen, so the bar must sit above it.
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(300);
  const footer = await page.getByRole('contentinfo').boundingBox();
  const barBox = await bar(page).boundingBox();
  expect(footer && barBox).toBeTruthy();
  // The bar's bottom edge is at or above the top of the footer (1 px rounding).
  expect(barBox!.y + barBox!.height).toBeLessThanOrEqual(footer!.y + 1);
});
