/**
 * Stored XSS: script payloads in wish text, names and search terms are shown as text and never run,
 * on the feed, the wish page, the profile, search, and in the data embedded into the HTML.
 */
import { ApiError } from '../support/api';
import { useExtraServer } from '../support/extra-server';
import { expect, test } from '../support/fixtures';
import { expectNoXss, wishCard } from '../support/ui';

const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '</script><script>window.__xss=1</script>';

// Its own server: the payload wish is the newest one, on the embedded first feed page.
useExtraServer({ label: 'xss' });

test('payloads in names, wish text and search terms are inert everywhere', async ({ page, api, request, dialogs }) => {
  // A server may refuse markup in names (400); then only the wish text carries the payloads.
  let author;
  let profileName = `${IMG} ${SCRIPT}`;
  try {
    author = await api.createUser({ firstName: IMG, lastName: SCRIPT });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    test.info().annotations.push({ type: 'note', description: `server refused markup in names: ${JSON.stringify(error.body)}` });
    author = await api.createUser({ firstName: 'Xavier', lastName: 'Script' });
    profileName = 'Xavier Script';
  }
  const text = `Happy day ${IMG} and ${SCRIPT} end`;
  const id = await api.createWish(author, text);

  // The embedded page data cannot close its script element.
  for (const path of ['/feed', `/user/${author.id}`]) {
    const html = await (await request.get(path)).text();
    expect(html).not.toContain(SCRIPT);
    // Inside a script element <img ...> is inert text; only a closing tag could break out.
    expect(html).toMatch(/Happy day/);
    expect(html.toLowerCase()).not.toContain('<script>window.__xss');
  }

  await page.goto('/feed');
  const card = wishCard(page, 'Happy day');
  await expect(card).toContainText(text);
  await expect(card).toContainText(IMG);
  await expectNoXss(page, dialogs);

  await page.goto(`/wish/${id}`);
  await expect(wishCard(page, 'Happy day')).toContainText(text);
  await expect(page).toHaveTitle(`Wish by ${profileName} | Wishes`);
  await expectNoXss(page, dialogs);

  await page.goto(`/user/${author.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(profileName);
  await expect(wishCard(page, 'Happy day')).toBeVisible();
  await expectNoXss(page, dialogs);

  for (const term of [IMG, SCRIPT, 'onerror']) {
    await page.goto('/search');
    await page.getByLabel('Search wishes').fill(term);
    await page.getByLabel('Search wishes').press('Enter');
    await expect(page.getByText(/No results found for|End of search results|Load More/).first()).toBeVisible();
    await expectNoXss(page, dialogs);
  }
  await page.goto(`/search?q=${encodeURIComponent(IMG)}`);
  await expect(page.getByText(/No results found for|End of search results|Load More/).first()).toBeVisible();
  await expectNoXss(page, dialogs);

  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Recent Wishes' })).toContainText(IMG);
  await expectNoXss(page, dialogs);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
});
