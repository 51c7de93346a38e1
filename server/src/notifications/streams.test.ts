/**
 * The live streams under load and abuse (issue: unbounded streams, streams outliving sessions):
 * real HTTP connections held open against a listening app, on SQLite and PostgreSQL.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { runAdminCommand } from '../moderation/admin-cli';
import { createTestApp, dialects, DEFAULT_PASSWORD, type TestContext, type TestUser } from '../../test/kit/harness';

interface Held {
  status: () => number;
  body: () => string;
  headers: () => http.IncomingHttpHeaders;
  counts: number[];
  ended: () => boolean;
  until(predicate: () => boolean, what: string, ms?: number): Promise<void>;
  close(): void;
}

/** Opens one stream and keeps it; `ended` turns true when the server closes it. */
function hold(base: string, path: string, token: string | null, options: { viaQuery?: boolean; method?: string; body?: unknown } = {}): Held {
  let status = 0;
  let body = '';
  let headers: http.IncomingHttpHeaders = {};
  let ended = false;
  const counts: number[] = [];
  const url = options.viaQuery && token ? `${base}${path}?access_token=${encodeURIComponent(token)}` : `${base}${path}`;
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const req = http.request(
    url,
    {
      method: options.method ?? 'GET',
      agent: false,
      headers: {
        ...(token && !options.viaQuery ? { authorization: `Bearer ${token}` } : {}),
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
    },
    (res) => {
      status = res.statusCode ?? 0;
      headers = res.headers;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        counts.splice(0, counts.length, ...[...body.matchAll(/^event: unread\ndata: (.*)$/gm)].map((m) => JSON.parse(m[1]!).unread_count as number));
      });
      res.on('end', () => (ended = true));
      res.on('close', () => (ended = true));
    },
  );
  req.on('error', () => (ended = true));
  req.end(payload);
  return {
    status: () => status,
    body: () => body,
    headers: () => headers,
    counts,
    ended: () => ended,
    async until(predicate, what, ms = 5000) {
      const deadline = Date.now() + ms;
      while (!predicate()) {
        if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms (status ${status}, body ${JSON.stringify(body.slice(0, 300))})`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => req.destroy(),
  };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const STREAM = '/api/notifications/stream/';

describe.each(dialects)('event streams (%s)', (dialect) => {
  let t: TestContext;
  let base: string;
  const held: Held[] = [];
  const open = (...args: Parameters<typeof hold>) => {
    const stream = hold(...args);
    held.push(stream);
    return stream;
  };
  const opened = async (stream: Held) => {
    await stream.until(() => stream.counts.length >= 1 || (stream.status() !== 0 && stream.status() !== 200), 'first count');
    return stream;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { streamsPerMember: 10, streamsPerAddress: 14, streamRecheckMs: 60_000 });
    base = await listen(t.app);
  });
  afterEach(() => {
    for (const stream of held.splice(0)) stream.close();
  });
  afterAll(async () => t.close());

  it('refuses the 11th stream of a member with a JSON 429 and takes one again once a stream closes', async () => {
    const ada = await t.createUser();
    const ten = await Promise.all(Array.from({ length: 10 }, (_, i) => opened(open(base, STREAM, ada.access, { viaQuery: i % 2 === 0 }))));
    expect(ten.map((s) => s.status())).toEqual(Array(10).fill(200));
    expect(ten[0]!.headers()['content-type']).toMatch(/^text\/event-stream/);
    expect(ten[0]!.headers()['cache-control']).toBe('no-cache, no-transform');
    expect(ten[0]!.headers()['x-content-type-options']).toBe('nosniff');

    const eleventh = open(base, STREAM, ada.access);
    await eleventh.until(() => eleventh.ended(), '11th answered');
    expect(eleventh.status()).toBe(429);
    expect(eleventh.headers()['retry-after']).toBeDefined();
    expect(JSON.parse(eleventh.body())).toEqual({ error: expect.stringContaining('at most 10') });

    ten[0]!.close();
    // The server sees the close a moment later; then a new stream is let in.
    const again = hold(base, STREAM, ada.access);
    held.push(again);
    await again.until(() => again.ended() || again.counts.length > 0, 'retry answered');
    let retry = again;
    for (let i = 0; retry.status() === 429 && i < 50; i++) {
      await new Promise((r) => setTimeout(r, 50));
      retry = open(base, STREAM, ada.access);
      await retry.until(() => retry.ended() || retry.counts.length > 0, 'retry answered');
    }
    expect(retry.status()).toBe(200);
  });

  it('caps the streams of one address across members (STREAMS_PER_ADDRESS)', async () => {
    const members = await Promise.all(Array.from({ length: 3 }, () => t.createUser()));
    // 14 per address: 7 + 7 fill it, the next one (any member) is refused.
    await Promise.all(Array.from({ length: 14 }, (_, i) => opened(open(base, STREAM, members[i % 2]!.access))));
    const over = open(base, STREAM, members[2]!.access);
    await over.until(() => over.ended(), 'over the address cap');
    expect(over.status()).toBe(429);
    expect(JSON.parse(over.body()).error).toMatch(/this address/);
  });

  it('reads the unread count once per member per change, however many streams the member holds', async () => {
    const owner = await t.createUser();
    const fan = await t.createUser();
    const wish = await t.saveWish(owner, 'Counted once');
    const streams = await Promise.all(Array.from({ length: 8 }, () => opened(open(base, STREAM, owner.access))));
    const spy = jest.spyOn(t.app.deps.notifications, 'unreadCount');
    try {
      await t.request({ method: 'POST', url: `/api/wish/${wish}/vote/`, token: fan.access, payload: { vote_type: 'upvote' } });
      for (const stream of streams) await stream.until(() => stream.counts.at(-1) === 1, 'count 1 on every stream');
      expect(spy.mock.calls.filter(([id]) => id === owner.id)).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('sends keep-alive comments while idle and ends a stream with no event for STREAM_IDLE_TIMEOUT', async () => {
    const quick = await createTestApp(dialect, { streamHeartbeatMs: 100, streamIdleTimeoutMs: 700 });
    try {
      const where = await listen(quick.app);
      const member = await quick.createUser();
      const stream = await opened(open(where, STREAM, member.access));
      await stream.until(() => stream.body().includes(': keep-alive'), 'a keep-alive comment');
      await stream.until(() => stream.ended(), 'ended when idle');
      expect(stream.counts).toEqual([0]);
    } finally {
      await quick.close();
    }
  });

  describe('a stream ends with its session', () => {
    const both = async (user: TestUser) => [await opened(open(base, STREAM, user.access)), await opened(open(base, STREAM, user.access, { viaQuery: true }))];
    const endedSoon = async (streams: Held[], what: string) => {
      for (const stream of streams) await stream.until(() => stream.ended(), what, 5000);
    };

    it('on sign-out everywhere and on a password change (header and query tokens)', async () => {
      const ada = await t.createUser();
      let streams = await both(ada);
      expect((await t.request({ method: 'POST', url: '/api/account/sign_out_everywhere/', token: ada.access })).statusCode).toBe(200);
      await endedSoon(streams, 'stream ended after sign-out everywhere');

      const login = await t.request({ method: 'POST', url: '/api/token/', payload: { username: ada.email, password: DEFAULT_PASSWORD } });
      const access = login.json().access as string;
      streams = await both({ ...ada, access });
      const changed = await t.request({ method: 'POST', url: '/api/account/password/', token: access, payload: { current_password: DEFAULT_PASSWORD, new_password: 'Quiet-Lantern-77' } });
      expect(changed.statusCode).toBe(200);
      await endedSoon(streams, 'stream ended after a password change');
      // The ended tokens cannot reopen one.
      const refused = open(base, STREAM, access);
      await refused.until(() => refused.ended(), 'old token refused');
      expect(refused.status()).toBe(401);
    });

    it('on a password reset (header and query tokens)', async () => {
      const ada = await t.createUser();
      const streams = await both(ada);
      expect((await t.request({ method: 'POST', url: '/api/password/reset/', payload: { email: ada.email } })).statusCode).toBe(200);
      let mail;
      for (let i = 0; i < 100 && !mail; i++) {
        mail = t.mails.find((m) => m.to === ada.email);
        if (!mail) await new Promise((r) => setTimeout(r, 20));
      }
      const [, uid, token] = /reset_password_confirm\/([^/\s]+)\/([^/\s]+)\//.exec(mail!.text)!;
      const confirmed = await t.request({ method: 'POST', url: '/api/password/reset/confirm/', payload: { uid, token, new_password: 'Quiet-Meadow-77' } });
      expect(confirmed.statusCode).toBe(200);
      await endedSoon(streams, 'stream ended after a password reset');
    });

    it('on a ban and on an account deletion', async () => {
      const admin = await t.createUser();
      expect((await runAdminCommand(t.app.deps.db, ['role', admin.email, 'admin'])).code).toBe(0);
      const login = await t.request({ method: 'POST', url: '/api/token/', payload: { username: admin.email, password: DEFAULT_PASSWORD } });
      const adminAccess = login.json().access as string;
      const banned = await t.createUser();
      let streams = await both(banned);
      const ban = await t.request({ method: 'POST', url: `/api/moderation/user/${banned.id}/`, token: adminAccess, payload: { action: 'ban', reason: 'spam' } });
      expect(ban.statusCode).toBe(200);
      await endedSoon(streams, 'stream ended after a ban');

      const leaving = await t.createUser();
      streams = await both(leaving);
      const deleted = await t.request({ method: 'DELETE', url: '/api/account/', token: leaving.access, payload: { password: DEFAULT_PASSWORD } });
      expect(deleted.statusCode).toBeLessThan(300);
      await endedSoon(streams, 'stream ended after the account was deleted');
    });

    it('a streamed generation ends too, and is capped per member like the bell', async () => {
      const limited = await createTestApp(dialect, { streamsPerMember: 1, generatorTokenDelayMs: 1000 });
      try {
        const where = await listen(limited.app);
        const gen = await limited.createUser();
        const input = { style: 'Heartfelt', audience: 'Friend', name: 'Grace', topic: 'Birthday', details: 'A long run' };
        const first = open(where, '/api/base/generate_text/stream/', gen.access, { method: 'POST', body: input });
        await first.until(() => first.body().includes('event: token'), 'first piece');
        const second = open(where, '/api/base/generate_text/stream/', gen.access, { method: 'POST', body: input });
        await second.until(() => second.ended(), 'second answered');
        expect(second.status()).toBe(429);
        expect((await limited.request({ method: 'POST', url: '/api/account/sign_out_everywhere/', token: gen.access })).statusCode).toBe(200);
        await first.until(() => first.ended(), 'generation ended with the session');
        expect(first.body()).not.toContain('event: done');
      } finally {
        await limited.close();
      }
    });
  });
});
