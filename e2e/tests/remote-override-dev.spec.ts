/**
 * Developing inside the real site with a real dev server (docs/teams.md "Develop inside the real
 * site"): `npm run dev -w mf-feed` on a free port, the production site with REMOTE_OVERRIDES=true,
 * a tab that confirmed `?mf_override=mf-feed@http://localhost:<port>/remoteEntry.js` (another site
 * than the page's, as a staging site and a laptop are). Saving a source file of mf-feed updates
 * that tab by itself: the site's production React cannot hot-swap components, so the page reloads
 * and the override survives the reload. Then a remote not yet live (mf-feed on a site where it
 * has only a published release): its override is refused, saying why, until this browser holds its
 * preview. One dev server for both; the edited file is restored whatever happens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Api } from '../support/api';
import { expect, test } from '../support/fixtures';
import { REPO_ROOT } from '../support/paths';
import { freePort } from '../support/ports';
import { setRole } from '../support/roles';
import { shoot } from '../support/screens';
import { startServer, type ServerHandle } from '../support/server';

const END = "You've seen all wishes!";
/** A component-only module of the feed (a React Refresh boundary): its edits can be swapped in place where React allows. */
const SOURCE = path.join(REPO_ROOT, 'mf-feed', 'src', 'wish', 'WishList.tsx');
const LIST = '<ul className="feed-list">';
const CONFIRM_HEADING = 'Load a development build into this page?';
/** A dev build's first compile and each rebuild, on a busy machine. */
const REBUILD_MS = 120_000;

let dev: { port: number; entry: string; origin: string; child: ChildProcess; log: string };
let original: string;
let originalTimes: fs.Stats;
/** The site with REMOTE_OVERRIDES=true; also the API of the dev server's own page. */
let server: ServerHandle;

test.describe.configure({ mode: 'serial', timeout: 360_000 });

/** mf-feed's WishList.tsx with a first line `marker` in the list (as a developer saves it). */
function save(marker: string): void {
  const text = original.replace(LIST, `${LIST}\n      <li className="feed-list__item">{${JSON.stringify(marker)}}</li>`);
  if (text === original) throw new Error(`WishList.tsx no longer holds ${LIST} as this journey edits it`);
  fs.writeFileSync(SOURCE, text);
}

/** The file as it was, its time too (the suite's build rebuilds a remote whose sources are newer than its dist). */
function restore(): void {
  if (original === undefined || fs.readFileSync(SOURCE, 'utf8') === original) return;
  fs.writeFileSync(SOURCE, original);
  fs.utimesSync(SOURCE, originalTimes.atime, originalTimes.mtime);
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  original = fs.readFileSync(SOURCE, 'utf8');
  originalTimes = fs.statSync(SOURCE);
  server = await startServer({ label: 'override-dev', env: { REMOTE_OVERRIDES: 'true' } });
  const port = await freePort();
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wishes-e2e-devserver-')), 'dev.log');
  const out = fs.openSync(log, 'a');
  // As a team runs it; MF_FEED_DEV_PORT moves it off its registry port (the developer's own may be busy).
  const child = spawn('npm', ['run', 'dev', '-w', 'mf-feed'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`, MF_FEED_DEV_PORT: String(port), WISHES_API_ORIGIN: server.url, NODE_ENV: 'development' },
    stdio: ['ignore', out, out],
    detached: true,
  });
  fs.closeSync(out);
  dev = { port, origin: `http://localhost:${port}`, entry: `http://localhost:${port}/remoteEntry.js`, child, log };
  const deadline = Date.now() + 200_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the dev server exited (${child.exitCode}):\n${fs.readFileSync(log, 'utf8').slice(-4000)}`);
    const ok = await fetch(`http://127.0.0.1:${port}/remoteEntry.js`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the dev server did not serve remoteEntry.js:\n${fs.readFileSync(log, 'utf8').slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  restore();
  await server?.stop();
  if (dev?.child.pid && dev.child.exitCode === null) {
    const exited = new Promise((r) => dev.child.once('exit', r));
    // npm and the webpack it started: the whole process group.
    process.kill(-dev.child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  }
});

test.beforeEach(({ consoleWatch }) => {
  consoleWatch.allow(/\[wishes\] /);
});

test('saving a file of the overridden remote updates the real site by itself (a reload), the override kept; its own page keeps Fast Refresh', async ({ page, browser }) => {
  const MARKER = '[saved on the dev server]';
  // The dev server's own page (another browser, unwatched: the standalone host is not the site).
  const standaloneContext = await browser.newContext();
  try {
    const api = new Api(server.url);
    await api.createWish(await api.createUser(), 'A wish so the feed reaches its end.');
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));

    await page.goto(`${server.url}/feed?mf_override=mf-feed@${dev.entry}`);
    await expect(page.getByRole('heading', { level: 1, name: CONFIRM_HEADING })).toBeVisible();
    await page.getByRole('button', { name: `Load mf-feed from ${dev.origin}` }).click();
    await expect(page.getByText(END, { exact: true })).toBeVisible({ timeout: REBUILD_MS });
    const banner = page.getByRole('region', { name: 'Development override' });
    await expect(banner).toContainText(`Development build: mf-feed from ${dev.origin} (this tab only)`);
    // The hot-update socket goes to the dev server itself, never to the site.
    await expect.poll(() => sockets, { timeout: 30_000 }).toContain(`ws://127.0.0.1:${dev.port}/ws`);
    expect(sockets.filter((url) => url.includes(`:${server.port}`))).toEqual([]);
    await page.evaluate(() => Object.assign(window, { beforeSave: true }));
    const standalone = await standaloneContext.newPage();
    await standalone.goto(`http://127.0.0.1:${dev.port}/feed`);
    await expect(standalone.getByText(END, { exact: true })).toBeVisible({ timeout: 60_000 });
    await standalone.evaluate(() => Object.assign(window, { beforeSave: true }));

    try {
      save(MARKER);
      // No reload by hand: the page shows the change by itself.
      await expect.poll(() => page.getByText(MARKER).count(), { timeout: REBUILD_MS, intervals: [500] }).toBe(1);
      // It reloaded (a production React cannot swap components in place), still overridden, still this URL.
      expect(await page.evaluate(() => 'beforeSave' in window)).toBe(false);
      // The dev server's own page (a development React) swapped the component in place, no reload.
      await expect.poll(() => standalone.getByText(MARKER).count(), { timeout: REBUILD_MS, intervals: [500] }).toBe(1);
      expect(await standalone.evaluate(() => 'beforeSave' in window)).toBe(true);
      await expect(banner).toContainText(`Development build: mf-feed from ${dev.origin} (this tab only)`);
      expect(new URL(page.url()).pathname).toBe('/feed');
      expect(new URL(page.url()).search).toBe('');
      await shoot(page, 'override-dev-saved');
    } finally {
      restore();
    }
    // Saving again (the file back as it was) updates it again.
    await expect.poll(() => page.getByText(MARKER).count(), { timeout: REBUILD_MS, intervals: [500] }).toBe(0);
    await expect(page.getByText(END, { exact: true })).toBeVisible();
  } finally {
    await standaloneContext.close();
  }
});

test('a remote not yet live is overridden only in a browser holding its preview', async ({ page }) => {
  // A site whose mf-feed is not live: its other remotes and shell as built, and mf-feed only as a
  // first release published by its team.
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'wishes-e2e-site-without-feed-'));
  for (const entry of fs.readdirSync(REPO_ROOT, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'mf-feed') continue;
    const dist = path.join(REPO_ROOT, entry.name, 'dist');
    if (entry.name !== 'shell' && !fs.existsSync(path.join(dist, 'release.json'))) continue;
    fs.mkdirSync(path.join(site, entry.name));
    fs.symlinkSync(dist, path.join(site, entry.name, 'dist'));
  }
  if (fs.existsSync(path.join(REPO_ROOT, 'kit'))) fs.symlinkSync(path.join(REPO_ROOT, 'kit'), path.join(site, 'kit'));
  const notLive = await startServer({ label: 'override-not-live', env: { REMOTE_OVERRIDES: 'true', WISHES_SITE_ROOT: site } });
  const MARKER = '[the dev build of a remote not live yet]';
  try {
    const api = new Api(notLive.url);
    const admin = await api.createUser({ email: 'override-admin@example.com' });
    setRole(notLive.dataDir, 'override-admin@example.com', 'admin');
    await api.createWish(await api.createUser(), 'A wish so the feed reaches its end.');
    const team = (await api.request<{ token: string }>('POST', '/api/admin/remotes/mf-feed/tokens/', { token: admin.access, json: { name: 'feed-team', scopes: ['publish', 'activate'] }, expect: [201] })).body.token;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { publishBuild } = require(path.join(REPO_ROOT, 'shared', 'kit-build', 'src', 'release-pack.js'));
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { SITE_REMOTES } = require(path.join(REPO_ROOT, 'build', 'registry.js'));
    // mf-feed's production build as a team publishes it (without the site build's own stamp file).
    const built = fs.mkdtempSync(path.join(os.tmpdir(), 'wishes-e2e-feed-release-'));
    fs.cpSync(path.join(REPO_ROOT, 'mf-feed', 'dist'), built, { recursive: true, filter: (file) => path.basename(file) !== '.wishes-build-stamp' });
    process.env.WISHES_TEAM_TOKEN = team;
    let release: string;
    try {
      release = await publishBuild(built, { remote: 'mf-feed', version: '0.1.0', declaration: SITE_REMOTES.find((r: { folder: string }) => r.folder === 'mf-feed'), serverUrl: notLive.url });
    } finally {
      delete process.env.WISHES_TEAM_TOKEN;
      fs.rmSync(built, { recursive: true, force: true });
    }

    // Without its preview this browser is served no mf-feed: the red line says why, nothing loads.
    const overrideUrl = `${notLive.url}/auth/sign_in?mf_override=mf-feed@${dev.entry}`;
    await page.goto(overrideUrl);
    const refusal = page.getByRole('alert').filter({ hasText: 'this site has no live remote "mf-feed"' });
    await expect(refusal).toContainText('A remote not yet live can be overridden only in a browser holding its preview: open its preview link here first.');
    await expect(page.getByRole('heading', { name: CONFIRM_HEADING })).toHaveCount(0);
    await shoot(page, 'override-not-live-refused');

    // Its preview, confirmed in this browser.
    const link = new URL((await api.request<{ url: string }>('POST', '/api/admin/remotes/mf-feed/preview/', { token: team, json: { release } })).body.url);
    await page.goto(`${notLive.url}/feed${link.search}`);
    await page.getByRole('button', { name: `Preview mf-feed ${release}` }).click();
    await expect(page.getByText(END, { exact: true })).toBeVisible({ timeout: 30_000 });

    // Now the override is accepted: the dev build (saved with a marker) in place of the preview's release.
    try {
      save(MARKER);
      await page.goto(`${notLive.url}/feed?mf_override=mf-feed@${dev.entry}`);
      await page.getByRole('button', { name: `Load mf-feed from ${dev.origin}` }).click();
      await expect.poll(() => page.getByText(MARKER).count(), { timeout: REBUILD_MS, intervals: [500] }).toBe(1);
      await expect(page.getByRole('region', { name: 'Development override' })).toContainText(`Development build: mf-feed from ${dev.origin} (this tab only)`);
      await expect(page.getByRole('region', { name: 'Preview' })).toContainText(`Preview: mf-feed release ${release}`);
      await shoot(page, 'override-not-live-previewing');
    } finally {
      restore();
    }
  } finally {
    await notLive.stop();
    fs.rmSync(site, { recursive: true, force: true });
  }
});
