/**
 * A new team's release path (docs/teams.md, "From zero to a promoted release"), against a real
 * server, a real SMTP receiver and real Chromium: an admin gives the team a token with its
 * address; the team scaffolds its remote from the site's /kit/ alone (`npm exec` of the kit-build
 * tarball the site's /kit/index.json lists, `wishes-new-remote`), installs, and publishes with
 * `npm run release -- --publish --notes` (its own tests run first); the release goes live, a
 * broken next release runs as a canary for 50 % of browsers, three browsers at three client
 * addresses get it and fail, and the server rolls it back by itself; the team's address gets the
 * mail (release id, reason, link; no error text); an admin's Releases page shows the history with
 * the notes as text, at 390 and 1280 px.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { Api, type TestUser } from '../support/api';
import { expect, pageSignedInAs, test } from '../support/fixtures';
import { decodeBody, mailsTo } from '../support/mail';
import { setRole } from '../support/roles';
import { startServer, type ServerHandle } from '../support/server';
import { expectAxeClean } from '../support/page-checks';
import { teamCommands } from '../support/team-commands';

const FOLDER = 'mf-teamdemo';
const TEAM_MAIL = 'teamdemo-team@example.com';
const ADMIN_EMAIL = 'teamdemo-admin@example.com';
const NOTES = 'First <b>teamdemo</b> page & more';
const SHOTS = '/tmp/shots/team-release';
const FAILURE = 'This part of Wishes could not be loaded.';

let server: ServerHandle;
let work = '';
let releasesDir = '';
let admin: TestUser;

const { teamEnv, run } = teamCommands('team-release', ['cache', 'registry', 'userconfig']);

async function call(method: 'GET' | 'POST', url: string, token: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(server.url + url, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

test.describe("a new team's release path, from the kit alone", () => {
  test.describe.configure({ mode: 'serial', timeout: 900_000 });

  test.beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'wishes-e2e-team-'));
    releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wishes-e2e-team-rel-'));
    // TRUST_PROXY=1: each browser context's X-Forwarded-For is its client address (canaries count addresses).
    server = await startServer({ label: 'team-release', env: { RELEASES_DIR: releasesDir, CANARY_MIN_ERRORS: '3', CANARY_MAX_ERROR_RATE: '0.3', TRUST_PROXY: '1' } });
    const api = new Api(server.url);
    admin = await api.createUser({ email: ADMIN_EMAIL });
    setRole(server.dataDir, ADMIN_EMAIL, 'admin');
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  test.afterAll(async () => {
    await server?.stop();
    for (const dir of [work, releasesDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('scaffold from /kit/, publish with notes, a broken canary at 50 % rolled back by itself, the team mailed, the Releases page', async ({ browser }) => {
    // 0. The admin admits the remote with a token carrying the team's address.
    const created = await call('POST', `/api/admin/remotes/${FOLDER}/tokens/`, admin.access, { name: 'teamdemo', email: TEAM_MAIL });
    expect(created.status).toBe(201);
    const token = created.body.token as string;

    // 1. The kit's index, and the scaffold from the kit-build tarball it lists, with nothing of the monorepo.
    const index = await fetch(`${server.url}/kit/index.json`);
    expect(index.headers.get('content-type')).toMatch(/^application\/json/);
    const packages = (await index.json()).packages as Array<{ name: string; file: string; integrity: string }>;
    const kitBuild = packages.find((p) => p.name === '@wishes/kit-build')!;
    expect(kitBuild.integrity).toMatch(/^sha512-/);
    const tarball = await fetch(`${server.url}/kit/${kitBuild.file}`);
    expect(tarball.headers.get('content-type')).toBe('application/gzip');
    const dir = path.join(work, FOLDER);
    const scaffolded = await run('npm', ['exec', '--yes', `--package=${server.url}/kit/${kitBuild.file}`, '--', 'wishes-new-remote', FOLDER, dir, '--site', server.url], work, teamEnv({ npm_config_cache: path.join(work, '.npm') }));
    expect(scaffolded.join('\n')).toContain(`its kit from ${server.url}/kit/`);
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    // Each kit package it depends on is the tarball the index lists, at its /kit/ URL.
    const kitDeps = Object.entries({ ...pkg.dependencies, ...pkg.devDependencies }).filter(([name]) => name.startsWith('@wishes/'));
    expect(kitDeps.map(([name]) => name)).toEqual(expect.arrayContaining(['@wishes/kit-build', '@wishes/kit-ui', '@wishes/kit-contract']));
    for (const [name, spec] of kitDeps) expect([name, spec]).toEqual([name, `${server.url}/kit/${packages.find((p) => p.name === name)!.file}`]);
    const declaration = fs.readFileSync(path.join(dir, 'remote.config.ts'), 'utf8');
    expect(declaration).not.toContain('devPort: 3100,');
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], dir);

    // 2. Publish with notes: its own tests run first; the id is the last line.
    const release = async (notes: string, ...extra: string[]) => (await run('npm', ['run', 'release', '--', '--publish', server.url, '--notes', notes, ...extra], dir, teamEnv({ WISHES_TEAM_TOKEN: token }))).pop() ?? '';
    const first = await release(NOTES);
    expect(first).toMatch(/^0\.1\.0-[0-9a-f]{12}$/);
    expect((await call('POST', `/api/admin/remotes/${FOLDER}/activate/`, token, { release: first })).status).toBe(200);

    // 3. A broken next build: its own tests catch it, so the team forces it out with --skip-tests
    // (recorded), as a canary for half the browsers.
    const page = fs.readdirSync(path.join(dir, 'src')).find((f) => f.endsWith('Page.tsx') && !f.includes('.test.'))!;
    const pageFile = path.join(dir, 'src', page);
    fs.writeFileSync(pageFile, fs.readFileSync(pageFile, 'utf8').replace('const user = useSessionUser();', 'const user = useSessionUser();\n  // Well-typed, so the build (which compiles the exposed types) succeeds and only the browser fails.\n  if (Date.now() > 0) throw new Error("teamdemo boom");'));
    await expect(release('Broken on purpose')).rejects.toThrow(/the tests of mf-teamdemo failed \(npm test exit code \d+\); nothing was built/);
    const broken = await release('Broken on purpose', '--skip-tests');
    expect(broken).not.toBe(first);
    const canary = await call('POST', `/api/admin/remotes/${FOLDER}/activate/`, token, { release: broken, percent: 50 });
    expect(canary.body.switch).toMatchObject({ action: 'canary', percent: 50, actor: 'team:teamdemo' });

    // 4. Three browsers in the canary's buckets, at three client addresses, get it and fail.
    const route = (/path: "([^"]+)"/.exec(declaration) ?? [])[1];
    const contexts: BrowserContext[] = [];
    for (const bucket of [1, 2, 3]) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${60 + bucket}` } });
      await context.addCookies([{ name: 'wishes_bucket', value: String(bucket), url: server.url }]);
      contexts.push(context);
      const tab = await context.newPage();
      await tab.goto(`${server.url}${route}`);
      await expect(tab.getByText(FAILURE).first()).toBeVisible({ timeout: 30_000 });
    }
    // The server's 10 s evaluation rolls it back by itself.
    const state = async () => (await call('GET', `/api/admin/remotes/${FOLDER}/releases/`, token)).body.releases as Array<{ release: string; state: string; notes: string | null; published_by: string; tests_skipped: boolean }>;
    await expect.poll(async () => (await state()).map((r) => `${r.release} ${r.state}`), { timeout: 40_000 }).toEqual([`${broken} rolled-back`, `${first} active`]);
    expect((await state())[0]).toMatchObject({ notes: 'Broken on purpose', tests_skipped: true });
    expect((await state())[1]).toMatchObject({ notes: NOTES, tests_skipped: false, published_by: 'team:teamdemo' });
    for (const context of contexts) await context.close();

    // 5. The team's address gets the mail: the release, the reason and a link, never the error text.
    await expect.poll(() => mailsTo(TEAM_MAIL).length, { timeout: 15_000 }).toBeGreaterThan(0);
    // Header lines unfolded (a long subject is folded over two lines).
    const mail = decodeBody(mailsTo(TEAM_MAIL)[0].raw).replace(/\r?\n[ \t]+/g, ' ');
    expect(mail).toContain(`${FOLDER} canary ${broken} rolled back automatically`);
    expect(mail).toContain('errors from 3 of 3 loading addresses');
    expect(mail).toContain('/moderation/releases');
    expect(mail).not.toContain('teamdemo boom');

    // 6. The admin's Releases page: the history, the notes as text.
    const adminPage = await pageSignedInAs(browser, admin, server.url);
    for (const width of [1280, 390]) {
      await adminPage.setViewportSize({ width, height: 900 });
      await adminPage.goto(`${server.url}/moderation/releases`);
      const section = adminPage.getByRole('region', { name: new RegExp(FOLDER) });
      await expect(section.getByText(NOTES)).toBeVisible({ timeout: 30_000 });
      await expect(section.getByText('rolled-back', { exact: true })).toBeVisible();
      await expect(section.getByText(/errors from 3 of 3 loading addresses/)).toBeVisible();
      await expect(adminPage.locator('b', { hasText: 'teamdemo' })).toHaveCount(0);
      await adminPage.screenshot({ path: path.join(SHOTS, `releases-${width}.png`), fullPage: true });
    }
    await expectAxeClean(adminPage, 'the Releases page');
    await adminPage.context().close();
  });
});
