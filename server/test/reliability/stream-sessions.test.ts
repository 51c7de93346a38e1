/**
 * Cluster mode: a member's open streams end on every server process, not only on the one that
 * ended the session. Two real server processes (child processes) on one PostgreSQL database and
 * Redis; a stream held on process A ends within 5 s of a sign-out everywhere, a password change or
 * a ban, a password reset or an account deletion made on process B. The session cache and the
 * stream re-check are set far longer than 5 s, so only the cross-process message can end the
 * stream in time. And the stream caps count the streams of both processes (Redis), not of each.
 * PostgreSQL or Redis unreachable: a loud skip locally, a failure under CI.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
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
  let answered = false;
  const path = viaQuery ? `/api/notifications/stream/?access_token=${encodeURIComponent(token)}` : '/api/notifications/stream/';
  const req = http.get({ host: '127.0.0.1', port, path, agent: false, headers: viaQuery ? {} : { authorization: `Bearer ${token}` } }, (res) => {
    status = res.statusCode ?? 0;
    answered = true;
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
    /** The status once the server answered (200 with the first count, or a refusal). */
    status: async () => {
      await until(() => body.includes('event: unread') || (answered && ended) || (answered && status !== 200), 'stream answered', 10_000);
      return status;
    },
    body: () => body,
    endedWithin: (ms: number, what: string) => until(() => ended, what, ms),
    close: () => req.destroy(),
  };
}

describeWithServices('streams end with the session on every process (cluster mode)', () => {
  let a: ServerChild | undefined;
  let b: ServerChild | undefined;
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl = '';
  const dataDirs: string[] = [];

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
      STREAMS_PER_MEMBER: '10',
      STREAMS_PER_ADDRESS: '14',
    };
    // Each process its own data folder: B's outbox holds the reset mails it sends.
    for (let i = 0; i < 2; i++) dataDirs.push(mkdtempSync(path.join(os.tmpdir(), 'wishes-stream-cluster-')));
    a = await startServer({ ...env, DATA_DIR: dataDirs[0]! });
    b = await startServer({ ...env, DATA_DIR: dataDirs[1]! });
  });
  afterAll(async () => {
    await stopServer(a);
    await stopServer(b);
    await drop?.();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
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

  /** The reset link B mailed to `email` (its outbox: no SMTP configured), quoted-printable undone. */
  const resetLinkFor = async (email: string) => {
    const outbox = path.join(dataDirs[1]!, 'outbox');
    for (let i = 0; i < 100; i++) {
      const mails = (() => {
        try {
          return readdirSync(outbox).map((f) => readFileSync(path.join(outbox, f), 'utf8'));
        } catch {
          return [];
        }
      })();
      const decoded = mails.filter((m) => m.toLowerCase().includes(email.toLowerCase())).map((m) => m.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
      const link = decoded.map((text) => /reset_password_confirm\/([^/\s]+)\/([^/\s]+)\//.exec(text)).find(Boolean);
      if (link) return { uid: link[1]!, token: link[2]! };
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no reset mail to ${email} in ${outbox}`);
  };

  it('a password reset and an account deletion on B end the streams held by A within 5 s', async () => {
    const eve = await signUp('Eve');
    let access = await eve.login(a!.port);
    expect((await call(b!.port, 'GET', '/api/account/', { token: access })).status).toBe(200);
    let streams = [holdStream(a!.port, access, false), holdStream(a!.port, access, true)];
    for (const s of streams) await s.opened();
    expect((await call(b!.port, 'POST', '/api/password/reset/', { body: { email: eve.email } })).status).toBe(200);
    const { uid, token } = await resetLinkFor(eve.email);
    const newPassword = 'Quiet-Meadow-77';
    expect((await call(b!.port, 'POST', '/api/password/reset/confirm/', { body: { uid, token, new_password: newPassword } })).status).toBe(200);
    for (const s of streams) await s.endedWithin(5000, 'stream on A after a password reset on B');

    access = (await call(a!.port, 'POST', '/api/token/', { body: { username: eve.email, password: newPassword } })).json<{ access: string }>().access;
    expect((await call(b!.port, 'GET', '/api/account/', { token: access })).status).toBe(200);
    streams = [holdStream(a!.port, access, false), holdStream(a!.port, access, true)];
    for (const s of streams) await s.opened();
    expect((await call(b!.port, 'DELETE', '/api/account/', { token: access, body: { password: newPassword } })).status).toBeLessThan(300);
    for (const s of streams) await s.endedWithin(5000, 'stream on A after the account was deleted on B');
  });
});

describeWithServices('stream caps count every process (cluster mode)', () => {
  // Same two-process set-up, in a describe of its own so a failure here names itself.
  let a: ServerChild | undefined;
  let b: ServerChild | undefined;
  let drop: (() => Promise<void>) | undefined;
  const held: Array<ReturnType<typeof holdStream>> = [];

  beforeAll(async () => {
    const pg = await createPgDatabase();
    drop = pg.drop;
    const env = { DATABASE_URL: pg.url, REDIS_URL, RATE_LIMIT_SCALE: '1000', STREAMS_PER_MEMBER: '10', STREAMS_PER_ADDRESS: '14' };
    a = await startServer(env);
    b = await startServer(env);
  });
  afterEach(() => {
    for (const s of held.splice(0)) s.close();
  });
  afterAll(async () => {
    await stopServer(a);
    await stopServer(b);
    await drop?.();
  });

  const member = async (name: string) => {
    const email = `${name}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = 'Vivid-Harbor-42';
    expect((await call(a!.port, 'POST', '/api/base/create_user/', { body: { email, password, first_name: name, last_name: 'Cap', phone: '+1 555 0100' } })).status).toBe(201);
    return (await call(a!.port, 'POST', '/api/token/', { body: { username: email, password } })).json<{ access: string }>().access;
  };
  const open = (port: number, token: string) => {
    const stream = holdStream(port, token, false);
    held.push(stream);
    return stream;
  };

  it('ten streams of one member over A and B: the 11th is refused on either process, and one closed frees a slot', async () => {
    const token = await member('Ada');
    const ten = [...Array.from({ length: 5 }, () => open(a!.port, token)), ...Array.from({ length: 5 }, () => open(b!.port, token))];
    for (const s of ten) expect(await s.status()).toBe(200);
    for (const port of [a!.port, b!.port]) {
      const eleventh = open(port, token);
      expect(await eleventh.status()).toBe(429);
      expect(JSON.parse(eleventh.body())).toEqual({ error: expect.stringContaining('at most 10') });
    }
    ten[0]!.close();
    // A frees the slot when it sees the close; then B lets one more in.
    let status = 0;
    for (let i = 0; i < 40 && status !== 200; i++) {
      if (i) await new Promise((r) => setTimeout(r, 100));
      status = await open(b!.port, token).status();
    }
    expect(status).toBe(200);
  });

  it('the per-address cap counts both processes too', async () => {
    const [m1, m2, m3] = [await member('Ben'), await member('Cy'), await member('Dee')];
    const fourteen = Array.from({ length: 14 }, (_, i) => open(i % 2 ? a!.port : b!.port, i < 7 ? m1 : m2));
    for (const s of fourteen) expect(await s.status()).toBe(200);
    const over = open(a!.port, m3);
    expect(await over.status()).toBe(429);
    expect(JSON.parse(over.body()).error).toMatch(/this address/);
  });
});
