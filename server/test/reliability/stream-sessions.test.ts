/**
 * Cluster mode: a member's open streams end on every server process, not only on the one that
 * ended the session. Two real server processes (child processes) on one PostgreSQL database and
 * Redis; a stream held on process A ends within 5 s of a sign-out everywhere, a password change or
 * a ban made on process B. The session cache and the stream re-check are set far longer than 5 s,
 * so only the cross-process message can end the stream in time.
 * PostgreSQL or Redis unreachable: a loud skip locally, a failure under CI.
 */
import http from 'node:http';
import { openDatabase } from '../../src/db/connect';
import { runAdminCommand } from '../../src/moderation/admin-cli';
import { createPgDatabase, PG_ADMIN_URL } from '../kit/harness';
import { describeUnless, firstMissing, unreachable } from '../kit/services';
import { IN_CI, http as call, startServer, stopServer, type ServerChild } from './child';

jest.setTimeout(120_000);

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Decided when the file loads, so a missing service makes the test *skipped*, not passed; under CI an error. */
const describeWithServices = describeUnless(firstMissing(() => (PG_ADMIN_URL ? null : 'PostgreSQL is not reachable'), () => unreachable('Redis', REDIS_URL, 6379)), IN_CI);

/** A stream held open on `port`; resolves `ended` when the server closes it. */
function holdStream(port: number, token: string, viaQuery: boolean) {
  let status = 0;
  let body = '';
  let ended = false;
  const path = viaQuery ? `/api/notifications/stream/?access_token=${encodeURIComponent(token)}` : '/api/notifications/stream/';
  const req = http.get({ host: '127.0.0.1', port, path, agent: false, headers: viaQuery ? {} : { authorization: `Bearer ${token}` } }, (res) => {
    status = res.statusCode ?? 0;
    res.setEncoding('utf8');
    res.on('data', (c: string) => (body += c));
    res.on('close', () => (ended = true));
  });
  req.on('error', () => (ended = true));
  const until = async (predicate: () => boolean, what: string, ms: number) => {
    const deadline = Date.now() + ms;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`${what} not within ${ms} ms (status ${status}, body ${JSON.stringify(body.slice(0, 200))})`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  return {
    opened: () => until(() => body.includes('event: unread'), 'stream opened', 10_000),
    endedWithin: (ms: number, what: string) => until(() => ended, what, ms),
    close: () => req.destroy(),
  };
}

describeWithServices('streams end with the session on every process (cluster mode)', () => {
  let a: ServerChild | undefined;
  let b: ServerChild | undefined;
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl = '';

  beforeAll(async () => {
    const pg = await createPgDatabase();
    databaseUrl = pg.url;
    drop = pg.drop;
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      RATE_LIMIT_SCALE: '1000',
      WISHES_SESSION_CACHE_MS: '600000',
      STREAM_RECHECK: '10m',
      REPORTER_MIN_ACCOUNT_AGE_HOURS: '0',
    };
    a = await startServer(env);
    b = await startServer(env);
  });
  afterAll(async () => {
    await stopServer(a);
    await stopServer(b);
    await drop?.();
  });

  const signUp = async (name: string) => {
    const email = `${name}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = 'Vivid-Harbor-42';
    const created = await call(b!.port, 'POST', '/api/base/create_user/', { body: { email, password, first_name: name, last_name: 'Cluster', phone: '+1 555 0100' } });
    expect(created.status).toBe(201);
    const login = async (port: number) => (await call(port, 'POST', '/api/token/', { body: { username: email, password } })).json<{ access: string }>().access;
    return { id: created.json<{ user_id: number }>().user_id, email, password, login };
  };

  it('sign-out everywhere, a password change and a ban on B end the streams held by A within 5 s', async () => {
    const ada = await signUp('Ada');
    // Both processes have the token's epoch cached before it ends.
    let access = await ada.login(a!.port);
    expect((await call(b!.port, 'GET', '/api/account/', { token: access })).status).toBe(200);
    let streams = [holdStream(a!.port, access, false), holdStream(a!.port, access, true)];
    for (const s of streams) await s.opened();
    expect((await call(b!.port, 'POST', '/api/account/sign_out_everywhere/', { token: access })).status).toBe(200);
    for (const s of streams) await s.endedWithin(5000, 'stream on A after sign-out everywhere on B');

    access = await ada.login(a!.port);
    streams = [holdStream(a!.port, access, false), holdStream(a!.port, access, true)];
    for (const s of streams) await s.opened();
    const changed = await call(b!.port, 'POST', '/api/account/password/', { token: access, body: { current_password: ada.password, new_password: 'Quiet-Lantern-77' } });
    expect(changed.status).toBe(200);
    for (const s of streams) await s.endedWithin(5000, 'stream on A after a password change on B');

    const admin = await signUp('Admin');
    const { db } = openDatabase(databaseUrl);
    try {
      expect((await runAdminCommand(db, ['role', admin.email, 'admin'])).code).toBe(0);
    } finally {
      await db.destroy();
    }
    const adminAccess = await admin.login(b!.port);
    const target = await signUp('Ben');
    const benAccess = await target.login(a!.port);
    streams = [holdStream(a!.port, benAccess, false), holdStream(a!.port, benAccess, true)];
    for (const s of streams) await s.opened();
    const ban = await call(b!.port, 'POST', `/api/moderation/user/${target.id}/`, { token: adminAccess, body: { action: 'ban', reason: 'spam' } });
    expect(ban.status).toBe(200);
    for (const s of streams) await s.endedWithin(5000, 'stream on A after a ban on B');
  });
});
