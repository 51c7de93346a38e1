/**
 * Canaries that cannot be gamed (canary-count.ts), on both databases, with distinct client
 * addresses through a trusted proxy (TRUST_PROXY + X-Forwarded-For) and a fake clock for the
 * window and the 10 s evaluation: serving pages counts no load; a load counts once its module
 * mounted (POST /api/client-loads/), with a signed, unexpired load_id that was served the canary;
 * loads and errors count once per address per window; the server rolls a canary back on its own
 * 10 s evaluation only when errors from CANARY_MIN_ERRORS addresses pass the rate; and a release
 * it rolled back needs `force` to go live again within 24 hours.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { siteRemote } from '../../test/kit/site-remotes';
import { createTestApp, dialects, expectJsonClientError, type TestContext, type TestUser } from '../../test/kit/harness';
import { archive, build, makeSite } from '../../test/kit/release-archives';
import { newLoadId } from './canary';
import { CANARY_EVALUATION_MS } from './canary-count';
import { fakeClock } from '../../test/kit/fake-clock';

describe.each(dialects)('canaries that cannot be gamed (%s)', (dialect) => {
  let t: TestContext;
  let site: string;
  let releasesDir: string;
  let admin: TestUser;
  let token: string;
  let stable: string;
  let canary: string;
  const time = fakeClock(Date.now());
  const WINDOW_S = 300;

  beforeAll(async () => {
    site = makeSite();
    releasesDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-client-loads-'));
    t = await createTestApp(
      dialect,
      { releasesDir, rateLimitScale: 1000, canary: { windowS: WINDOW_S, maxErrorRate: 0.2, minErrors: 3 } },
      { env: { WISHES_SITE_ROOT: site, TRUST_PROXY: '1' }, canaryClock: time.clock },
    );
    admin = await t.createUser({ email: 'root@example.com' });
    await sql`update users set role = 'admin' where id = ${admin.id}`.execute(t.app.deps.db);
    token = (await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/tokens/', token: admin.access, payload: { name: 'feed-team', scopes: ['publish', 'activate'] } })).json().token;
    const feed = siteRemote('mf-feed');
    const publish = async (marker: string) => {
      const res = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/releases/', headers: { 'content-type': 'application/gzip' }, payload: await archive(build(feed, { marker })), token });
      expect(res.statusCode).toBe(201);
      return res.json().release as string;
    };
    stable = await publish('st');
    canary = await publish('cn');
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/activate/', token: admin.access, payload: { release: stable } })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    rmSync(site, { recursive: true, force: true });
    rmSync(releasesDir, { recursive: true, force: true });
  });

  /** A request from client address `ip`, as the trusted proxy in front of the server forwards it. */
  const from = (ip: string, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.request({ method, url, headers: { 'x-forwarded-for': ip, ...headers }, ...(payload ? { payload } : {}) });
  const loadIdFor = async (ip: string, bucket = 0) => (await from(ip, 'GET', '/mf/remotes.json', undefined, { cookie: `wishes_bucket=${bucket}` })).json().load_id as string;
  const mounted = (ip: string, loadId: string, release = canary) => from(ip, 'POST', '/api/client-loads/', { load_id: loadId, remote: 'mf-feed', release });
  const failed = (ip: string, loadId: string) => from(ip, 'POST', '/api/client-errors/', { load_id: loadId, remote: 'mf-feed', release: canary, kind: 'render', message: 'boom' });
  const state = async () => (await t.request({ method: 'GET', url: '/api/admin/remotes/', token: admin.access })).json().remotes.find((r: { remote: string }) => r.remote === 'mf-feed');
  const startCanary = async (force?: boolean) => {
    await sql`delete from canary_addresses`.execute(t.app.deps.db);
    const res = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/activate/', token, payload: { release: canary, percent: 20, ...(force ? { force } : {}) } });
    expect(res.statusCode).toBe(200);
  };

  it('serving pages and the manifest counts nothing: 300 anonymous GETs in bucket 0 are 0 loads', async () => {
    await startCanary();
    for (let i = 0; i < 150; i += 1) {
      await t.request({ method: 'GET', url: '/mf/remotes.json', headers: { cookie: 'wishes_bucket=0' } });
      await t.request({ method: 'GET', url: '/feed', headers: { cookie: 'wishes_bucket=0' } });
    }
    expect((await state()).canary).toMatchObject({ release: canary, loads: 0, errors: 0 });
    // The manifest marks the canary for the shell, which reports its module mounting.
    const manifest = (await t.request({ method: 'GET', url: '/mf/remotes.json', headers: { cookie: 'wishes_bucket=0' } })).json();
    expect(manifest.remotes.find((r: { folder: string }) => r.folder === 'mf-feed')).toMatchObject({ release: canary, canary: true });
    const other = (await t.request({ method: 'GET', url: '/mf/remotes.json', headers: { cookie: 'wishes_bucket=90' } })).json();
    expect(other.remotes.find((r: { folder: string }) => r.folder === 'mf-feed').canary).toBeUndefined();
  });

  it('a load counts once its module mounted, with a signed, unexpired load_id served that canary; once per address per window', async () => {
    await startCanary();
    const load = await loadIdFor('198.51.100.1');
    // Forged, expired, another server's, malformed: 400, nothing counted.
    for (const bad of [load.slice(0, -3) + 'AAA', newLoadId('another-secret-0123456789abcdef', time.clock.now(), [{ remote: 'mf-feed', release: canary }]), newLoadId(t.config.jwtSecret, time.clock.now() - 25 * 3600_000, [{ remote: 'mf-feed', release: canary }]), 'x']) {
      expectJsonClientError(await mounted('198.51.100.1', bad), 400);
    }
    // A load served the stable release cannot claim the canary.
    const stableLoad = await loadIdFor('198.51.100.1', 90);
    const foreign = await mounted('198.51.100.1', stableLoad);
    expect([foreign.statusCode, foreign.json().detail]).toEqual([400, `This load was not served mf-feed ${canary}.`]);
    // A release that is not the running canary: 204, nothing counted.
    expect((await mounted('198.51.100.1', stableLoad, stable)).statusCode).toBe(204);
    expect((await state()).canary.loads).toBe(0);
    // One address, many mounts (many page loads): one load.
    for (let i = 0; i < 20; i += 1) expect((await mounted('198.51.100.1', await loadIdFor('198.51.100.1'))).statusCode).toBe(204);
    expect((await state()).canary.loads).toBe(1);
    // Ten more addresses: eleven.
    for (let i = 2; i <= 11; i += 1) expect((await mounted(`198.51.100.${i}`, await loadIdFor(`198.51.100.${i}`))).statusCode).toBe(204);
    expect((await state()).canary.loads).toBe(11);
    // Past the window they no longer count; the same address counts again (once).
    await time.advance((WINDOW_S + 1) * 1000);
    expect((await state()).canary.loads).toBe(0);
    for (let i = 0; i < 3; i += 1) await mounted('198.51.100.1', await loadIdFor('198.51.100.1'));
    expect((await state()).canary.loads).toBe(1);
  });

  it('errors count once per address: many reports from two addresses never roll a canary back', async () => {
    await startCanary();
    for (let i = 1; i <= 5; i += 1) await mounted(`203.0.113.${i}`, await loadIdFor(`203.0.113.${i}`));
    // Two addresses send reports from 30 page loads each: 2 erroring addresses of 5 (0.4 > 0.2), but fewer than 3.
    for (const ip of ['203.0.113.1', '203.0.113.2']) for (let i = 0; i < 30; i += 1) expect((await failed(ip, await loadIdFor(ip))).statusCode).toBe(204);
    expect((await state()).canary).toMatchObject({ loads: 5, errors: 2 });
    await time.advance(CANARY_EVALUATION_MS * 3);
    expect((await state()).canary).toMatchObject({ release: canary, errors: 2 });
  });

  it('errors from 3 addresses above the rate roll the canary back at the next 10 s evaluation; activating it again needs force', async () => {
    await startCanary();
    for (let i = 1; i <= 10; i += 1) await mounted(`192.0.2.${i}`, await loadIdFor(`192.0.2.${i}`));
    for (const ip of ['192.0.2.1', '192.0.2.2']) await failed(ip, await loadIdFor(ip));
    // A third address whose module never mounted (it failed loading): counts as a loading address too.
    await failed('192.0.2.77', await loadIdFor('192.0.2.77'));
    expect((await state()).canary).toMatchObject({ loads: 11, errors: 3 });
    // Judged by the watch, not by the report: still running until the evaluation comes due.
    expect(time.untilDue()).toBeLessThanOrEqual(CANARY_EVALUATION_MS);
    await time.advance(time.untilDue() - 1);
    expect((await state()).canary).not.toBeNull();
    t.mails.length = 0;
    await time.advance(1);
    const after = await state();
    expect(after.canary).toBeNull();
    expect(after.history[0]).toMatchObject({ action: 'auto-rollback', release_id: stable, previous_release_id: canary, actor: 'server (canary of team:feed-team)' });
    expect(after.history[0].reason).toBe(`errors from 3 of 11 loading addresses in ${WINDOW_S} s (rate 0.273) above 0.2`);
    expect(t.mails.map((m) => m.subject)).toEqual([`Wishes: mf-feed canary ${canary} rolled back automatically`]);

    // At any percent, and for everyone, within 24 hours: 409 naming the rollback, unless forced.
    for (const payload of [{ release: canary, percent: 5 }, { release: canary }]) {
      const refused = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/activate/', token: admin.access, payload });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(`mf-feed ${canary} was rolled back automatically at ${after.history[0].created_at} (${after.history[0].reason}); to activate it again within 24 hours, send "force": true`);
    }
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/activate/', token, payload: { release: canary, percent: 20, force: 'yes' } })).statusCode).toBe(400);
    await startCanary(true);
    expect((await state()).canary).toMatchObject({ release: canary, percent: 20 });
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/rollback/', token: admin.access })).statusCode).toBe(200);
    // A day later it needs no force.
    await time.advance(24 * 3600_000 + 60_000);
    await startCanary();
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/rollback/', token: admin.access })).statusCode).toBe(200);
  });

  it('load reports are rate-limited per address', async () => {
    const limited = await createTestApp(dialect, { releasesDir, rateLimitScale: 1 }, { env: { WISHES_SITE_ROOT: site, TRUST_PROXY: '1' } });
    try {
      const load = (await limited.request({ method: 'GET', url: '/mf/remotes.json' })).json().load_id as string;
      const send = (ip: string) => limited.request({ method: 'POST', url: '/api/client-loads/', headers: { 'x-forwarded-for': ip }, payload: { load_id: load, remote: 'mf-compose', release: 'dist' } });
      const codes: number[] = [];
      for (let i = 0; i < 61; i += 1) codes.push((await send('10.7.7.7')).statusCode);
      expect(codes.slice(0, 60).every((c) => c === 204)).toBe(true);
      expect(codes[60]).toBe(429);
      expect((await send('10.7.7.8')).statusCode).toBe(204);
    } finally {
      await limited.close();
    }
  });
});
