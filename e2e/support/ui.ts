/** Locators and checks shared by the journeys, written with the spec's exact texts. */
import { expect, type Locator, type Page } from '@playwright/test';

export const SITE_NAME = 'Wishes';

/** A toast (react-toastify's container; each toast has role=alert). Error states elsewhere also use role=alert, so scope to the container. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.Toastify').getByRole('alert').filter({ hasText: text }).first();
}

export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(toast(page, text)).toBeVisible();
}

export function header(page: Page): Locator {
  return page.getByRole('banner');
}

/** The account menu button on the username (its name: "Account menu, <email>"). */
export function accountButton(page: Page): Locator {
  return header(page).getByRole('button', { name: /^account menu/i });
}

/** Signs out the way a person does: open the account menu on the username, press Sign out. */
export async function signOutViaMenu(page: Page): Promise<void> {
  await accountButton(page).click();
  await header(page).getByRole('button', { name: 'Sign out', exact: true }).click();
}

export function signInLink(page: Page): Locator {
  return header(page).getByRole('link', { name: 'Sign In', exact: true });
}

/** The wish card (an article labelled "Wish by <author>") that shows `text`. */
export function wishCard(page: Page, text: string): Locator {
  return page.getByRole('article').filter({ hasText: text });
}

export function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

export async function expectTitle(page: Page, pageTitle: string): Promise<void> {
  await expect(page).toHaveTitle(`${pageTitle} | ${SITE_NAME}`);
}


export async function expectPath(page: Page, path: string | RegExp): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname, { message: `path should be ${path}` }).toMatch(typeof path === 'string' ? new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : path);
}

/** Waits for the header and footer the shell always renders. */
export async function expectShell(page: Page): Promise<void> {
  await expect(header(page)).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
}

/** The stored session (local storage keys of docs/product.md#3-entities Session). */
export async function storedSession(page: Page): Promise<{ access: string | null; refresh: string | null; username: string | null }> {
  return page.evaluate(() => ({
    access: window.localStorage.getItem('access_token'),
    refresh: window.localStorage.getItem('refresh_token'),
    username: window.localStorage.getItem('username'),
  }));
}

/** Fails if the XSS canary fired. */
export async function expectNoXss(page: Page, dialogs: string[]): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

/**
 * Scrolls the feed (infinite scroll) until the card with `text` shows up or the feed ends. The
 * main server is shared by parallel tests, so a new wish is not always on the first page.
 */
export async function findInFeed(page: Page, text: string, maxScrolls = 40): Promise<Locator> {
  const card = wishCard(page, text);
  for (let i = 0; i < maxScrolls; i++) {
    if (await card.count()) break;
    if (await page.getByText("You've seen all wishes!").isVisible()) break;
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
  }
  await expect(card).toBeVisible();
  return card;
}

/** Moves the single-page app to `path` the way an in-app link does (no page load, no embedded data). */
export async function clientNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
}
