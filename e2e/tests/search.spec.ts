/** Search (docs/product.md#2-screens-and-routes Search): auto-search at 3+ characters, Enter, clearing, paging by Load More, texts. */
import { unique } from '../support/api';
import { expect, test } from '../support/fixtures';
import { expectPath, expectTitle, expectToast } from '../support/ui';

test('auto-search pages with Load More to the end of the results', async ({ page, api }) => {
  const author = await api.createUser();
  const token = unique('zebra');
  await api.createWishes(author, 12, (i) => `Searchable ${token} wish ${i + 1}: sunshine and good luck.`);
  await page.goto('/search');
  await expectTitle(page, 'Search');
  const results = page.getByRole('region', { name: 'Search results' });
  await page.getByLabel('Search wishes').fill(token);
  await expect(results.getByRole('article')).toHaveCount(10);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${token}`));
  await results.getByRole('button', { name: 'Load More' }).click();
  await expect(results.getByRole('article')).toHaveCount(12);
  await expect(page.getByText('End of search results')).toBeVisible();
  await expect(results.getByRole('button', { name: 'Load More' })).toHaveCount(0);
});

test('shows "Searching..." then a no-results message with the term', async ({ page }) => {
  const term = unique('nomatch');
  await page.route(
    (url) => url.pathname.startsWith('/api/base/search'),
    async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    },
  );
  await page.goto('/search');
  await page.getByLabel('Search wishes').fill(term);
  await expect(page.getByText('Searching...')).toBeVisible();
  await expect(page.getByText(`No results found for "${term}". Try a different search term.`)).toBeVisible();
});

test('fewer than 3 characters do not auto-search, Enter does; clearing resets', async ({ page, api }) => {
  const author = await api.createUser();
  const token = unique('kiwi');
  await api.createWish(author, `Enter search ${token} finds me.`);
  let searches = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/base/search')) searches++;
  });
  await page.goto('/search');
  const box = page.getByLabel('Search wishes');
  await box.fill('qj');
  await page.waitForTimeout(1000);
  expect(searches).toBe(0);
  await box.press('Enter');
  await expect(page.getByText('No results found for "qj". Try a different search term.')).toBeVisible();
  expect(searches).toBe(1);

  await box.fill(token);
  await expect(page.getByRole('article')).toHaveCount(1);
  await box.fill('');
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(page.getByText(/No results found|End of search results/)).toHaveCount(0);
});

test('finds wishes by author name', async ({ page, api }) => {
  const last = unique('Name').replace(/[0-9]/g, 'x');
  const author = await api.createUser({ firstName: 'Ottilie', lastName: last });
  await api.createWish(author, 'A wish found by its author, not by its words.');
  await page.goto(`/search?q=${encodeURIComponent(last)}`);
  await expect(page.getByRole('article').filter({ hasText: 'A wish found by its author' })).toBeVisible();
});

test('a failing search shows the spec message', async ({ page }) => {
  await page.route((url) => url.pathname.startsWith('/api/base/search'), (route) => route.abort());
  await page.goto('/search');
  await page.getByLabel('Search wishes').fill('anything at all');
  await expectToast(page, 'Search failed. Please try again.');
});

test('the search box is reachable from the navigation when signed in', async ({ signedInPage: page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Search' }).click();
  await expectPath(page, '/search');
  await expect(page.getByLabel('Search wishes')).toBeVisible();
});
