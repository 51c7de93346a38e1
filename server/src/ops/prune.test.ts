/**
 * What grows is bounded (ops/prune.ts; docs/operations.md → "What grows is bounded"): one test per
 * rule — notifications, client errors, canary addresses, the outbox folder, cached cards, releases —
 * each keeping what is inside its window and removing what is older; and the
 * wishes_deliveries_due gauge and the query latency histogram. SQLite and PostgreSQL.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { siteRemote } from '../../test/kit/site-remotes';
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';
import { recordSwitch } from '../releases/store';
import { PRUNE_WINDOWS, pruneOnce, type PruneContext } from './prune';

const DAY = 86_400_000;
const NOW = Date.parse('2027-06-01T12:00:00.000Z');
const ago = (days: number) => new Date(NOW - days * DAY).toISOString();
const METRICS_TOKEN = 'prune-test-metrics-token-0123456789abcdef';

describe.each(dialects)('pruning (%s)', (dialect) => {
  let t: TestContext;
  let dir: string;
  let ada: TestUser;
  let bo: TestUser;
  let ctx: PruneContext;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'wishes-prune-'));
    t = await createTestApp(dialect, { releasesDir: path.join(dir, 'releases'), metricsToken: METRICS_TOKEN });
    [ada, bo] = [await t.createUser(), await t.createUser()];
    ctx = {
      db: t.app.deps.db,
      dataDir: t.config.dataDir,
      outboxDir: t.config.outboxDir,
      releasesDir: t.config.releasesDir,
      siteRoot: t.config.siteRoot,
      releasesKeep: 2,
      cardCacheBytes: 2500,
      now: NOW,
    };
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('notifications: read ones after 90 days, unread ones after 365 days, with their actors', async () => {
    const db = t.app.deps.db;
    const rows = [
      { text: 'read, old', read_at: ago(100), updated_at: ago(PRUNE_WINDOWS.readNotificationsDays + 1) },
      { text: 'read, recent', read_at: ago(10), updated_at: ago(10) },
      { text: 'unread, old', read_at: null, updated_at: ago(100) },
      { text: 'unread, very old', read_at: null, updated_at: ago(PRUNE_WINDOWS.unreadNotificationsDays + 1) },
    ];
    for (const row of rows) {
      const { id } = await db
        .insertInto('notifications')
        .values({ user_id: ada.id, kind: 'follow', wish_id: null, text: row.text, read_at: row.read_at, created_at: row.updated_at, updated_at: row.updated_at } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('notification_actors').values({ notification_id: id, actor_id: bo.id, created_at: row.updated_at } as never).execute();
    }
    const report = await pruneOnce(ctx);
    expect(report.notifications).toBe(2);
    const left = await db.selectFrom('notifications').select('text').where('user_id', '=', ada.id).orderBy('text').execute();
    expect(left.map((r) => r.text)).toEqual(['read, recent', 'unread, old']);
    const actors = await sql<{ n: number | string }>`select count(*) as n from notification_actors where actor_id = ${bo.id}`.execute(db);
    expect(Number(actors.rows[0]!.n)).toBe(2);
  });

  it('client errors after 30 days', async () => {
    const db = t.app.deps.db;
    for (const [load, days] of [
      ['old', PRUNE_WINDOWS.clientErrorsDays + 1],
      ['new', 2],
    ] as const) {
      await db.insertInto('client_errors').values({ load_id: load, remote: 'mf-feed', release_id: 'r1', kind: 'error', message: `a ${load} error`, stack: null, created_at: ago(days) } as never).execute();
    }
    expect((await pruneOnce(ctx)).clientErrors).toBe(1);
    expect((await db.selectFrom('client_errors').select('load_id').execute()).map((r) => r.load_id)).toEqual(['new']);
  });

  it('canary addresses after 7 days', async () => {
    const db = t.app.deps.db;
    for (const [address, days] of [
      ['old', PRUNE_WINDOWS.canaryAddressesDays + 1],
      ['new', 1],
    ] as const) {
      await db.insertInto('canary_addresses').values({ remote: 'mf-feed', release_id: 'r1', kind: 'load', address, seen_ms: NOW - days * DAY } as never).execute();
    }
    expect((await pruneOnce(ctx)).canaryAddresses).toBe(1);
    expect((await db.selectFrom('canary_addresses').select('address').execute()).map((r) => r.address)).toEqual(['new']);
  });

  it('the outbox folder keeps 7 days', async () => {
    mkdirSync(ctx.outboxDir, { recursive: true });
    for (const [name, days] of [
      ['old.eml', PRUNE_WINDOWS.outboxDays + 1],
      ['new.eml', 1],
    ] as const) {
      const file = path.join(ctx.outboxDir, name);
      writeFileSync(file, 'Subject: hello\r\n\r\nA wish.\r\n');
      utimesSync(file, new Date(NOW - days * DAY), new Date(NOW - days * DAY));
    }
    expect((await pruneOnce(ctx)).outboxFiles).toBe(1);
    expect(readdirSync(ctx.outboxDir).filter((f) => f.endsWith('.eml'))).toEqual(['new.eml']);
  });

  it('cached cards are pruned to CARD_CACHE_MB, least recently written first', async () => {
    const cards = path.join(ctx.dataDir, 'cards');
    mkdirSync(cards, { recursive: true });
    // 4 × 1000 bytes over a 2500-byte cap: the two oldest go.
    ['a', 'b', 'c', 'd'].forEach((name, i) => {
      const file = path.join(cards, `${name}.png`);
      writeFileSync(file, Buffer.alloc(1000, i));
      utimesSync(file, new Date(NOW - (10 - i) * DAY), new Date(NOW - (10 - i) * DAY));
    });
    expect((await pruneOnce(ctx)).cardFiles).toBe(2);
    expect(readdirSync(cards).sort()).toEqual(['c.png', 'd.png']);
    // Under the cap: nothing more.
    expect((await pruneOnce(ctx)).cardFiles).toBe(0);
  });

  it('releases: RELEASES_KEEP per remote besides the active one and the one a rollback returns to (folders and rows)', async () => {
    const ids = ['0.1.1-0000aaa1', '0.1.2-0000aaa2', '0.1.3-0000aaa3', '0.1.4-0000aaa4', '0.1.5-0000aaa5', '0.1.6-0000aaa6'];
    ids.forEach((id, i) => {
      const folder = path.join(ctx.releasesDir, 'mf-feed', id);
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, 'remoteEntry.js'), `var mf_feed; /* ${id} */`);
      writeFileSync(path.join(folder, 'mf-manifest.json'), JSON.stringify({ name: 'mf_feed', shared: [], exposes: [] }));
      writeFileSync(path.join(folder, 'release.json'), JSON.stringify({ remote: 'mf-feed', id, version: id.split('-')[0], hash: 'x', created_at: ago(30 - i), declaration: siteRemote('mf-feed') }));
    });
    // Active: ids[1]; a rollback returns to ids[0].
    await recordSwitch(t.app.deps.db, { remote: 'mf-feed', release: ids[0]!, action: 'activate', actor: 'test', fallback: 'dist' });
    await recordSwitch(t.app.deps.db, { remote: 'mf-feed', release: ids[1]!, action: 'activate', actor: 'test', fallback: 'dist' });
    const report = await pruneOnce(ctx);
    // Kept: the two newest of the others (ids[4], ids[5]) besides ids[1] (active) and ids[0] (rollback).
    expect(report.releases.sort()).toEqual([`mf-feed ${ids[2]}`, `mf-feed ${ids[3]}`]);
    expect(readdirSync(path.join(ctx.releasesDir, 'mf-feed')).sort()).toEqual([ids[0], ids[1], ids[4], ids[5]]);
    expect((await pruneOnce(ctx)).releases).toEqual([]);
  });

  it('wishes_deliveries_due counts wishes whose time came but that are not sent', async () => {
    const wish = await t.saveWish(ada, 'Happy birthday, may the day be bright.');
    const sent = await t.request({ method: 'POST', url: `/api/base/wish/${wish}/send/`, token: ada.access, payload: { recipient_email: 'due@example.com', send_at: new Date(Date.now() + 3_600_000).toISOString() } });
    expect(sent.statusCode).toBe(201);
    const metric = async () => {
      const res = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.statusCode).toBe(200);
      return /^wishes_deliveries_due (\d+)$/m.exec(res.body)?.[1];
    };
    expect(await metric()).toBe('0');
    // Its time has come, and its next try is later (a mail server that refused it for now).
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await sql`update deliveries set send_at = ${new Date(Date.now() - 60_000).toISOString()}, next_attempt_at = ${later} where id = ${sent.json().delivery_id}`.execute(t.app.deps.db);
    expect(await metric()).toBe('1');
    // The same scrape has the database's query latency histogram (metrics exposed: METRICS_TOKEN).
    const res = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.body).toContain('# TYPE wishes_db_query_duration_seconds histogram');
    expect(Number(/^wishes_db_query_duration_seconds_count (\d+)$/m.exec(res.body)?.[1])).toBeGreaterThan(0);
  });
});
