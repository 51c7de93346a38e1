/**
 * A member's notifications page 1 held in memory (wishes/read-model.ts, notifications/service.ts),
 * write path by write path: the page is read first (so it is held), the write is made, and the page
 * must show it — on one process on the very next read; on two processes on one database with a real
 * Redis between them (cluster mode) within 1 s of the write's answer. Mark-read is the member's own
 * acknowledged write: its answer and their next read agree at once, even with reads in flight.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Notification } from '@wishes/shared/contract';
import { buildApp } from '../app/app';
import type { Config } from '../app/config';
import { DEFAULT_PASSWORD, TEST_CONFIG, createPgDatabase, dialects, type TestDialect } from '../../test/kit/harness';
import { freePort } from '../../test/reliability/child';
import { runAdminCommand } from '../moderation/admin-cli';
import { CAPS, readModelOf } from '../wishes/read-model';

jest.setTimeout(120_000);

const hasRedis = spawnSync('sh', ['-c', 'command -v redis-server'], { stdio: 'ignore' }).status === 0;
if (!hasRedis && process.env.CI) throw new Error('redis-server is required under CI');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CROSS_PROCESS_MS = 1000;

async function startRedis(port: number): Promise<ChildProcess> {
  const proc = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (up) return proc;
    if (Date.now() > deadline) throw new Error('redis-server did not start');
    await sleep(50);
  }
}

interface User {
  id: number;
  email: string;
  access: string;
}
interface Page {
  notifications: Notification[];
  unread_count: number;
}

let address = 0;
const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
  app.inject({ method, url, payload, remoteAddress: `10.9.${Math.floor(++address / 250) % 250}.${address % 250}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

const kinds: Array<[TestDialect, 1 | 2]> = [];
for (const dialect of dialects) {
  kinds.push([dialect, 1]);
  if (hasRedis) kinds.push([dialect, 2]);
}

describe.each(kinds)('notifications page 1 held in memory (%s, %i process(es))', (dialect, processes) => {
  let writer: FastifyInstance;
  let reader: FastifyInstance;
  let bound = 0;
  let close: () => Promise<void> = async () => undefined;
  let n = 0;

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-notif-model-'));
    let databaseUrl = `sqlite:${path.join(dataDir, 'wishes.db')}`;
    let dropPg: (() => Promise<void>) | null = null;
    if (dialect === 'postgres') {
      const pg = await createPgDatabase();
      databaseUrl = pg.url;
      dropPg = pg.drop;
    }
    let redis: ChildProcess | null = null;
    const overrides: Partial<Config> = { dataDir, databaseUrl, ...TEST_CONFIG };
    if (processes === 2) {
      const port = await freePort();
      redis = await startRedis(port);
      overrides.redisUrl = `redis://127.0.0.1:${port}`;
    }
    const apps: FastifyInstance[] = [];
    for (let i = 0; i < processes; i++) apps.push(await buildApp({ ...overrides, dataDir: i === 0 ? dataDir : mkdtempSync(path.join(os.tmpdir(), 'wishes-notif-model-')) }, { mailer: { send: async () => undefined } }));
    writer = apps[0]!;
    reader = apps[processes - 1]!;
    bound = processes === 1 ? 0 : CROSS_PROCESS_MS;
    close = async () => {
      for (const app of apps) await app.close();
      if (redis) redis.kill('SIGKILL');
      if (dropPg) await dropPg();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(async () => close());

  const signIn = async (app: FastifyInstance, email: string) => {
    const res = await call(app, 'POST', '/api/token/', undefined, { username: email, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);
    return res.json().access as string;
  };
  const createUser = async (first = `Notified${++n}`): Promise<User> => {
    const email = `nm${n}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const created = await call(writer, 'POST', '/api/base/create_user/', undefined, { email, password: DEFAULT_PASSWORD, first_name: first, last_name: 'Test', phone: '1' });
    expect(created.statusCode).toBe(201);
    return { id: created.json().user_id, email, access: await signIn(writer, email) };
  };
  const save = async (user: User, text: string) => {
    const res = await call(writer, 'POST', '/api/base/save_wish/', user.access, { text, is_public: true });
    expect(res.statusCode).toBe(201);
    return res.json().wish_id as number;
  };
  /** Page 1, always read on the reader (the token is valid on either process: one database). */
  const page = async (who: User): Promise<Page> => {
    const res = await call(reader, 'GET', '/api/notifications/', who.access);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const shows = async (what: string, check: () => Promise<boolean>) => {
    const start = Date.now();
    if (bound === 0) {
      if (!(await check())) throw new Error(`${what}: not on the next read`);
      return;
    }
    for (;;) {
      if (await check()) return;
      if (Date.now() - start > bound) throw new Error(`${what}: not within ${bound} ms`);
      await sleep(10);
    }
  };
  const vote = async (voter: User, id: number, type: 'upvote' | 'downvote' | null) =>
    expect((await call(writer, type ? 'POST' : 'DELETE', `/api/wish/${id}/vote/`, voter.access, type ? { vote_type: type } : undefined)).statusCode).toBe(200);
  const follow = async (follower: User, target: User, on = true) =>
    expect((await call(writer, on ? 'POST' : 'DELETE', `/api/profile/${target.id}/subscribe/`, follower.access)).statusCode).toBeLessThan(300);
  const of = (p: Page, kind: string, wishId: number | null = null) => p.notifications.find((x) => x.kind === kind && (wishId === null || x.wish_id === wishId));

  it('is held once read', async () => {
    const me = await createUser();
    await page(me);
    expect(readModelOf(reader.deps.db).notificationPages.get(me.id)?.done).toBe(true);
  });

  it('upvote, a second voter, switch to a downvote and unvote', async () => {
    const [author, a, b] = [await createUser(), await createUser('Ada'), await createUser('Bea')];
    const id = await save(author, 'notify me');
    await page(author);
    await vote(a, id, 'upvote');
    await shows('upvote', async () => {
      const p = await page(author);
      return of(p, 'vote', id)?.actor_count === 1 && p.unread_count === 1;
    });
    await vote(b, id, 'upvote');
    await shows('second upvote', async () => of(await page(author), 'vote', id)?.actor_count === 2);
    await vote(b, id, 'downvote');
    await shows('switched to a downvote', async () => of(await page(author), 'vote', id)?.actor_count === 1);
    await vote(a, id, null);
    await shows('unvoted', async () => {
      const p = await page(author);
      return of(p, 'vote', id) === undefined && p.unread_count === 0;
    });
  });

  it('follow and unfollow', async () => {
    const [target, follower] = [await createUser(), await createUser()];
    await page(target);
    await follow(follower, target);
    await shows('follow', async () => of(await page(target), 'follow')?.actor_count === 1);
    await follow(follower, target, false);
    await shows('unfollow', async () => of(await page(target), 'follow') === undefined);
  });

  it('an actor\'s new name and account deletion; a deleted wish takes its notifications', async () => {
    const [author, actor, voter] = [await createUser(), await createUser('Oldname'), await createUser()];
    const id = await save(author, 'named');
    await vote(actor, id, 'upvote');
    await shows('upvote', async () => of(await page(author), 'vote', id)?.actors[0]?.name === 'Oldname Test');
    expect((await call(writer, 'PATCH', '/api/account/', actor.access, { first_name: 'Newname' })).statusCode).toBe(200);
    await shows('rename', async () => of(await page(author), 'vote', id)?.actors[0]?.name === 'Newname Test');
    expect((await call(writer, 'DELETE', '/api/account/', actor.access, { password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    await shows('account deleted', async () => of(await page(author), 'vote', id) === undefined);
    await vote(voter, id, 'upvote');
    await shows('upvote', async () => of(await page(author), 'vote', id) !== undefined);
    expect((await call(writer, 'DELETE', `/api/base/wish/${id}/`, author.access)).statusCode).toBeLessThan(300);
    await shows('wish deleted', async () => (await page(author)).notifications.every((x) => x.wish_id !== id));
  });

  it('a moderator hides a wish: the author is told', async () => {
    const [author, moderator] = [await createUser(), await createUser()];
    expect((await runAdminCommand(writer.deps.db, ['role', moderator.email, 'moderator'])).code).toBe(0);
    moderator.access = await signIn(writer, moderator.email);
    const id = await save(author, 'to be hidden');
    await page(author);
    expect((await call(writer, 'POST', `/api/moderation/wish/${id}/`, moderator.access, { action: 'hide', reason: 'test' })).statusCode).toBe(200);
    await shows('hidden', async () => of(await page(author), 'wish_hidden', id) !== undefined);
  });

  it('notify (moderation, deliveries): a one-off notification', async () => {
    const me = await createUser();
    await page(me);
    // The entry point other modules call (moderation's and deliveries' routes), without any other write.
    await writer.deps.notifications.notify({ userId: me.id, kind: 'delivery_opened', text: 'Someone opened it.' });
    await shows('notified', async () => {
      const p = await page(me);
      return of(p, 'delivery_opened')?.text === 'Someone opened it.' && p.unread_count === 1;
    });
  });

  it('mark read: the member reads their own acknowledged change at once, even with reads in flight', async () => {
    const [author, voter] = [await createUser(), await createUser()];
    const ids = [await save(author, 'one'), await save(author, 'two')];
    for (let i = 0; i < 6; i++) {
      await vote(voter, ids[i % 2]!, i % 4 < 2 ? 'upvote' : null);
      await vote(voter, ids[(i + 1) % 2]!, 'upvote');
      // The author's own write (mark read) on the process they read from: answered, then read at once.
      const before = page(author);
      const res = await call(reader, 'POST', '/api/notifications/read/', author.access, {});
      const during = page(author);
      expect(res.statusCode).toBe(200);
      expect(res.json().unread_count).toBe(0);
      await Promise.all([before, during]);
      const p = await page(author);
      expect(p.unread_count).toBe(0);
      expect(p.notifications.every((x) => x.read)).toBe(true);
    }
  });

  it('keeps at most CAPS.notificationPages pages', () => {
    expect(readModelOf(reader.deps.db).notificationPages.size).toBeLessThanOrEqual(CAPS.notificationPages);
  });
});
