/**
 * docs/product.md#8-error-texts error catalogue: the failure messages no other journey reached. Each journey makes one call
 * fail (page.route: a 500 JSON without an `error` field, or a network abort) or hands the page an
 * input it must refuse, and checks the exact text the person sees.
 */
import { unique, type Api } from '../support/api';
import { expect, test } from '../support/fixtures';
import { clientNavigate, expectToast, toast } from '../support/ui';
import type { Page, Route } from '@playwright/test';

/** The toast is there and says exactly `text` (not just contains it). */
async function expectExactToast(page: Page, text: string) {
  await expectToast(page, text);
  await expect(toast(page, text)).toHaveText(text);
}

/** A server failure with no `error` field, so the page must fall back to its own docs/product.md#8-error-texts text. */
const fail500 = (route: Route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });

/** Opens `/user/{id}` through the app (an in-app navigation, so the profile and wishes come from the API, not embedded data). */
async function openProfileInApp(page: Page, userId: number) {
  await page.goto('/');
  await expect(page.getByText('Create your wishes with AI.')).toBeVisible();
  await clientNavigate(page, `/user/${userId}`);
}

test.describe('profile', () => {
  test("a failing first page of wishes shows \"Could not load user's wishes\"", async ({ signedInPage: page, api }) => {
    const author = await api.createUser();
    await api.createWish(author, `Never shown ${unique()}.`);
    await page.route((url) => url.pathname === `/api/base/user/${author.id}/wishes/1/`, fail500);
    await openProfileInApp(page, author.id);
    await expect(page.getByRole('heading', { level: 1, name: author.fullName })).toBeVisible();
    await expectExactToast(page, "Could not load user's wishes");
    const wishes = page.getByRole('region', { name: 'Wishes' });
    await expect(wishes.getByRole('alert')).toContainText("Could not load user's wishes");
    await expect(wishes.getByRole('article')).toHaveCount(0);
  });

  test('a failing Load More shows "Could not load more wishes" and keeps the first page', async ({ signedInPage: page, api }) => {
    const author = await api.createUser();
    await api.createWishes(author, 11, (i) => `Paged profile wish ${i + 1}.`);
    await page.route((url) => url.pathname === `/api/base/user/${author.id}/wishes/2/`, fail500);
    await page.goto(`/user/${author.id}`);
    const wishes = page.getByRole('region', { name: 'Wishes' }).getByRole('article');
    await expect(wishes).toHaveCount(10);
    const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/base/user/${author.id}/wishes/2/`);
    await page.getByRole('button', { name: 'Load More' }).click();
    expect((await loaded).status()).toBe(500);
    await expectExactToast(page, 'Could not load more wishes');
    await expect(wishes).toHaveCount(10);
    await expect(page.getByRole('button', { name: 'Load More' })).toBeEnabled();
  });

  test('a failing profile lookup shows "Could not check subscription status." on the page', async ({ signedInPage: page, api }) => {
    const author = await api.createUser();
    await page.route((url) => url.pathname === `/api/profile/${author.id}/`, fail500);
    await openProfileInApp(page, author.id);
    const error = page.getByRole('main').getByRole('alert').filter({ hasText: 'Could not check subscription status.' });
    await expect(error).toBeVisible();
    await expect(error.locator('span')).toHaveText('Could not check subscription status.');
    await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: author.fullName })).toHaveCount(0);
  });

  test('an avatar over 5 MB is refused in the browser with the spec text and never uploaded', async ({ signedInPage: page, me }) => {
    await page.goto(`/user/${me.id}`);
    await expect(page.locator('#main').getByText('Your profile')).toBeVisible();
    let uploads = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/profile/my/avatar/upload')) uploads++;
    });
    // 5 MB + 1 byte that starts like a PNG: only the size is wrong.
    const buffer = Buffer.alloc(5 * 1024 * 1024 + 1);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(buffer);
    await page.getByLabel('Upload avatar').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer });
    const text = 'Image file is too large. Please select an image under 5MB.';
    await expectExactToast(page, text);
    await expect(page.locator('.profile-upload').getByRole('alert')).toHaveText(text);
    await page.waitForTimeout(500);
    expect(uploads).toBe(0);
  });
});

test.describe('subscribe button', () => {
  test('an API error on unsubscribe shows "Failed to unsubscribe. Please try again." and stays subscribed', async ({ signedInPage: page, api, me }) => {
    const target = await api.createUser();
    await api.subscribe(me, target.id);
    await page.route(
      (url) => url.pathname === `/api/profile/${target.id}/subscribe/`,
      (route) => (route.request().method() === 'DELETE' ? fail500(route) : route.continue()),
    );
    await page.goto(`/user/${target.id}`);
    await expect(page.getByTestId('profile-followers')).toHaveText('1');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expectExactToast(page, 'Failed to unsubscribe. Please try again.');
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
    await expect(page.getByTestId('profile-followers')).toHaveText('1');
  });

  test('a network failure on unsubscribe shows "An error occurred. Please try again later."', async ({ signedInPage: page, api, me }) => {
    const target = await api.createUser();
    await api.subscribe(me, target.id);
    await page.route(
      (url) => url.pathname === `/api/profile/${target.id}/subscribe/`,
      (route) => (route.request().method() === 'DELETE' ? route.abort() : route.continue()),
    );
    await page.goto(`/user/${target.id}`);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expectExactToast(page, 'An error occurred. Please try again later.');
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
    await expect(page.getByTestId('profile-followers')).toHaveText('1');
  });
});

test('search: a failing Load More shows "Failed to load more results" and keeps the first page', async ({ page, api }) => {
  const author = await api.createUser();
  const token = unique('quokka');
  await api.createWishes(author, 11, (i) => `Paged search ${token} wish ${i + 1}.`);
  await page.route((url) => url.pathname === '/api/base/search/2/', fail500);
  await page.goto('/search');
  await page.getByLabel('Search wishes').fill(token);
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('article')).toHaveCount(10);
  await results.getByRole('button', { name: 'Load More' }).click();
  await expectExactToast(page, 'Failed to load more results');
  await expect(results.getByRole('article')).toHaveCount(10);
  await expect(page.getByText('End of search results')).toHaveCount(0);
});

test.describe('compose', () => {
  /** Generates a draft on /compose with the server's first choices. */
  async function draft(page: Page, api: Api) {
    const options = await api.options();
    await page.goto('/compose');
    await page.getByLabel('Style', { exact: true }).selectOption(options.greeting_config_params.styles[0]);
    await page.getByLabel('Audience', { exact: true }).selectOption(options.greeting_config_params.audiences[0]);
    await page.getByLabel('Name', { exact: true }).fill('Noor');
    await page.getByLabel('Topic', { exact: true }).selectOption(options.greeting_config_params.topics[0].topic);
    await page.getByLabel('Details', { exact: true }).fill('Just moved to a new city.');
    await page.getByRole('button', { name: 'Generate' }).click();
    // The draft streams in word by word: it is whole once the spec's toast says so.
    await expect(toast(page, 'Wish generated!')).toBeVisible();
    await expect(page.getByLabel('Your wish', { exact: true })).not.toHaveValue('');
  }

  test('a failing save (500 without an error field) shows "Failed to save wish. Please try again." and stays on compose', async ({ signedInPage: page, api }) => {
    await page.route((url) => url.pathname.startsWith('/api/base/save_wish'), fail500);
    await draft(page, api);
    const text = await page.getByLabel('Your wish', { exact: true }).inputValue();
    await page.getByRole('button', { name: 'Save Wish' }).click();
    await expectExactToast(page, 'Failed to save wish. Please try again.');
    await expect(page).toHaveURL(/\/compose$/);
    await expect(page.getByLabel('Your wish', { exact: true })).toHaveValue(text);
    await expect(page.getByRole('button', { name: 'Save Wish' })).toBeEnabled();
  });

  test('Copy when the clipboard refuses shows "Failed to copy text"', async ({ signedInPage: page, api }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Clipboard.prototype, 'writeText', {
        configurable: true,
        value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
      });
    });
    await draft(page, api);
    await page.getByRole('button', { name: 'Copy' }).click();
    await expectExactToast(page, 'Failed to copy text');
    await expect(toast(page, 'Wish text copied to clipboard!')).toHaveCount(0);
  });
});
