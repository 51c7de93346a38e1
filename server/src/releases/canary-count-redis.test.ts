/**
 * Cluster mode (REDIS_URL): canary loads and errors are counted in Redis like the other counters
 * (canary-count.ts), so two server processes on one database count one address once, and the
 * window holds there too. Two apps share one Redis; each has its own database (the canary itself
 * is started in both), which shows that the counts come from Redis, not from either database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import { siteRemote } from '../../test/kit/site-remotes';
import { createTestApp, dialects, type TestContext } from '../../test/kit/harness';
import { archive, build, makeSite } from '../../test/kit/release-archives';
import { describeWhenReachable } from '../../test/kit/services';
import { fakeClock } from '../../test/kit/fake-clock';
import { redisCounter, databaseCounter } from './canary-count';

jest.setTimeout(120_000);

const describeWithRedis = describeWhenReachable('Redis', '127.0.0.1', 6379);

describeWithRedis.each(dialects)('canary counts in cluster mode (%s)', (dialect) => {
  const apps: TestContext[] = [];
  let site: string;
  let releasesDir: string;
  let canary = '';
  const time = fakeClock(Date.now());
  // A fresh remote key space per run: the canary release ids are random per run too (marker).
  const marker = randomBytes(4).toString('hex');

  beforeAll(async () => {
    site = makeSite();
    releasesDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-canary-redis-'));
    const feed = siteRemote('mf-feed');
    for (let n = 0; n < 2; n += 1) {
      const t = await createTestApp(dialect, { releasesDir, redisUrl: 'redis://127.0.0.1:6379', canary: { windowS: 60, maxErrorRate: 0.2, minErrors: 3 } }, { env: { WISHES_SITE_ROOT: site, TRUST_PROXY: '1' }, canaryClock: time.clock });
      apps.push(t);
      const admin = await t.createUser({ email: `root${n}@example.com` });
      await sql`update users set role = 'admin' where id = ${admin.id}`.execute(t.app.deps.db);
      const publish = async (m: string) => {
        const res = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/releases/', headers: { 'content-type': 'application/gzip' }, payload: await archive(build(feed, { marker: m })), token: admin.access });
        expect([200, 201]).toContain(res.statusCode);
        return res.json().release as string;
      };
      const stable = await publish(`st${marker}`);
      canary = await publish(`cn${marker}`);
      expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/activate/', token: admin.access, payload: { release: stable } })).statusCode).toBe(200);
      expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/activate/', token: admin.access, payload: { release: canary, percent: 50 } })).statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    rmSync(site, { recursive: true, force: true });
    rmSync(releasesDir, { recursive: true, force: true });
  });

  const mountedOn = async (t: TestContext, ip: string) => {
    const load = (await t.request({ method: 'GET', url: '/mf/remotes.json', headers: { cookie: 'wishes_bucket=1', 'x-forwarded-for': ip } })).json().load_id;
    return t.request({ method: 'POST', url: '/api/client-loads/', headers: { 'x-forwarded-for': ip }, payload: { load_id: load, remote: 'mf-feed', release: canary } });
  };

  it('one address through two processes counts once; the window holds; nothing is in either database', async () => {
    const [a, b] = apps as [TestContext, TestContext];
    const link = a.app.deps.cluster!;
    const counter = redisCounter(link, databaseCounter(a.app.deps.db), 60);
    for (let i = 0; i < 5; i += 1) {
      expect((await mountedOn(a, '198.51.100.7')).statusCode).toBe(204);
      expect((await mountedOn(b, '198.51.100.7')).statusCode).toBe(204);
    }
    expect((await mountedOn(b, '198.51.100.8')).statusCode).toBe(204);
    expect(await counter.counts('mf-feed', canary, 60, time.clock.now())).toEqual({ loads: 2, errors: 0 });
    for (const t of apps) expect(Number((await sql<{ n: number }>`select count(*) as n from canary_addresses`.execute(t.app.deps.db)).rows[0].n)).toBe(0);
    await time.advance(61_000);
    expect(await counter.counts('mf-feed', canary, 60, time.clock.now())).toEqual({ loads: 0, errors: 0 });
    const redis = new Redis('redis://127.0.0.1:6379');
    try {
      // The evaluation pruned what left the window.
      expect(await redis.zcard(`wishes:canary:load:mf-feed:${canary}`)).toBe(0);
    } finally {
      redis.disconnect();
    }
  });
});
