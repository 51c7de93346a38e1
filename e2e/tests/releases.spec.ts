/**
 * Remote releases (docs/teams.md) against a real server and real builds:
 * `npm run release` while browsers load the site, switching mf-feed's active release while a page
 * is open (the next load uses it), rollback, the compatibility gate refusing an incompatible
 * release and one with a deleted chunk (site unchanged), and a sixth remote (a fixture outside the
 * product) joining the running site with its route and nav entry. Builds are the expensive part:
 * mf-feed and the fixture are each built once; the other releases are copies of mf-feed's with
 * one thing changed, as a team's next build would differ.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { Api, type TestUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { REPO_ROOT } from '../support/paths';
import { hashDir } from '../support/remote-build';
import { setRole } from '../support/roles';
import { startServer, type ServerHandle } from '../support/server';
import { expectShell, header } from '../support/ui';
import { PROBE_PATHS } from '../../shared/kit-contract/src/probes';

// The console-error watch (support/console-watch.ts): releases that are missing, rolled back or broken on purpose.
test.beforeEach(({ consoleWatch }) => {
  consoleWatch.allow(/requestfailed: /, / → 404$/, /status of 404 /, /\[wishes\] /, /Loading script|ScriptExternalLoadError|RUNTIME-00\d|remoteEntry/);
});

const END = "You've seen all wishes!";
const FAILURE = 'This part of Wishes could not be loaded.';
const ADMIN_EMAIL = 'release-admin@example.com';
const SHOTS = '/tmp/shots/reg';

let server: ServerHandle;
let releasesDir: string;
let admin: TestUser;
/** The release `npm run release -- mf-feed` built. */
let releaseA = '';
/** The site's own build of mf-feed, released by the server at its start (docs/teams.md). */
let siteFeed = '';

/** Runs `npm run release -- <target>` (the real script); resolves with its last line, the id. */
function runRelease(target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts', 'release.js'), target], { cwd: REPO_ROOT, env: { ...process.env, RELEASES_DIR: releasesDir }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(out.trim().split('\n').pop() ?? '') : reject(new Error(`release ${target} exited ${code}:\n${out}`))));
  });
}

/** A new release made from release A with one change, as its own immutable folder. */
function deriveRelease(suffix: string, change: (dir: string) => void): string {
  const id = `${releaseA}-${suffix}`;
  const dir = path.join(releasesDir, 'mf-feed', id);
  fs.cpSync(path.join(releasesDir, 'mf-feed', releaseA), dir, { recursive: true });
  const meta = JSON.parse(fs.readFileSync(path.join(dir, 'release.json'), 'utf8'));
  fs.writeFileSync(path.join(dir, 'release.json'), JSON.stringify({ ...meta, id, created_at: new Date().toISOString() }));
  change(dir);
  return id;
}

/** The built JavaScript file of the release holding `text` (the feed page's chunk). */
function fileContaining(dir: string, text: string): string {
  const name = fs.readdirSync(dir).find((f) => f.endsWith('.js') && f.includes('FeedPage') && fs.readFileSync(path.join(dir, f), 'utf8').includes(text));
  if (!name) throw new Error(`no FeedPage chunk with "${text}" in ${dir}`);
  return name;
}

async function adminCall(method: 'GET' | 'POST', url: string, json?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(server.url + url, {
    method,
    headers: { Authorization: `Bearer ${admin.access}`, ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, body: await response.json() };
}

/** The manifest without its load_id (each load gets its own). */
const manifest = async () => {
  const { load_id: _load, ...rest } = (await (await fetch(`${server.url}/mf/remotes.json`)).json()) as { load_id?: string; remotes: Array<{ name: string; entry: string; release: string }> };
  return rest;
};
const feedEntry = async () => (await manifest()).remotes.find((r) => r.name === 'mf_feed')?.entry;

/** Loads /feed and waits for the feed's end: a working page, never the failure message. */
async function loadFeed(page: Page): Promise<string[]> {
  const entries: string[] = [];
  const listener = (request: { url(): string }) => {
    if (request.url().includes('remoteEntry.js')) entries.push(new URL(request.url()).pathname);
  };
  page.on('request', listener);
  try {
    await page.goto(`${server.url}/feed`);
    await expect(page.getByText(END, { exact: false }).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(FAILURE)).toHaveCount(0);
  } finally {
    page.off('request', listener);
  }
  return entries;
}

test.describe('remote releases', () => {
  test.describe.configure({ mode: 'serial', timeout: 420_000 });

  test.beforeAll(async () => {
    releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wishes-e2e-releases-'));
    server = await startServer({ label: 'releases', env: { RELEASES_DIR: releasesDir } });
    const api = new Api(server.url);
    admin = await api.createUser({ email: ADMIN_EMAIL });
    setRole(server.dataDir, ADMIN_EMAIL, 'admin');
    await api.createWish(await api.createUser(), 'One wish so the feed reaches its end.');
    fs.mkdirSync(SHOTS, { recursive: true });
    // A fresh start serves the site's own remotes from releases, never from the dist/ folders.
    siteFeed = (await manifest()).remotes.find((r) => r.name === 'mf_feed')?.release ?? '';
    expect(siteFeed).toMatch(/^0\.1\.0-[0-9a-f]{12}$/);
    expect(await feedEntry()).toBe(`/mf/releases/mf-feed/${siteFeed}/remoteEntry.js`);
  });
  test.afterAll(async () => {
    await server?.stop();
    if (releasesDir) fs.rmSync(releasesDir, { recursive: true, force: true });
  });

  test('a browser loading the site while `npm run release` builds never gets a broken page', async ({ page }) => {
    const building = runRelease('mf-feed');
    let done = false;
    building.then(
      () => (done = true),
      () => (done = true),
    );
    let loads = 0;
    while (!done || loads === 0) {
      const entries = await loadFeed(page);
      expect(entries).toContain(`/mf/releases/mf-feed/${siteFeed}/remoteEntry.js`);
      loads += 1;
    }
    releaseA = await building;
    expect(releaseA).toMatch(/^0\.1\.0-[0-9a-f]{12}$/);
    expect(loads).toBeGreaterThan(1);
    // Only the finished folder remains; nothing half-built is left or listed.
    expect(fs.readdirSync(path.join(releasesDir, 'mf-feed')).sort()).toEqual([releaseA, siteFeed].sort());
    expect(await feedEntry()).toBe(`/mf/releases/mf-feed/${siteFeed}/remoteEntry.js`);
    // Not activated yet, so not served: a folder the CLI wrote passes the gate before its files are reachable.
    expect((await fetch(`${server.url}/mf/releases/mf-feed/${releaseA}/remoteEntry.js`)).status).toBe(404);
  });

  test('activating a release while a page is open: the next load uses it; rollback returns to the previous one', async ({ page }) => {
    const marker = '[release B]';
    const releaseB = deriveRelease('b', (dir) => {
      const file = fileContaining(dir, END);
      fs.writeFileSync(path.join(dir, file), fs.readFileSync(path.join(dir, file), 'utf8').split(END).join(`${END} ${marker}`));
      for (const copy of ['.br', '.gz']) fs.rmSync(path.join(dir, file + copy), { force: true });
    });
    const shellBefore = hashDir(path.join(REPO_ROOT, 'shell', 'dist'));

    expect(await loadFeed(page)).toContain(`/mf/releases/mf-feed/${siteFeed}/remoteEntry.js`);
    const activated = await adminCall('POST', '/api/admin/remotes/mf-feed/activate/', { release: releaseA });
    expect(activated.status).toBe(200);
    // The open page keeps working; its next load takes the new release.
    expect(await loadFeed(page)).toContain(`/mf/releases/mf-feed/${releaseA}/remoteEntry.js`);
    await expect(page.getByText(marker)).toHaveCount(0);
    const entry = await fetch(`${server.url}/mf/releases/mf-feed/${releaseA}/remoteEntry.js`);
    expect(entry.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    expect((await adminCall('POST', '/api/admin/remotes/mf-feed/activate/', { release: releaseB })).status).toBe(200);
    expect(await loadFeed(page)).toContain(`/mf/releases/mf-feed/${releaseB}/remoteEntry.js`);
    await expect(page.getByText(`${END} ${marker}`)).toBeVisible();

    const back = await adminCall('POST', '/api/admin/remotes/mf-feed/rollback/');
    expect(back.body.switch).toMatchObject({ action: 'rollback', release_id: releaseA, previous_release_id: releaseB, actor: expect.stringMatching(/^user:\d+$/) });
    expect(await loadFeed(page)).toContain(`/mf/releases/mf-feed/${releaseA}/remoteEntry.js`);
    await expect(page.getByText(marker)).toHaveCount(0);
    // No shell rebuild, no server restart.
    expect(hashDir(path.join(REPO_ROOT, 'shell', 'dist'))).toBe(shellBefore);
    expect((await fetch(`${server.url}${PROBE_PATHS.live}`)).ok).toBe(true);
  });

  test('an incompatible release (react ^99) is refused by `npm run remotes` and the site is unchanged', async ({ page }) => {
    const incompatible = deriveRelease('react99', (dir) => {
      const file = path.join(dir, 'mf-manifest.json');
      const json = JSON.parse(fs.readFileSync(file, 'utf8'));
      for (const shared of json.shared) if (shared.name === 'react') shared.requiredVersion = '^99.0.0';
      fs.writeFileSync(file, JSON.stringify(json));
      for (const copy of ['.br', '.gz']) fs.rmSync(file + copy, { force: true });
    });
    const before = await manifest();
    const cli = spawnSync(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [path.join(REPO_ROOT, 'server', 'src', 'releases', 'cli.ts'), 'activate', 'mf-feed', incompatible], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: server.dataDir, RELEASES_DIR: releasesDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(cli.status).toBe(1);
    expect(cli.stderr.trim().split('\n')).toEqual([`refused: mf-feed ${incompatible} refused: needs react ^99.0.0, but the active shell provides react 18.3.1`]);
    expect(await manifest()).toEqual(before);
    expect(await loadFeed(page)).toContain(`/mf/releases/mf-feed/${releaseA}/remoteEntry.js`);
    // The refused folder's files are reachable under no URL.
    expect((await fetch(`${server.url}/mf/releases/mf-feed/${incompatible}/remoteEntry.js`)).status).toBe(404);
  });

  test('a release with a deleted chunk is refused and the site is unchanged', async ({ page }) => {
    let deleted = '';
    const broken = deriveRelease('nochunk', (dir) => {
      deleted = fileContaining(dir, END);
      fs.rmSync(path.join(dir, deleted));
    });
    const before = await manifest();
    const refused = await adminCall('POST', '/api/admin/remotes/mf-feed/activate/', { release: broken });
    const reason = `mf-feed ${broken} refused: ${deleted} is missing (named in its mf-manifest.json)`;
    expect(refused).toEqual({ status: 409, body: { error: reason, detail: reason } });
    expect(await manifest()).toEqual(before);
    expect(await loadFeed(page)).toContain(`/mf/releases/mf-feed/${releaseA}/remoteEntry.js`);
  });

  test('a sixth remote outside the product joins the running site with its route (its members-only nav entry hidden from visitors)', async ({ page }) => {
    const shellBefore = hashDir(path.join(REPO_ROOT, 'shell', 'dist'));
    const hello = await runRelease('e2e/fixtures/mf-hello');
    await page.goto(`${server.url}/hello`);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Hello' })).toHaveCount(0);

    expect((await adminCall('POST', '/api/admin/remotes/mf-hello/activate/', { release: hello })).status).toBe(200);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/feed`);
      await expectShell(page);
      // Its navigation entry is for members (visitors see only Feed: the gate refuses more); its page is open to all.
      await expect(header(page).getByRole('link', { name: 'Hello' })).toHaveCount(0);
      await page.goto(`${server.url}/hello`);
      await expect(page.getByRole('heading', { level: 1, name: 'Hello from the sixth remote' })).toBeVisible();
      await expect(page).toHaveTitle(/^Hello \| /);
      await page.screenshot({ path: path.join(SHOTS, `sixth-remote-${width}.png`), fullPage: true });
    }
    const list = await adminCall('GET', '/api/admin/remotes/');
    expect(list.body.remotes.find((r: { remote: string }) => r.remote === 'mf-hello')).toMatchObject({ registered: false, active: hello });
    expect(hashDir(path.join(REPO_ROOT, 'shell', 'dist'))).toBe(shellBefore);
  });
});
