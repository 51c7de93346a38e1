/**
 * Read-model staleness tests' setup (src/notifications and src/moderation read-model tests): one app,
 * or two apps on one database with a real Redis between them (cluster mode), and `shows`, which
 * holds a check to the stated bound (the next read on one process; 1 s across two).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app/app';
import type { Config } from '../../src/platform/config';
import { DEFAULT_PASSWORD, TEST_CONFIG, createPgDatabase, dialects, type TestDialect } from './harness';
import { freePort } from '../reliability/child';

export const hasRedis = spawnSync('sh', ['-c', 'command -v redis-server'], { stdio: 'ignore' }).status === 0;
if (!hasRedis && process.env.CI) throw new Error('redis-server is required under CI');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The bound across processes: another process serves a write within 1 s. */
export const CROSS_PROCESS_MS = 1000;

/** Every database, on one process and (with redis-server installed) on two. */
export const readModelKinds: Array<[TestDialect, 1 | 2]> = [];
for (const dialect of dialects) {
  readModelKinds.push([dialect, 1]);
  if (hasRedis) readModelKinds.push([dialect, 2]);
}

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

export interface TestUser {
  id: number;
  email: string;
  access: string;
}

export interface ReadModelApps {
  /** Takes every write. */
  writer: FastifyInstance;
  /** Takes every read: the writer itself on one process, the other app on two. */
  reader: FastifyInstance;
  /** 0: the next read must show the write; else the most ms it may take. */
  bound: number;
  call: (app: FastifyInstance, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) => Promise<LightMyRequestResponse>;
  createUser: (first?: string) => Promise<TestUser>;
  signIn: (app: FastifyInstance, email: string) => Promise<string>;
  /** Waits for `check` (run on the reader): at once when bound is 0, else within bound ms of now. */
  shows: (what: string, check: () => Promise<boolean>) => Promise<void>;
  close: () => Promise<void>;
}

let address = 0;

export async function startReadModelApps(dialect: TestDialect, processes: 1 | 2): Promise<ReadModelApps> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-read-model-'));
  let databaseUrl = `sqlite:${path.join(dataDir, 'wishes.db')}`;
  let dropPg: (() => Promise<void>) | null = null;
  if (dialect === 'postgres') {
    const pg = await createPgDatabase({ migrated: true });
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
  const dirs = [dataDir];
  for (let i = 0; i < processes; i++) {
    if (i > 0) dirs.push(mkdtempSync(path.join(os.tmpdir(), 'wishes-read-model-')));
    apps.push(await buildApp({ ...overrides, dataDir: dirs[i]! }, { mailer: { send: async () => undefined } }));
  }
  const writer = apps[0]!;
  const bound = processes === 1 ? 0 : CROSS_PROCESS_MS;
  const call: ReadModelApps['call'] = (app, method, url, token, payload) =>
    app.inject({ method, url, payload, remoteAddress: `10.9.${Math.floor(++address / 250) % 250}.${address % 250}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const signIn = async (app: FastifyInstance, email: string) => {
    const res = await call(app, 'POST', '/api/token/', undefined, { username: email, password: DEFAULT_PASSWORD });
    if (res.statusCode !== 200) throw new Error(`sign-in: ${res.statusCode}`);
    return res.json().access as string;
  };
  let n = 0;
  return {
    writer,
    reader: apps[processes - 1]!,
    bound,
    call,
    signIn,
    async createUser(first = `Member${++n}`) {
      const email = `rm${++n}.${Math.random().toString(36).slice(2, 8)}@example.com`;
      const created = await call(writer, 'POST', '/api/base/create_user/', undefined, { email, password: DEFAULT_PASSWORD, first_name: first, last_name: 'Test', phone: '1' });
      if (created.statusCode !== 201) throw new Error(`create_user: ${created.statusCode}`);
      return { id: created.json().user_id, email, access: await signIn(writer, email) };
    },
    async shows(what, check) {
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
    },
    async close() {
      for (const app of apps) await app.close();
      if (redis) redis.kill('SIGKILL');
      if (dropPg) await dropPg();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}
