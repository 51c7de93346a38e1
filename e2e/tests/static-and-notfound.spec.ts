/** Static pages, the not-found page, guards, footer and header links (docs/product.md#2-screens-and-routes Global layout, Routes). */
import { expect, test } from '../support/fixtures';
import { expectPath, expectShell, expectTitle, expectToast, header } from '../support/ui';

// The console-error watch (support/console-watch.ts): unknown paths and page names answer 404 on purpose.
test.beforeEach(({ consoleWatch }) => {
  consoleWatch.allow(/\[wishes\] static page \w+ failed to load/, / → 404$/, /status of 404 /);
});

test('Terms and Privacy Policy render their markdown; links open in a new tab', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
  await expectPath(page, '/page/terms');
  await expectTitle(page, 'Terms and Conditions');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' }).first()).toBeVisible();
  const body = page.locator('.shell-markdown');
  await expect(body.getByRole('heading').first()).toBeVisible();
  await expect(body.locator('p').first()).toBeVisible();
  await expect.soft(page.getByRole('heading', { level: 1 }), 'one h1 on /page/terms').toHaveCount(1);
  const links = body.getByRole('link');
  for (let i = 0; i < (await links.count()); i++) await expect(links.nth(i)).toHaveAttribute('target', '_blank');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expectPath(page, '/page/privacy_policy');
  await expectTitle(page, 'Privacy Policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).first()).toBeVisible();
  await expect(page.locator('.shell-markdown').getByRole('heading').first()).toBeVisible();
  // The title is shown once: one level-1 heading per page.
  await expect.soft(page.getByRole('heading', { level: 1 }), 'one h1 on /page/privacy_policy').toHaveCount(1);
});

test('the markdown files are served', async ({ request }) => {
  for (const name of ['terms', 'privacy_policy']) {
    const response = await request.get(`/static/markdown/${name}.md`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/markdown|text\/plain/);
    expect((await response.text()).length).toBeGreaterThan(100);
  }
  expect((await request.get('/static/markdown/secrets.md')).status()).toBe(404);
});

test('any other static page name is an error', async ({ page }) => {
  await page.goto('/page/about_us');
  await expectToast(page, 'Page "about_us" not found');
  await expect(page.getByRole('main').getByText('Page "about_us" not found')).toBeVisible();
});

test('a static page that fails to load says so', async ({ page }) => {
  await page.route((url) => url.pathname.startsWith('/static/markdown/'), (route) => route.abort());
  await page.goto('/page/terms');
  await expectToast(page, 'Could not load Terms and Conditions page content');
});

test('an unknown path shows the not-found page with an illustration inside the layout', async ({ page }) => {
  const response = await page.goto('/this/does/not/exist');
  expect(response?.status()).toBeLessThan(500);
  await expectShell(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('img', { name: /illustration/i })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expectPath(page, '/');
});

test('the site name links home; the document title is "<page> | <site name>"', async ({ page, api }) => {
  const options = await api.options();
  await page.goto('/page/terms');
  await header(page).getByRole('link', { name: options.site_name }).click();
  await expectPath(page, '/');
  await expect(page).toHaveTitle(`Home | ${options.site_name}`);
});

for (const path of ['/compose', '/compose/Wedding', '/subscriptions', '/business']) {
  test(`guard: a visitor opening ${path} is sent to sign in`, async ({ page }) => {
    await page.goto(path);
    await expectPath(page, '/auth/sign_in');
    await expect(page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  });
}

test('public routes need no sign-in', async ({ page, api }) => {
  const author = await api.createUser();
  const id = await api.createWish(author, 'A public wish for the route check.');
  for (const path of ['/', '/feed', `/wish/${id}`, `/user/${author.id}`, '/search', '/page/terms', '/auth/sign_in', '/auth/sign_up', '/auth/reset_password']) {
    await page.goto(path);
    await expectPath(page, path);
    await expectShell(page);
    await expect(page.getByText('This part of Wishes could not be loaded.')).toHaveCount(0);
  }
});

test('the API routes and the health checks are not swallowed by the site', async ({ request }) => {
  expect((await request.get('/api/base/options')).headers()['content-type']).toMatch(/json/);
  expect((await request.get('/api/no/such/route/')).status()).toBe(404);
  expect((await request.get('/mf/remotes.json')).ok()).toBe(true);
});
