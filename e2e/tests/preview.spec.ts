/**
 * Preview links (docs/teams.md, "Preview before anyone") against a real server, a real build and
 * real Chromium: a team publishes a visibly different mf-feed with a token; a publish-only token
 * gets no preview link (403), a token with the activate scope does; opening the link shows a
 * confirmation page naming the remote and the release and loads nothing of it; confirming pins it
 * in this browser only, with a banner on every page; another browser keeps the live release and
 * cannot load the preview's files; "End preview" unpins it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Api } from '../support/api';
import { expect, test } from '../support/fixtures';
import { REPO_ROOT } from '../support/paths';
import { buildRemote } from '../support/remote-build';
import { setRole } from '../support/roles';
import { shoot } from '../support/screens';
import { startServer, type ServerHandle } from '../support/server';

const END = "You've seen all wishes!";
const MARKER = '[mf-feed, the preview]';
const ADMIN_EMAIL = 'preview-admin@example.com';

let server: ServerHandle;
let out: string;
let release = '';
let activator = '';
let publishOnly = '';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startServer({ label: 'preview' });
  const api = new Api(server.url);
  const admin = await api.createUser({ email: ADMIN_EMAIL });
  setRole(server.dataDir, ADMIN_EMAIL, 'admin');
  await api.createWish(await api.createUser(), 'One wish so the feed reaches its end.');
  const token = async (name: string, scopes: string[]) =>
    (await api.request<{ token: string }>('POST', '/api/admin/remotes/mf-feed/tokens/', { token: admin.access, json: { name, scopes }, expect: [201] })).body.token;
  activator = await token('feed-team', ['publish', 'activate']);
  publishOnly = await token('feed-ci', ['publish']);
  // A visibly different mf-feed, published as `npm run release -- --publish` does.
  out = await buildRemote({ folder: 'mf-feed', file: /[\\/]mf-feed[\\/]src[\\/]feed[\\/]FeedPage\.tsx$/, search: END, replace: `${END} ${MARKER}` });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { publishBuild } = require(path.join(REPO_ROOT, 'shared', 'kit-build', 'src', 'release-pack.js'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { SITE_REMOTES } = require(path.join(REPO_ROOT, 'build', 'registry.js'));
  process.env.WISHES_TEAM_TOKEN = publishOnly;
  try {
    release = await publishBuild(out, { remote: 'mf-feed', version: '0.2.0', declaration: SITE_REMOTES.find((r: { folder: string }) => r.folder === 'mf-feed'), serverUrl: server.url });
  } finally {
    delete process.env.WISHES_TEAM_TOKEN;
  }
  expect(release).toMatch(/^0\.2\.0-[0-9a-f]{12}$/);
});

test.afterAll(async () => {
  await server?.stop();
  if (out) fs.rmSync(out, { recursive: true, force: true });
});

test('a preview link needs the activate scope, opens on a confirmation page, pins only after it, shows a banner, and ends', async ({ page, browser, consoleWatch }) => {
  consoleWatch.allow(/\[wishes\] /);
  const api = new Api(server.url);
  const refused = await api.request<{ detail: string }>('POST', '/api/admin/remotes/mf-feed/preview/', { token: publishOnly, json: { release }, expect: [403] });
  expect(refused.body.detail).toBe('This token does not have the activate scope.');
  const link = (await api.request<{ url: string }>('POST', '/api/admin/remotes/mf-feed/preview/', { token: activator, json: { release } })).body.url;
  // The server's PUBLIC_URL may name another host for the same site: open the link on this server.
  const opened = new URL(link);
  const url = `${server.url}/feed${opened.search}`;
  // Never live, not pinned: its files are nobody's.
  expect((await fetch(`${server.url}/mf/releases/mf-feed/${release}/remoteEntry.js`)).status).toBe(404);

  const loaded: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/mf/releases/mf-feed/${release}/`)) loaded.push(request.url());
  });
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'Preview an unreleased build?' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('mf-feed');
  await expect(main).toContainText(release);
  expect(loaded).toEqual([]);
  await shoot(page, 'preview-confirm');

  await page.getByRole('button', { name: `Preview mf-feed ${release}` }).click();
  await page.waitForURL((u) => !u.search.includes('wishes_preview'));
  await expect(page.getByText(`${END} ${MARKER}`)).toBeVisible({ timeout: 30_000 });
  const banner = page.getByRole('region', { name: 'Preview' });
  await expect(banner).toContainText(`Preview: mf-feed release ${release} (this browser only, not released yet)`);
  expect(loaded.length).toBeGreaterThan(0);
  await shoot(page, 'preview-banner');

  // Every page of this browser, until it ends; another browser keeps the live release.
  await page.goto(`${server.url}/feed`);
  await expect(page.getByText(`${END} ${MARKER}`)).toBeVisible({ timeout: 30_000 });
  await expect(banner).toBeVisible();
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await otherPage.goto(`${server.url}/feed`);
    await expect(otherPage.getByText(END, { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(otherPage.getByText(MARKER)).toHaveCount(0);
    await expect(otherPage.getByRole('region', { name: 'Preview' })).toHaveCount(0);
    expect((await otherPage.request.get(`${server.url}/mf/releases/mf-feed/${release}/remoteEntry.js`)).status()).toBe(404);
  } finally {
    await other.close();
  }

  await banner.getByRole('button', { name: 'End preview' }).click();
  await expect(page.getByText(END, { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(MARKER)).toHaveCount(0);
  await expect(banner).toHaveCount(0);
});
