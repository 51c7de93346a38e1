/**
 * Developing inside the real site (docs/teams.md "Develop inside the real site"): with
 * REMOTE_OVERRIDES=true, `?mf_override=<folder>@<url>` loads a locally served remote into the
 * production site, only after the member confirms on a page naming the remote and the origin,
 * with a banner while it is on; `@off` clears it; origins outside REMOTE_OVERRIDE_ORIGINS are
 * refused; and with REMOTE_OVERRIDES off (the default) the parameter is ignored.
 */
import fs from 'node:fs';
import { Api } from '../support/api';
import { expect, test } from '../support/fixtures';
import { buildRemote } from '../support/remote-build';
import { shoot } from '../support/screens';
import { startServer, type ServerHandle } from '../support/server';
import { startStaticServer, type StaticServer } from '../support/static-server';

const END = "You've seen all wishes!";
const MARKER = '[mf-feed from a developer machine]';
const CONFIRM_HEADING = 'Load a development build into this page?';

let out: string;
let dev: StaticServer;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // A visibly different mf-feed, served from another origin like a team's dev server.
  out = await buildRemote({ folder: 'mf-feed', file: /[\\/]mf-feed[\\/]src[\\/]feed[\\/]FeedPage\.tsx$/, search: END, replace: `${END} ${MARKER}` });
  dev = await startStaticServer(out);
});

test.afterAll(async () => {
  await dev?.stop();
  if (out) fs.rmSync(out, { recursive: true, force: true });
});

test.beforeEach(({ consoleWatch }) => {
  consoleWatch.allow(/\[wishes\] /);
});

test('with REMOTE_OVERRIDES=true: confirm, see the overridden page and the banner, then @off', async ({ page }) => {
  const server: ServerHandle = await startServer({ label: 'override-on', env: { REMOTE_OVERRIDES: 'true' } });
  try {
    const api = new Api(server.url);
    const author = await api.createUser();
    await api.createWish(author, 'A wish so the feed reaches its end.');
    const entry = `${dev.url}/remoteEntry.js`;

    // A link alone loads nothing: the member is asked first, with the remote and the origin named.
    const response = await page.goto(`${server.url}/feed?mf_override=mf-feed@${entry}`);
    const csp = response!.headers()['content-security-policy']!;
    // The dev origins join script-src beside the one inline script's hash (the early-tap holder).
    expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/=]+' http:\/\/localhost:\* http:\/\/127\.0\.0\.1:\*/);
    await expect(page.getByRole('heading', { level: 1, name: CONFIRM_HEADING })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText('mf-feed');
    await expect(main).toContainText(dev.url);
    await expect(main).toContainText(entry);
    expect(dev.requests).toEqual([]);
    await shoot(page, 'override-confirm');

    await page.getByRole('button', { name: `Load mf-feed from ${dev.url}` }).click();
    await expect(page.getByText(`${END} ${MARKER}`)).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
    expect(dev.requests).toContain('/remoteEntry.js');
    const banner = page.getByRole('region', { name: 'Development override' });
    await expect(banner).toContainText(`Development build: mf-feed from ${dev.url} (this tab only)`);
    await shoot(page, 'override-banner');

    // It stays on for this tab, on every page.
    await page.goto(`${server.url}/feed`);
    await expect(page.getByText(`${END} ${MARKER}`)).toBeVisible();
    await expect(banner).toBeVisible();

    // @off clears it: the site's own mf-feed again, no banner.
    await page.goto(`${server.url}/feed?mf_override=mf-feed@off`);
    await expect(page.getByText(END, { exact: true })).toBeVisible();
    await expect(page.getByText(MARKER)).toHaveCount(0);
    await expect(banner).toHaveCount(0);
    expect(new URL(page.url()).search).toBe('');

    // Confirm again, then the banner's button turns it off.
    await page.goto(`${server.url}/feed?mf_override=mf-feed@${entry}`);
    await page.getByRole('button', { name: `Load mf-feed from ${dev.url}` }).click();
    await expect(page.getByText(`${END} ${MARKER}`)).toBeVisible();
    await banner.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByText(END, { exact: true })).toBeVisible();
    await expect(banner).toHaveCount(0);

    // Cancel on the confirmation page loads nothing.
    const before = dev.requests.length;
    await page.goto(`${server.url}/feed?mf_override=mf-feed@${entry}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText(END, { exact: true })).toBeVisible();
    expect(dev.requests.length).toBe(before);

    // An origin outside REMOTE_OVERRIDE_ORIGINS is refused without a confirmation page.
    await page.goto(`${server.url}/feed?mf_override=mf-feed@https://evil.example/remoteEntry.js`);
    await expect(page.getByRole('alert').filter({ hasText: 'https://evil.example is not an allowed origin' })).toBeVisible();
    await expect(page.getByRole('heading', { name: CONFIRM_HEADING })).toHaveCount(0);
    await expect(page.getByText(END, { exact: true })).toBeVisible();
  } finally {
    await server.stop();
  }
});

test('with REMOTE_OVERRIDES off (the default) the override is refused: the normal remote loads', async ({ page }) => {
  const server: ServerHandle = await startServer({ label: 'override-off' });
  try {
    const api = new Api(server.url);
    const author = await api.createUser();
    await api.createWish(author, 'A wish so the feed reaches its end.');
    const before = dev.requests.length;
    const response = await page.goto(`${server.url}/feed?mf_override=mf-feed@${dev.url}/remoteEntry.js`);
    expect(response!.headers()['content-security-policy']).not.toMatch(/localhost|127\.0\.0\.1/);
    await expect(page.getByText(END, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: CONFIRM_HEADING })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Development override' })).toHaveCount(0);
    await expect(page.getByText(MARKER)).toHaveCount(0);
    expect(dev.requests.length).toBe(before);
    expect(await page.evaluate(() => sessionStorage.getItem('wishes_mf_override'))).toBeNull();
    // Even an override stored in this tab earlier (the mode on, then off) no longer applies.
    await page.evaluate((entry) => sessionStorage.setItem('wishes_mf_override', JSON.stringify({ 'mf-feed': entry })), `${dev.url}/remoteEntry.js`);
    await page.goto(`${server.url}/feed`);
    await expect(page.getByText(END, { exact: true })).toBeVisible();
    await expect(page.getByText(MARKER)).toHaveCount(0);
    expect(dev.requests.length).toBe(before);
  } finally {
    await server.stop();
  }
});
