/**
 * Every way the database can be out of reach answers 503 JSON with Retry-After, never a 500:
 * PostgreSQL behind a TCP relay this test controls (refused, hung up mid-connect, cut mid-query),
 * SQLite locked by another process past busy_timeout. The probe saw "Connection terminated
 * unexpectedly" come back as 500.
 */
import net from 'node:net';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app/app';
import { createTestApp, dialects, type TestContext } from '../../test/kit/harness';
import { isDatabaseUnavailable, openDatabase } from './connect';

type RelayMode = 'pass' | 'hangup' | 'blackhole';

/**
 * A TCP relay to PostgreSQL: 'pass' forwards, 'hangup' accepts then closes, 'blackhole' accepts and
 * never answers (a host gone without a reset), close() refuses; cut() drops live connections.
 */
async function startRelay(target: URL) {
  let mode: RelayMode = 'pass';
  let accepted = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    accepted++;
    if (mode === 'hangup') return void client.destroy();
    if (mode === 'blackhole') {
      sockets.add(client);
      client.on('close', () => sockets.delete(client));
      client.on('error', () => undefined);
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    setMode: (m: RelayMode) => void (mode = m),
    accepted: () => accepted,
    cut: () => sockets.forEach((s) => s.destroy()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const expect503 = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBeDefined();
  expect(res.json()).toEqual({ error: 'Service temporarily unavailable. Please try again.' });
};

describe('isDatabaseUnavailable', () => {
  it.each([
    [{ message: 'Connection terminated unexpectedly' }],
    [{ message: 'timeout exceeded when trying to connect' }],
    [{ message: 'Cannot use a pool after calling end on the pool' }],
    [{ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }],
    [{ code: '57P01', message: 'terminating connection due to administrator command' }],
    [{ code: '53300', message: 'sorry, too many clients already' }],
    [{ code: '08006', message: 'connection failure' }],
    [{ code: 'SQLITE_BUSY', message: 'database is locked' }],
    [{ code: 'SQLITE_IOERR_WRITE', message: 'disk I/O error' }],
    [new TypeError('The database connection is not open')],
    [Object.assign(new Error('wrapped'), { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) })],
    [Object.assign(new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })], ''), {})],
  ])('%p → unavailable', (error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
  it.each([[{ code: '23505' }], [{ code: 'SQLITE_CONSTRAINT_UNIQUE' }], [new Error('boom')], [null], ['text']])('%p → a real error', (error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe.each(dialects)('database out of reach → 503 (%s)', (dialect) => {
  if (dialect === 'postgres') {
    let t: TestContext;
    let relay: Awaited<ReturnType<typeof startRelay>>;
    let relayedApp: FastifyInstance;
    beforeAll(async () => {
      // The harness's database (migrated), then a second app reaching it through the relay.
      t = await createTestApp('postgres');
      const target = new URL(t.config.databaseUrl);
      relay = await startRelay(target);
      const viaRelay = new URL(target.toString());
      viaRelay.hostname = '127.0.0.1';
      viaRelay.port = String(relay.port);
      relayedApp = await buildApp({ ...t.config, databaseUrl: viaRelay.toString() }, { mailer: { send: async () => undefined } });
    });
    afterAll(async () => {
      await relayedApp.close().catch(() => undefined);
      await relay.close().catch(() => undefined);
      await t.close();
    });
    const read = () => relayedApp.inject({ url: '/api/base/wish/1/' });

    it('a connection closed mid-query ("Connection terminated unexpectedly")', async () => {
      expect((await read()).statusCode).toBe(404);
      relay.setMode('hangup');
      relay.cut();
      expect503(await read());
      relay.setMode('pass');
      expect((await read()).statusCode).toBe(404);
    });

    it('a database that stops answering: bounded 503s, no pile-up, recovery without a restart', async () => {
      expect((await read()).statusCode).toBe(404);
      relay.setMode('blackhole');
      relay.cut();
      // The first wave waits for one connection attempt's timeout (PG_CONNECT_TIMEOUT_MS), no longer.
      const first = await Promise.all(Array.from({ length: 20 }, () => read()));
      first.forEach(expect503);
      expect((await relayedApp.inject({ url: '/readyz' })).statusCode).toBe(503);
      // While it stays down, requests are refused at once: they open no new connection attempts.
      const attempts = relay.accepted();
      const second = await Promise.all(Array.from({ length: 20 }, () => read()));
      second.forEach(expect503);
      expect(relay.accepted() - attempts).toBeLessThanOrEqual(1); // at most the one retry
      // Back: the site answers again by itself.
      relay.setMode('pass');
      relay.cut();
      let status = 0;
      for (let i = 0; i < 100 && status !== 404; i++) {
        status = (await read()).statusCode;
        if (status !== 404) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(404);
      expect((await relayedApp.inject({ url: '/readyz' })).statusCode).toBe(200);
    });

    it('a busy pool is not a database outage: queued queries wait their turn, none is refused', async () => {
      // One pooled connection, 20 queries of 0.25 s each: the last waits ~5 s for the pool, longer
      // than one connection attempt may take (PG_CONNECT_TIMEOUT_MS), and still succeeds.
      const { db } = openDatabase(t.config.databaseUrl, { poolSize: 1 });
      try {
        const results = await Promise.allSettled(Array.from({ length: 20 }, () => sql`select pg_sleep(0.25)`.execute(db)));
        expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      } finally {
        await db.destroy();
      }
    }, 30_000);

    it('a refused connection (ECONNREFUSED)', async () => {
      relay.cut();
      await relay.close();
      expect503(await read());
    });
  } else {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestApp('sqlite');
    });
    afterAll(async () => t.close());

    it('a write while another process holds the write lock past busy_timeout (SQLITE_BUSY)', async () => {
      const u = await t.createUser();
      await sql`pragma busy_timeout = 50`.execute(t.app.deps.db);
      const other = new SqliteDatabase(t.config.databaseUrl.slice('sqlite:'.length));
      try {
        other.exec('begin exclusive');
        expect503(await t.request({ method: 'POST', url: '/api/base/save_wish/', token: u.access, payload: { text: 'locked out' } }));
        other.exec('rollback');
        expect((await t.request({ method: 'POST', url: '/api/base/save_wish/', token: u.access, payload: { text: 'back' } })).statusCode).toBe(201);
      } finally {
        other.close();
      }
    });
  }
});
