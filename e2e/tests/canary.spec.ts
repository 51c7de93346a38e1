/**
 * Teams publish and promote their remote safely (docs/teams.md), against a real server and real
 * Chromium: a team token refused for another remote, a canary that reaches only its buckets and
 * counts a load only when its module mounted (once per client address: each browser here comes
 * from its own address, through the server's trusted proxy setting), an open tab following an
 * activation at its next in-site navigation, and a broken canary rolled back by the server's 10 s
 * evaluation with the open tab on it recovering. Releases are mf-feed's real build with one
 * thing changed, packed and published over HTTP as `npm run release -- --publish` does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { Api, type TestUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { REPO_ROOT } from '../support/paths';
import { setRole } from '../support/roles';
import { startServer, type ServerHandle } from '../support/server';
import { header } from '../support/ui';

const END = "You've seen all wishes!";
const FAILURE = 'This part of Wishes could not be loaded.';
const ADMIN_EMAIL = 'canary-admin@example.com';
const SHOTS = '/tmp/shots/canary';
const FEED_DIST = path.join(REPO_ROOT, 'mf-feed', 'dist');

let server: ServerHandle;
let releasesDir: string;
let work: string;
let admin: TestUser;
let feedToken: string;

/** Every file under `dir`, relative, sorted. */
function filesUnder(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]))
    .sort();
}

/** mf-feed's build with the feed's end text replaced (`replacement` is JavaScript source). */
function feedBuild(name: string, replacement: string): string {
  const dir = path.join(work, name);
  fs.cpSync(FEED_DIST, dir, { recursive: true });
  const chunk = fs.readdirSync(dir).find((f) => f.endsWith('.js') && f.includes('FeedPage') && fs.readFileSync(path.join(dir, f), 'utf8').includes(END));
  if (!chunk) throw new Error('no FeedPage chunk with the end text');
  const file = path.join(dir, chunk);
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').split(`"${END}"`).join(replacement));
  for (const f of filesUnder(dir)) {
    // The site build's stamp (.wishes-build-stamp) is no file of a release (the server refuses unknown types).
    if (f.endsWith('.br') || f.endsWith('.gz') || f.startsWith('.wishes-')) fs.rmSync(path.join(dir, f));
    else if (f.endsWith('.map')) {
      fs.mkdirSync(path.dirname(path.join(dir, '.maps', f)), { recursive: true });
      fs.renameSync(path.join(dir, f), path.join(dir, '.maps', f));
    }
  }
  return dir;
}

async function pack(dir: string): Promise<Buffer> {
  const p = tar.pack();
  for (const f of filesUnder(dir)) p.entry({ name: f }, fs.readFileSync(path.join(dir, f)));
  p.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of p) chunks.push(chunk as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

async function call(method: 'GET' | 'POST', url: string, token: string, body?: unknown, type = 'application/json'): Promise<{ status: number; body: any }> {
  const response = await fetch(server.url + url, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': type }) },
    body: body === undefined ? undefined : type === "application/json" ? JSON.stringify(body) : new Uint8Array(body as Buffer),
  });
  return { status: response.status, body: await response.json() };
}

async function publish(remote: string, dir: string, token = feedToken): Promise<{ status: number; body: any }> {
  return call('POST', `/api/admin/remotes/${remote}/releases/`, token, await pack(dir), 'application/gzip');
}

/** A browser in canary bucket `bucket`, at client address `address` (as a trusted proxy would forward it). */
async function inBucket(browser: Browser, bucket: number, address = `198.51.100.${bucket + 1}`): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { 'X-Forwarded-For': address } });
  await context.addCookies([{ name: 'wishes_bucket', value: String(bucket), url: server.url }]);
  return context;
}

async function feedShows(page: Page, text: string) {
  await page.goto(`${server.url}/feed`);
  await expect(page.getByText(text).first()).toBeVisible({ timeout: 30_000 });
}

const state = async () => (await call('GET', '/api/admin/remotes/', admin.access)).body.remotes.find((r: { remote: string }) => r.remote === 'mf-feed');

test.describe('teams publish and promote safely', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  test.beforeAll(async () => {
    releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wishes-e2e-canary-rel-'));
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'wishes-e2e-canary-'));
    // TRUST_PROXY=1: each browser context's X-Forwarded-For is its client address (canaries count addresses).
    server = await startServer({ label: 'canary', env: { RELEASES_DIR: releasesDir, CANARY_MIN_ERRORS: '3', CANARY_MAX_ERROR_RATE: '0.3', TRUST_PROXY: '1' } });
    const api = new Api(server.url);
    admin = await api.createUser({ email: ADMIN_EMAIL });
    setRole(server.dataDir, ADMIN_EMAIL, 'admin');
    await api.createWish(await api.createUser(), 'One wish so the feed reaches its end.');
    const created = await call('POST', '/api/admin/remotes/mf-feed/tokens/', admin.access, { name: 'feed-team' });
    expect(created.status).toBe(201);
    feedToken = created.body.token;
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  test.afterAll(async () => {
    await server?.stop();
    for (const dir of [releasesDir, work]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a team token is refused for another remote, and the site is unchanged', async ({ page }) => {
    const refused = await publish('mf-compose', feedBuild('other', `"${END}"`));
    expect([refused.status, refused.body.detail]).toEqual([403, 'This token is for mf-feed, not mf-compose.']);
    const activate = await call('POST', '/api/admin/remotes/mf-compose/activate/', feedToken, { release: 'dist' });
    expect(activate.status).toBe(403);
    // Any other API call with it is a 401.
    expect((await call('GET', '/api/account/', feedToken)).status).toBe(401);
    await feedShows(page, END);
    await expect(page.getByText(FAILURE)).toHaveCount(0);
  });

  test('a canary reaches only the browsers in its buckets', async ({ browser }) => {
    const stable = await publish('mf-feed', feedBuild('stable', `"${END} [stable]"`));
    const canary = await publish('mf-feed', feedBuild('canary', `"${END} [canary]"`));
    expect([stable.status, canary.status]).toEqual([201, 201]);
    expect((await call('POST', '/api/admin/remotes/mf-feed/activate/', feedToken, { release: stable.body.release })).status).toBe(200);
    const started = await call('POST', '/api/admin/remotes/mf-feed/activate/', feedToken, { release: canary.body.release, percent: 10 });
    expect(started.body.switch).toMatchObject({ action: 'canary', percent: 10, actor: 'team:feed-team' });
    for (const [bucket, marker] of [[3, '[canary]'], [9, '[canary]'], [10, '[stable]'], [80, '[stable]']] as const) {
      const context = await inBucket(browser, bucket);
      const page = await context.newPage();
      await feedShows(page, `${END} ${marker}`);
      if (bucket === 3) await page.screenshot({ path: `${SHOTS}/canary-1280.png` });
      await context.close();
    }
    // A new browser gets a bucket cookie on its first page.
    const fresh = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.50' } });
    const page = await fresh.newPage();
    await feedShows(page, END);
    const freshBucket = (await fresh.cookies()).find((c) => c.name === 'wishes_bucket')?.value;
    expect(freshBucket).toMatch(/^\d{1,2}$/);
    await fresh.close();
    // A load counts once the canary's module mounted: the two canary browsers above, and the new one
    // too when its random bucket fell in the first 10. The stable browsers count nothing.
    const loads = 2 + (Number(freshBucket) < 10 ? 1 : 0);
    await expect.poll(async () => (await state()).canary.loads, { timeout: 10_000 }).toBe(loads);
    // Page loads alone count nothing: 30 more fetches of a canary page from one address add no load.
    for (let i = 0; i < 30; i += 1) await fetch(`${server.url}/feed`, { headers: { cookie: 'wishes_bucket=0', 'X-Forwarded-For': '203.0.113.99' } });
    expect((await state()).canary).toMatchObject({ release: canary.body.release, percent: 10, loads });
    // Promote: everyone gets it.
    expect((await call('POST', '/api/admin/remotes/mf-feed/promote/', feedToken)).status).toBe(200);
    const everyone = await inBucket(browser, 80);
    await feedShows(await everyone.newPage(), `${END} [canary]`);
    await everyone.close();
  });

  test('an open tab follows an activation at its next in-site navigation', async ({ browser }) => {
    const next = await publish('mf-feed', feedBuild('next', `"${END} [next]"`));
    const context = await inBucket(browser, 50);
    const page = await context.newPage();
    await feedShows(page, `${END} [canary]`);
    expect((await call('POST', '/api/admin/remotes/mf-feed/activate/', admin.access, { release: next.body.release })).status).toBe(200);
    // No reload by the person: a click home, then to the feed, inside the site.
    await header(page).locator('.shell-header__brand').click();
    await header(page).getByRole('link', { name: 'Feed', exact: true }).click();
    await expect(page.getByText(`${END} [next]`)).toBeVisible({ timeout: 10_000 });
    await context.close();
  });

  test('a broken canary is rolled back by the server and the open tab on it recovers', async ({ browser }) => {
    const broken = await publish('mf-feed', feedBuild('broken', '""+(()=>{throw new Error("canary boom")})()+""'));
    expect(broken.status).toBe(201);
    expect((await call('POST', '/api/admin/remotes/mf-feed/activate/', feedToken, { release: broken.body.release, percent: 50 })).status).toBe(200);
    const contexts: BrowserContext[] = [];
    const pages: Page[] = [];
    for (const bucket of [1, 2, 3]) {
      const context = await inBucket(browser, bucket);
      contexts.push(context);
      const page = await context.newPage();
      pages.push(page);
      await page.goto(`${server.url}/feed`);
      await expect(page.getByText(FAILURE).first()).toBeVisible({ timeout: 30_000 });
    }
    await pages[0].screenshot({ path: `${SHOTS}/broken-canary-1280.png` });
    // Three addresses, each with an error (its module never mounted): rate 1 > 0.3 with 3 erroring
    // addresses, so the server's next evaluation (every 10 s) rolls it back by itself.
    await expect.poll(async () => (await state()).canary, { timeout: 30_000 }).toBeNull();
    const last = (await state()).history[0];
    expect(last).toMatchObject({ action: 'auto-rollback', previous_release_id: broken.body.release, actor: 'server (canary of team:feed-team)' });
    expect(last.reason).toBe('errors from 3 of 3 loading addresses in 300 s (rate 1.000) above 0.3');
    // Bringing it back within 24 hours takes force.
    const again = await call('POST', '/api/admin/remotes/mf-feed/activate/', feedToken, { release: broken.body.release, percent: 50 });
    expect([again.status, again.body.detail]).toEqual([409, expect.stringContaining('was rolled back automatically')]);
    // The open tab on the canary recovers at its next navigation.
    await header(pages[0]).locator('.shell-header__brand').click();
    await header(pages[0]).getByRole('link', { name: 'Feed', exact: true }).click();
    await expect(pages[0].getByText(`${END} [next]`)).toBeVisible({ timeout: 10_000 });
    await expect(pages[0].getByText(FAILURE)).toHaveCount(0);
    // The team reads the errors with its token.
    const errors = await call('GET', `/api/admin/remotes/mf-feed/errors/?release=${broken.body.release}`, feedToken);
    expect(errors.body.errors.length).toBe(3);
    expect(errors.body.errors[0].message).toContain('canary boom');
    for (const context of contexts) await context.close();
  });
});
