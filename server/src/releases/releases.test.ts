/**
 * Remote releases end to end inside the server (docs/teams.md): the gate, switching
 * over HTTP and the CLI on both databases, the manifest and pages following the active release
 * from the next request on, immutable release URLs, and a remote outside the registry joining.
 * Release folders are written by hand here (what `npm run release` produces); the browser
 * journeys build real ones.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { RemoteDeclaration } from '@wishes/kit-contract/registry';
import { siteRemote, writeSiteDeclarations } from '../../test/kit/site-remotes';
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';
import { gateProblem, KIT_SINGLETONS, shellProvidedVersions } from './gate';
import { runRemotesCli } from './cli';

const SHELL_SHARED = { react: '18.3.1', 'react-dom': '18.3.1', 'react-router-dom': '6.30.6', rxjs: '7.8.2', '@tanstack/react-query': '5.108.0' };
/** The kit's run-time packages as their workspaces say (shared/kit-<name>/package.json, wishesKit.kind). */
function kitSingletons(): Array<{ name: string; version: string }> {
  const shared = path.join(__dirname, '..', '..', '..', 'shared');
  return readdirSync(shared)
    .filter((dir) => dir.startsWith('kit-'))
    .map((dir) => JSON.parse(readFileSync(path.join(shared, dir, 'package.json'), 'utf8')) as { name: string; version: string; wishesKit?: { kind?: string } })
    .filter((pkg) => pkg.wishesKit?.kind === 'singleton');
}

const TEMPLATE = '<!doctype html><html><head><title>Wishes</title></head><body><div id="root"></div></body></html>';

function put(root: string, file: string, content: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
}

function federationManifest(name: string, required: Record<string, string>, exposes: Record<string, string[]>) {
  return JSON.stringify({
    name,
    metaData: { name, remoteEntry: { name: 'remoteEntry.js', path: '' } },
    shared: Object.entries(required).map(([pkg, range]) => ({ name: pkg, version: range.replace(/^\^/, ''), requiredVersion: range, singleton: true, assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } })),
    exposes: Object.entries(exposes).map(([expose, files]) => ({ name: expose, path: `./${expose}`, assets: { js: { sync: files, async: [] }, css: { sync: [], async: [] } } })),
  });
}

const REQUIRED = { react: '^18.3.1', 'react-dom': '^18.3.1', 'react-router-dom': '^6.30.0', rxjs: '^7.8.2', '@tanstack/react-query': '^5.108.0' };

function makeSite(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'wishes-rel-site-'));
  put(root, 'shell/dist/index.html', TEMPLATE);
  put(root, 'shell/dist/mf-manifest.json', JSON.stringify({ name: 'shell', shared: Object.entries(SHELL_SHARED).map(([name, version]) => ({ name, version })), exposes: [] }));
  put(root, 'mf-feed/dist/remoteEntry.js', 'var mf_feed; /* dist */');
  put(root, 'mf-feed/dist/__federation_expose_FeedPage.11111111.js', 'dist page');
  const feedExposes = Object.keys(siteRemote('mf-feed').exposes);
  put(root, 'mf-feed/dist/mf-manifest.json', federationManifest('mf_feed', REQUIRED, Object.fromEntries(feedExposes.map((e) => [e, ['__federation_expose_FeedPage.11111111.js']]))));
  writeSiteDeclarations(root);
  return root;
}

/** A finished release folder as `npm run release` leaves it. */
function makeRelease(releasesDir: string, remote: string, id: string, options: { required?: Record<string, string>; declaration?: RemoteDeclaration; page?: string; drop?: string[] } = {}): string {
  const dir = path.join(releasesDir, remote, id);
  const declaration = options.declaration ?? siteRemote(remote)!;
  const page = options.page ?? `__federation_expose_FeedPage.${id.slice(-8).padStart(8, '0')}.js`;
  put(dir, 'remoteEntry.js', `var ${declaration.name}; /* ${id} */`);
  put(dir, page, `page of ${id}`);
  // Every module it declares, each with the page file (the gate checks the consumed ones are exposed).
  const exposes = Object.fromEntries(Object.keys(declaration.exposes).filter((e) => !options.drop?.includes(e)).map((e) => [e, [page]]));
  put(dir, 'mf-manifest.json', federationManifest(declaration.name, options.required ?? REQUIRED, exposes));
  put(dir, 'release.json', JSON.stringify({ remote, id, version: '0.1.0', hash: 'x', created_at: new Date().toISOString(), declaration }));
  return dir;
}

const HELLO: RemoteDeclaration = {
  key: 'hello',
  name: 'mf_hello',
  folder: 'mf-hello',
  devPort: 3099,
  exposes: { HelloPage: './src/HelloPage.tsx' },
  routes: [{ path: '/hello', expose: 'HelloPage', title: 'Hello' }],
  nav: [{ to: '/hello', label: 'Hello', icon: 'sparkle', visibility: 'members', order: 45 }],
};

describe('the compatibility gate', () => {
  let site: string;
  let releases: string;
  beforeAll(() => {
    site = makeSite();
    releases = mkdtempSync(path.join(os.tmpdir(), 'wishes-rel-'));
  });
  afterAll(() => {
    rmSync(site, { recursive: true, force: true });
    rmSync(releases, { recursive: true, force: true });
  });

  it('knows every run-time kit package of the kit as a singleton', () => {
    expect([...KIT_SINGLETONS].sort()).toEqual(kitSingletons().map((k) => k.name).sort());
  });

  it('reads what the shell provides from its build (the kit from its installed packages when the build does not list it)', () => {
    const kit = Object.fromEntries(kitSingletons().map((k) => [k.name, k.version]));
    expect(Object.fromEntries(shellProvidedVersions(site))).toEqual({ ...SHELL_SHARED, ...kit });
  });

  it('passes a remote built on an older kit beside a newer shell within its range, and refuses one outside it', () => {
    // A shell released with @wishes/kit-ui 1.4.0 (and kit-session 1.0.2); the remote was built on kit-ui 1.0.0.
    const newerShell = mkdtempSync(path.join(os.tmpdir(), 'wishes-rel-site-'));
    const provides = { ...SHELL_SHARED, '@wishes/kit-ui': '1.4.0', '@wishes/kit-session': '1.0.2', '@wishes/kit-client': '1.0.0' };
    put(newerShell, 'shell/dist/mf-manifest.json', JSON.stringify({ name: 'shell', shared: Object.entries(provides).map(([name, version]) => ({ name, version })), exposes: [] }));
    try {
      const kitRemote = { react: '^18.3.1', 'react-dom': '^18.3.1', '@wishes/kit-ui': '^1.0.0', '@wishes/kit-session': '^1.0.0', '@wishes/kit-client': '^1.0.0' };
      const older = makeRelease(releases, 'mf-hello', '0.1.0-cccccccc', { declaration: HELLO, required: kitRemote });
      expect(gateProblem(older, shellProvidedVersions(newerShell))).toBeNull();
      const newer = makeRelease(releases, 'mf-hello', '0.1.0-dddddddd', { declaration: HELLO, required: { ...kitRemote, '@wishes/kit-ui': '^2.0.0' } });
      expect(gateProblem(newer, shellProvidedVersions(newerShell))).toBe('needs @wishes/kit-ui ^2.0.0, but the active shell provides @wishes/kit-ui 1.4.0');
    } finally {
      rmSync(newerShell, { recursive: true, force: true });
    }
  });

  it('passes a release whose ranges the shell satisfies and whose files are all there', () => {
    expect(gateProblem(makeRelease(releases, 'mf-feed', '0.1.0-aaaaaaaa'), shellProvidedVersions(site))).toBeNull();
  });

  it.each<[string, Record<string, string>, string]>([
    ['react ^99', { ...REQUIRED, react: '^99.0.0' }, 'needs react ^99.0.0, but the active shell provides react 18.3.1'],
    ['@tanstack/react-query ^6.0.0', { ...REQUIRED, '@tanstack/react-query': '^6.0.0' }, 'needs @tanstack/react-query ^6.0.0, but the active shell provides @tanstack/react-query 5.108.0'],
    ['rxjs ^8', { ...REQUIRED, rxjs: '^8.0.0' }, 'needs rxjs ^8.0.0, but the active shell provides rxjs 7.8.2'],
  ])('refuses a release needing %s, naming the package and both versions', (_label, required, reason) => {
    const dir = makeRelease(releases, 'mf-feed', `0.1.0-${Math.random().toString(16).slice(2, 10)}`, { required });
    expect(gateProblem(dir, shellProvidedVersions(site))).toBe(reason);
  });

  it('refuses a release with a file its manifest names missing', () => {
    const dir = makeRelease(releases, 'mf-feed', '0.1.0-bbbbbbbb');
    unlinkSync(path.join(dir, '__federation_expose_FeedPage.bbbbbbbb.js'));
    expect(gateProblem(dir, shellProvidedVersions(site))).toBe('__federation_expose_FeedPage.bbbbbbbb.js is missing (named in its mf-manifest.json)');
    unlinkSync(path.join(dir, 'mf-manifest.json'));
    expect(gateProblem(dir, shellProvidedVersions(site))).toBe('the release has no readable mf-manifest.json');
  });
});

describe.each(dialects)('remote releases (%s)', (dialect) => {
  let t: TestContext;
  let site: string;
  let releasesDir: string;
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    site = makeSite();
    releasesDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-rel-'));
    makeRelease(releasesDir, 'mf-feed', '0.1.0-0000000a');
    makeRelease(releasesDir, 'mf-feed', '0.1.0-0000000b');
    makeRelease(releasesDir, 'mf-feed', '0.1.0-0000react', { required: { ...REQUIRED, react: '^99.0.0' } });
    const broken = makeRelease(releasesDir, 'mf-feed', '0.1.0-000broken');
    unlinkSync(path.join(broken, '__federation_expose_FeedPage.00broken.js'));
    makeRelease(releasesDir, 'mf-hello', '0.0.1-0000hello', { declaration: HELLO, page: '__federation_expose_HelloPage.12345678.js' });
    // An unfinished build (no release.json yet) is invisible.
    put(releasesDir, 'mf-feed/.building-x/remoteEntry.js', 'partial');
    put(releasesDir, 'mf-feed/0.1.0-unfinished/remoteEntry.js', 'partial');
    t = await createTestApp(dialect, { releasesDir }, { env: { WISHES_SITE_ROOT: site } });
    admin = await t.createUser({ email: 'root@example.com' });
    await sql`update users set role = 'admin' where id = ${admin.id}`.execute(t.app.deps.db);
    member = await t.createUser();
  });
  afterAll(async () => {
    await t.close();
    rmSync(site, { recursive: true, force: true });
    rmSync(releasesDir, { recursive: true, force: true });
  });

  const manifestEntry = async (name: string) => {
    const res = await t.request({ method: 'GET', url: '/mf/remotes.json' });
    expect(res.headers['cache-control']).toBe('no-cache');
    return (res.json().remotes as Array<{ name: string; entry: string; release: string; routes: Array<{ path: string }>; nav: Array<{ label: string }> }>).find((r) => r.name === name);
  };
  const activate = (remote: string, release: unknown, token = admin.access) => t.request({ method: 'POST', url: `/api/admin/remotes/${remote}/activate/`, token, payload: { release } });
  const rollback = (remote: string, token = admin.access) => t.request({ method: 'POST', url: `/api/admin/remotes/${remote}/rollback/`, token });
  const history = async () => Number((await sql<{ n: number }>`select count(*) as n from remote_switches`.execute(t.app.deps.db)).rows[0].n);

  it('admin calls: 401 for a visitor, 403 for a member, the state for an admin', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/remotes/' })).statusCode).toBe(401);
    const forbidden = await t.request({ method: 'GET', url: '/api/admin/remotes/', token: member.access });
    expect([forbidden.statusCode, forbidden.json()]).toEqual([403, { error: 'Only admins can manage remote releases.' }]);
    expect((await activate('mf-feed', '0.1.0-0000000a', member.access)).statusCode).toBe(403);
    expect((await rollback('mf-feed', member.access)).statusCode).toBe(403);
    const list = await t.request({ method: 'GET', url: '/api/admin/remotes/', token: admin.access });
    expect(list.statusCode).toBe(200);
    const feed = list.json().remotes.find((r: { remote: string }) => r.remote === 'mf-feed');
    expect(feed.active).toBe('dist');
    expect(feed.releases.map((r: { id: string }) => r.id).sort()).toEqual(['0.1.0-0000000a', '0.1.0-0000000b', '0.1.0-0000react', '0.1.0-000broken']);
    expect(list.json().remotes.find((r: { remote: string }) => r.remote === 'mf-hello')).toMatchObject({ registered: false, active: 'dist' });
  });

  it('serves the dist/ folder until a release is activated', async () => {
    expect(await manifestEntry('mf_feed')).toMatchObject({ entry: '/mf/mf-feed/remoteEntry.js', release: 'dist' });
  });

  it('activation switches the manifest, the inlined manifest and the preloads from the next request on', async () => {
    const res = await activate('mf-feed', '0.1.0-0000000a');
    expect(res.statusCode).toBe(200);
    expect(res.json().switch).toMatchObject({ remote: 'mf-feed', action: 'activate', release_id: '0.1.0-0000000a', previous_release_id: 'dist', actor: `user:${admin.id}` });
    expect(await manifestEntry('mf_feed')).toMatchObject({ entry: '/mf/releases/mf-feed/0.1.0-0000000a/remoteEntry.js', release: '0.1.0-0000000a' });
    const page = await t.request({ method: 'GET', url: '/feed' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<link rel="preload" as="script" href="/mf/releases/mf-feed/0.1.0-0000000a/remoteEntry.js">');
    expect(page.body).toContain('<link rel="preload" as="script" href="/mf/releases/mf-feed/0.1.0-0000000a/__federation_expose_FeedPage.0000000a.js">');
    expect(page.body).toContain('"entry":"/mf/releases/mf-feed/0.1.0-0000000a/remoteEntry.js"');
  });

  it("serves a release's files at their own URL, cached for good; unfinished or unknown releases are 404", async () => {
    const entry = await t.request({ method: 'GET', url: '/mf/releases/mf-feed/0.1.0-0000000a/remoteEntry.js' });
    expect([entry.statusCode, entry.body, entry.headers['cache-control']]).toEqual([200, 'var mf_feed; /* 0.1.0-0000000a */', 'public, max-age=31536000, immutable']);
    // A folder `npm run release` wrote is served only once it passed the gate (activated).
    expect((await t.request({ method: 'GET', url: '/mf/releases/mf-feed/0.1.0-0000000b/remoteEntry.js' })).statusCode).toBe(404);
    for (const url of ['/mf/releases/mf-feed/0.1.0-unfinished/remoteEntry.js', '/mf/releases/mf-feed/.building-x/remoteEntry.js', '/mf/releases/mf-feed/nope/remoteEntry.js', '/mf/releases/mf-feed/0.1.0-0000000a/nope.js', '/mf/releases/MF/x/remoteEntry.js']) {
      expect([url, (await t.request({ method: 'GET', url })).statusCode]).toEqual([url, 404]);
    }
  });

  it.each([
    ['0.1.0-0000react', 'mf-feed 0.1.0-0000react refused: needs react ^99.0.0, but the active shell provides react 18.3.1'],
    ['0.1.0-000broken', 'mf-feed 0.1.0-000broken refused: __federation_expose_FeedPage.00broken.js is missing (named in its mf-manifest.json)'],
  ])('refuses %s with a one-line reason and changes nothing', async (release, reason) => {
    const before = [await manifestEntry('mf_feed'), await history()];
    const res = await activate('mf-feed', release);
    expect([res.statusCode, res.json()]).toEqual([409, { error: reason, detail: reason }]);
    expect([await manifestEntry('mf_feed'), await history()]).toEqual(before);
    // The refused folder's files are never served.
    for (const file of ['remoteEntry.js', 'mf-manifest.json', 'release.json']) {
      expect((await t.request({ method: 'GET', url: `/mf/releases/mf-feed/${release}/${file}` })).statusCode).toBe(404);
    }
  });

  it('"dist" is not a release: activating it, or a canary with no active release, is refused', async () => {
    const before = await history();
    const dist = await activate('mf-feed', 'dist');
    expect([dist.statusCode, dist.json().detail]).toEqual([409, `"dist" is not a release: mf-feed/dist changes with every build; the site's own build is released at start-up, activate a release id`]);
    const canary = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-profile/activate/', token: admin.access, payload: { release: 'dist', percent: 10 } });
    expect(canary.statusCode).toBe(409);
    expect(await history()).toBe(before);
  });

  it('404 for an unknown remote or release; 400 for a malformed body or remote', async () => {
    expect((await activate('mf-nope', '0.1.0-0000000a')).statusCode).toBe(404);
    expect((await activate('mf-feed', '0.9.9-missing')).statusCode).toBe(404);
    expect((await rollback('mf-nope')).statusCode).toBe(404);
    expect((await activate('mf-feed', 5)).statusCode).toBe(400);
    expect((await activate('mf-feed', '../../etc')).statusCode).toBe(400);
    expect((await activate('MF_FEED', '0.1.0-0000000a')).statusCode).toBe(400);
  });

  it('rollback returns to the previous release, then refuses: never onto the mutable dist/ folder; history says who and when', async () => {
    expect((await activate('mf-feed', '0.1.0-0000000b')).statusCode).toBe(200);
    expect((await manifestEntry('mf_feed'))?.release).toBe('0.1.0-0000000b');
    const back = await rollback('mf-feed');
    expect(back.json().switch).toMatchObject({ action: 'rollback', release_id: '0.1.0-0000000a', previous_release_id: '0.1.0-0000000b' });
    expect((await manifestEntry('mf_feed'))?.release).toBe('0.1.0-0000000a');
    const none = await rollback('mf-feed');
    expect([none.statusCode, none.json().error]).toEqual([409, 'mf-feed has no earlier release to roll back to (active: 0.1.0-0000000a)']);
    expect(await manifestEntry('mf_feed')).toMatchObject({ entry: '/mf/releases/mf-feed/0.1.0-0000000a/remoteEntry.js', release: '0.1.0-0000000a' });
    const list = await t.request({ method: 'GET', url: '/api/admin/remotes/', token: admin.access });
    const feed = list.json().remotes.find((r: { remote: string }) => r.remote === 'mf-feed');
    expect(feed.history.map((h: { action: string; release_id: string }) => `${h.action} ${h.release_id}`)).toEqual(['rollback 0.1.0-0000000a', 'activate 0.1.0-0000000b', 'activate 0.1.0-0000000a']);
    expect(feed.history.every((h: { actor: string; created_at: string }) => h.actor.startsWith('user:') && /^\d{4}-\d\d-\d\dT/.test(h.created_at))).toBe(true);
    // A release that was live stays reachable at its URL (open tabs may still load its chunks).
    expect((await t.request({ method: 'GET', url: '/mf/releases/mf-feed/0.1.0-0000000b/remoteEntry.js' })).statusCode).toBe(200);
  });

  it('a remote outside the registry joins with its release: its routes, nav entry and preloads', async () => {
    expect(await manifestEntry('mf_hello')).toBeUndefined();
    expect((await activate('mf-hello', '0.0.1-0000hello')).statusCode).toBe(200);
    expect(await manifestEntry('mf_hello')).toMatchObject({ entry: '/mf/releases/mf-hello/0.0.1-0000hello/remoteEntry.js', routes: [{ path: '/hello' }], nav: [{ label: 'Hello' }] });
    const page = await t.request({ method: 'GET', url: '/hello' });
    expect(page.body).toContain('href="/mf/releases/mf-hello/0.0.1-0000hello/__federation_expose_HelloPage.12345678.js"');
    // Its first release has no earlier one to roll back to: 409, and it stays on the site.
    const first = await rollback('mf-hello');
    expect([first.statusCode, first.json().error]).toEqual([409, 'mf-hello has no earlier release to roll back to (active: 0.0.1-0000hello)']);
    expect(await manifestEntry('mf_hello')).toMatchObject({ release: '0.0.1-0000hello' });
  });

  it('the CLI switches the same state with exit codes 0 and 1 and one-line refusals', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { DATABASE_URL: t.config.databaseUrl, DATA_DIR: t.config.dataDir, RELEASES_DIR: releasesDir, WISHES_SITE_ROOT: site, JWT_SECRET: t.config.jwtSecret });
    const out: string[] = [];
    const err: string[] = [];
    const cli = (...argv: string[]) => runRemotesCli(argv, (l) => out.push(l), (l) => err.push(l));
    try {
      expect(await cli('activate', 'mf-feed', '0.1.0-0000000b')).toBe(0);
      expect((await manifestEntry('mf_feed'))?.release).toBe('0.1.0-0000000b');
      expect(await cli('activate', 'mf-feed', '0.1.0-0000react')).toBe(1);
      expect(err).toEqual(['refused: mf-feed 0.1.0-0000react refused: needs react ^99.0.0, but the active shell provides react 18.3.1']);
      expect((await manifestEntry('mf_feed'))?.release).toBe('0.1.0-0000000b');
      expect(await cli('rollback', 'mf-feed')).toBe(0);
      expect((await manifestEntry('mf_feed'))?.release).toBe('0.1.0-0000000a');
      expect(await cli('rollback', 'mf-feed')).toBe(1);
      expect(err[1]).toBe('refused: mf-feed has no earlier release to roll back to (active: 0.1.0-0000000a)');
      expect(await cli('activate', 'mf-feed', 'dist')).toBe(1);
      out.length = 0;
      expect(await cli('list', '--json')).toBe(0);
      const listed = JSON.parse(out.join('\n')).remotes.find((r: { remote: string }) => r.remote === 'mf-feed');
      expect(listed.history[0]).toMatchObject({ action: 'rollback', release_id: '0.1.0-0000000a', actor: expect.stringMatching(/^cli:/) });
      expect(await cli('activate', 'mf-feed')).toBe(2);
    } finally {
      process.env = saved;
    }
  });

  it('reads the role from the database on every call: a promotion and a demotion count at once', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/remotes/', token: member.access })).statusCode).toBe(403);
    await sql`update users set role = 'admin' where id = ${member.id}`.execute(t.app.deps.db);
    expect((await t.request({ method: 'GET', url: '/api/admin/remotes/', token: member.access })).statusCode).toBe(200);
    await sql`update users set role = 'moderator' where id = ${member.id}`.execute(t.app.deps.db);
    expect((await t.request({ method: 'GET', url: '/api/admin/remotes/', token: member.access })).statusCode).toBe(403);
  });
});
