/**
 * Canaries and automatic rollback (docs/teams.md), on both databases: a canary reaches only the
 * browsers whose bucket is below its percent (manifest and HTML, Vary: Cookie), each load gets a
 * signed load_id, client error reports need a valid one and count once per remote per load
 * (counting by address, the window and the 10 s watch: client-loads.test.ts),
 * promote and rollback, the list shows loads/errors/rate, the server rolls a failing canary back
 * by itself (history, admins mailed with the team's name), and the team reads its errors with
 * stacks mapped through the release's private source maps.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { SourceMapGenerator } from 'source-map-js';
import { siteRemote } from '../../test/kit/site-remotes';
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';
import { archive, build, makeSite } from '../../test/kit/release-archives';
import { newLoadId } from './canary';
import { runRemotesCli } from './cli';
import { autoRollbackCheck, promoteRelease, ReleaseRefused, type ReleaseContext } from './service';
import { addressKey, CANARY_EVALUATION_MS } from './canary-count';
import { fakeClock } from '../../test/kit/fake-clock';

const EMBEDDED_REMOTES = /<script type="application\/json" id="wishes-remotes">([\s\S]*?)<\/script>/;

describe.each(dialects)('canaries (%s)', (dialect) => {
  let t: TestContext;
  let site: string;
  let releasesDir: string;
  let admin: TestUser;
  let token: string;
  let stable: string;
  let canary: string;

  const feed = siteRemote('mf-feed');
  const time = fakeClock(Date.now());
  // A page chunk whose line 1 column 10 maps to src/feed/FeedPage.tsx line 42.
  const generator = new SourceMapGenerator({ file: '__federation_expose_Page.cm.js' });
  generator.addMapping({ generated: { line: 1, column: 9 }, original: { line: 42, column: 4 }, source: 'src/feed/FeedPage.tsx', name: 'renderCard' });

  beforeAll(async () => {
    site = makeSite();
    releasesDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-canary-'));
    t = await createTestApp(dialect, { releasesDir, canary: { windowS: 300, maxErrorRate: 0.2, minErrors: 2 } }, { env: { WISHES_SITE_ROOT: site }, canaryClock: time.clock });
    admin = await t.createUser({ email: 'root@example.com' });
    await sql`update users set role = 'admin' where id = ${admin.id}`.execute(t.app.deps.db);
    const created = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/tokens/', token: admin.access, payload: { name: 'feed-team', scopes: ['publish', 'activate'] } });
    token = created.json().token;
    const publish = async (marker: string, extra: object = {}) => {
      const res = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/releases/', headers: { 'content-type': 'application/gzip' }, payload: await archive(build(feed, { marker, ...extra })), token });
      expect(res.statusCode).toBe(201);
      return res.json().release as string;
    };
    stable = await publish('st');
    canary = await publish('cm', { page: 'function a(){throw new Error("boom")}', map: generator.toString() });
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/activate/', token: admin.access, payload: { release: stable } })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    rmSync(site, { recursive: true, force: true });
    rmSync(releasesDir, { recursive: true, force: true });
  });

  const manifestFor = async (bucket: number | null, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: '/mf/remotes.json', headers: { ...headers, ...(bucket === null ? {} : { cookie: `other=1; wishes_bucket=${bucket}` }) } });
  const feedRelease = (body: { remotes: Array<{ name: string; release: string }> }) => body.remotes.find((r) => r.name === 'mf_feed')?.release;
  const report = (payload: Record<string, unknown>, remoteAddress = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) => t.request({ method: 'POST', url: '/api/client-errors/', payload, remoteAddress });
  /** The canary's module mounted in the browser at `remoteAddress` (the shell's report). */
  const mounted = (loadId: string, remoteAddress: string) => t.request({ method: 'POST', url: '/api/client-loads/', payload: { load_id: loadId, remote: 'mf-feed', release: canary }, remoteAddress });
  const state = async () => (await t.request({ method: 'GET', url: '/api/admin/remotes/', token: admin.access })).json().remotes.find((r: { remote: string }) => r.remote === 'mf-feed');
  const startCanary = async (percent: number) => {
    // Forced: earlier tests have the server roll this very release back.
    const res = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/activate/', token, payload: { release: canary, percent, force: true } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('a team with the activate scope starts a canary, but may not activate for everyone or promote', async () => {
    const full = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/activate/', token, payload: { release: canary } });
    expect([full.statusCode, full.json().detail]).toEqual([403, 'This token does not have the promote scope.']);
    const started = await startCanary(30);
    expect(started.switch).toMatchObject({ action: 'canary', release_id: canary, previous_release_id: stable, percent: 30, actor: 'team:feed-team' });
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/promote/', token })).statusCode).toBe(403);
    for (const percent of [0, 101, 1.5]) expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/activate/', token, payload: { release: canary, percent } })).statusCode).toBe(400);
  });

  it('reaches only the buckets below its percent, in the manifest and the HTML, per cookie', async () => {
    for (const [bucket, release] of [[0, canary], [29, canary], [30, stable], [99, stable]] as const) {
      const res = await manifestFor(bucket);
      expect([bucket, feedRelease(res.json())]).toEqual([bucket, release]);
      expect(res.headers.vary).toBe('Cookie');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['set-cookie']).toBeUndefined();
      const page = await t.request({ method: 'GET', url: '/feed', headers: { cookie: `wishes_bucket=${bucket}` } });
      expect(page.headers.vary).toBe('Cookie');
      expect(feedRelease(JSON.parse(EMBEDDED_REMOTES.exec(page.body)![1]))).toBe(release);
    }
    // A first visit gets a stable bucket cookie.
    const first = await manifestFor(null);
    expect(String(first.headers['set-cookie'])).toMatch(/^wishes_bucket=\d{1,2}; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly$/);
  });

  it('each load gets a signed load_id naming the canary it was served; serving it counts no load, nor does a 304', async () => {
    const res = await manifestFor(5);
    expect(res.json().load_id).toMatch(/^[A-Za-z0-9_-]{16}\.[0-9a-z]+\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{43}$/);
    expect((await manifestFor(50)).json().load_id).toMatch(/^[A-Za-z0-9_-]{16}\.[0-9a-z]+\.\.[A-Za-z0-9_-]{43}$/);
    expect((await state()).canary.loads).toBe(0);
    const loads = (await state()).canary.loads;
    const again = await manifestFor(5, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect((await state()).canary.loads).toBe(loads);
    expect((await manifestFor(50, { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(200);
  });

  it('client error reports: a forged, expired or foreign load_id is refused; one error per remote per load counts', async () => {
    const load = (await manifestFor(3)).json().load_id as string;
    const base = { remote: 'mf-feed', release: canary, kind: 'runtime', message: 'boom' };
    expect((await report({ ...base })).statusCode).toBe(400);
    expect((await report({ ...base, load_id: load.slice(0, -3) + 'AAA' })).statusCode).toBe(400);
    expect((await report({ ...base, load_id: newLoadId('another-secret') })).statusCode).toBe(400);
    expect((await report({ ...base, load_id: newLoadId(t.config.jwtSecret, Date.now() - 25 * 3600_000) })).statusCode).toBe(400);
    expect((await report({ ...base, load_id: load, message: 'x'.repeat(501) })).statusCode).toBe(400);
    // A load on the stable release cannot report against the canary.
    const stableLoad = (await manifestFor(80)).json().load_id as string;
    const foreign = await report({ ...base, load_id: stableLoad });
    expect([foreign.statusCode, foreign.json().detail]).toEqual([400, `This load was not served mf-feed ${canary}.`]);
    const before = (await state()).canary.errors;
    expect((await report({ ...base, load_id: load })).statusCode).toBe(204);
    expect((await report({ ...base, load_id: load, kind: 'render' })).statusCode).toBe(204);
    expect((await state()).canary.errors).toBe(before + 1);
  });

  it('promote makes the canary the release for everyone; rollback after a canary keeps the active one', async () => {
    const admins = (payload?: object) => ({ token: admin.access, ...(payload ? { payload } : {}) });
    const promoted = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/promote/', ...admins() });
    expect(promoted.json().switch).toMatchObject({ action: 'promote', release_id: canary, previous_release_id: stable });
    expect(feedRelease((await manifestFor(99)).json())).toBe(canary);
    expect((await state()).canary).toBeNull();
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/promote/', ...admins() })).statusCode).toBe(409);
    // Back to stable for the next test, then a canary rolled back by hand ends it.
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/rollback/', ...admins() })).json().switch.release_id).toBe(stable);
    await startCanary(50);
    const ended = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/rollback/', token });
    expect(ended.json().switch).toMatchObject({ action: 'rollback', release_id: stable, previous_release_id: canary, actor: 'team:feed-team' });
    expect(feedRelease((await manifestFor(0)).json())).toBe(stable);
  });

  it('the server rolls a failing canary back by itself, records why and mails the admins naming the team', async () => {
    await sql`delete from client_errors`.execute(t.app.deps.db);
    await sql`delete from canary_addresses`.execute(t.app.deps.db);
    await startCanary(20);
    const loads: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      loads.push((await manifestFor(i)).json().load_id);
      expect((await mounted(loads[i], `10.8.0.${i + 1}`)).statusCode).toBe(204);
    }
    const listed = (await state()).canary;
    expect(listed).toMatchObject({ release: canary, percent: 20, loads: 5, errors: 0, error_rate: 0 });
    const stack = `Error: boom\n    at a (http://wishes.test/mf/releases/mf-feed/${canary}/__federation_expose_Page.cm.js:1:10)`;
    // 1 of 5 = 0.2: not above the threshold (and one address is below CANARY_MIN_ERRORS anyway).
    expect((await report({ load_id: loads[0], remote: 'mf-feed', release: canary, kind: 'runtime', message: 'boom', stack }, '10.8.0.1')).statusCode).toBe(204);
    expect((await state()).canary).toMatchObject({ errors: 1, error_rate: 0.2 });
    await time.advance(CANARY_EVALUATION_MS);
    expect((await state()).canary).not.toBeNull();
    t.mails.length = 0;
    // 2 of 5 = 0.4: rolled back at the next evaluation.
    expect((await report({ load_id: loads[1], remote: 'mf-feed', release: canary, kind: 'render', message: 'boom' }, '10.8.0.2')).statusCode).toBe(204);
    await time.advance(CANARY_EVALUATION_MS);
    const after = await state();
    expect(after.canary).toBeNull();
    expect(after.history[0]).toMatchObject({ action: 'auto-rollback', release_id: stable, previous_release_id: canary, actor: 'server (canary of team:feed-team)' });
    expect(after.history[0].reason).toBe('errors from 2 of 5 loading addresses in 300 s (rate 0.400) above 0.2');
    expect(feedRelease((await manifestFor(0)).json())).toBe(stable);
    expect(t.mails.map((m) => [m.to, m.subject])).toEqual([['root@example.com', `Wishes: mf-feed canary ${canary} rolled back automatically`]]);
    expect(t.mails[0].text).toContain('team:feed-team');
    // The team reads its errors, the stack mapped through the private source map.
    const errors = await t.request({ method: 'GET', url: `/api/admin/remotes/mf-feed/errors/?release=${canary}`, token });
    expect(errors.statusCode).toBe(200);
    const runtime = errors.json().errors.find((e: { kind: string }) => e.kind === 'runtime');
    expect(runtime.stack).toBe('Error: boom\n    at a (src/feed/FeedPage.tsx:42:5 (renderCard))');
    // Not another remote's.
    expect((await t.request({ method: 'GET', url: '/api/admin/remotes/mf-compose/errors/', token })).statusCode).toBe(403);
  });

  it('`npm run remotes -- list` shows the running canary: its percent, who started it, loads, errors and error rate', async () => {
    await sql`delete from client_errors`.execute(t.app.deps.db);
    await sql`delete from canary_addresses`.execute(t.app.deps.db);
    await startCanary(40);
    const loads: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      loads.push((await manifestFor(i)).json().load_id);
      expect((await mounted(loads[i], `10.6.0.${i + 1}`)).statusCode).toBe(204);
    }
    expect((await report({ load_id: loads[0], remote: 'mf-feed', release: canary, kind: 'runtime', message: 'boom' }, '10.6.0.1')).statusCode).toBe(204);
    const saved = { ...process.env };
    Object.assign(process.env, { DATABASE_URL: t.config.databaseUrl, DATA_DIR: t.config.dataDir, RELEASES_DIR: releasesDir, WISHES_SITE_ROOT: site, JWT_SECRET: t.config.jwtSecret, CANARY_WINDOW_S: '300' });
    const out: string[] = [];
    try {
      expect(await runRemotesCli(['list'], (l) => out.push(l), () => undefined)).toBe(0);
    } finally {
      process.env = saved;
    }
    expect(out).toContain(`  canary ${canary} for 40 % of browsers (started by team:feed-team): 8 loads, 1 errors, error rate 0.125 over the last 300 s`);
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/rollback/', token: admin.access })).json().switch.action).toBe('rollback');
  });

  it('client error reports are rate-limited per address (60 a minute), the 61st is a 429', async () => {
    const limited = await createTestApp(dialect, { releasesDir, rateLimitScale: 1 }, { env: { WISHES_SITE_ROOT: site } });
    try {
      const load = (await limited.request({ method: 'GET', url: '/mf/remotes.json' })).json().load_id as string;
      const send = (remoteAddress: string) =>
        limited.request({ method: 'POST', url: '/api/client-errors/', payload: { load_id: load, remote: 'mf-compose', release: 'dist', kind: 'load', message: 'x' }, remoteAddress });
      const codes: number[] = [];
      for (let i = 0; i < 61; i += 1) codes.push((await send('10.7.7.7')).statusCode);
      expect(codes.slice(0, 60).every((c) => c === 204)).toBe(true);
      expect(codes[60]).toBe(429);
      // Another address is not limited by the first one's reports.
      expect((await send('10.7.7.8')).statusCode).toBe(204);
    } finally {
      await limited.close();
    }
  });

  /** A failing canary: 5 loading addresses, 3 of them with an error (0.6, above the 0.2 threshold), not yet evaluated. */
  const failingCanary = async () => {
    await sql`delete from client_errors`.execute(t.app.deps.db);
    await sql`delete from canary_addresses`.execute(t.app.deps.db);
    await startCanary(20);
    const now = time.clock.now();
    const row = (i: number, kind: 'load' | 'error') => ({ remote: 'mf-feed', release_id: canary, kind, address: addressKey(t.config.jwtSecret, `10.5.0.${i}`), seen_ms: now });
    await t.app.deps.db
      .insertInto('canary_addresses')
      .values([...[1, 2, 3, 4, 5].map((i) => row(i, 'load')), ...[1, 2, 3].map((i) => row(i, 'error'))])
      .execute();
  };
  const releaseContext = (notified: string[]): ReleaseContext => ({
    db: t.app.deps.db,
    releasesDir,
    siteRoot: site,
    canary: t.config.canary,
    now: time.clock.now,
    notify: async (subject) => void notified.push(subject),
  });
  const autoRollbacks = async () => (await state()).history.filter((h: { action: string }) => h.action === 'auto-rollback').length;

  it('reports arriving together roll a failing canary back once: one auto-rollback in the history, one mail', async () => {
    await failingCanary();
    const before = await autoRollbacks();
    const notified: string[] = [];
    const ctx = releaseContext(notified);
    const records = await Promise.all([autoRollbackCheck(ctx, 'mf-feed'), autoRollbackCheck(ctx, 'mf-feed'), autoRollbackCheck(ctx, 'mf-feed')]);
    expect(records.filter((r) => r !== null)).toHaveLength(1);
    expect((await autoRollbacks()) - before).toBe(1);
    expect(notified).toHaveLength(1);
    expect(feedRelease((await manifestFor(0)).json())).toBe(stable);
  });

  it('a promote racing the automatic rollback never makes the rolled-back canary live for everyone', async () => {
    await failingCanary();
    const ctx = releaseContext([]);
    const [promoted, rolledBack] = await Promise.allSettled([promoteRelease(ctx, 'mf-feed', `user:${admin.id}`), autoRollbackCheck(ctx, 'mf-feed')]);
    const after = await state();
    if (rolledBack.status === 'fulfilled' && rolledBack.value !== null) {
      // The server ended the canary: the promote is refused and everyone stays on the stable release.
      expect(promoted.status).toBe('rejected');
      expect((promoted as PromiseRejectedResult).reason).toBeInstanceOf(ReleaseRefused);
      expect(after.active).toBe(stable);
    } else {
      // The promote came first: there was no canary left to roll back.
      expect(promoted.status).toBe('fulfilled');
      expect(after.active).toBe(canary);
    }
    expect(after.history.slice(0, 2).map((h: { action: string }) => h.action)).not.toEqual(expect.arrayContaining(['promote', 'auto-rollback']));
    // Back to stable for whatever runs next.
    if (after.active !== stable) expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/rollback/', token: admin.access })).statusCode).toBe(200);
  });
});
