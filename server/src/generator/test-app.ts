/**
 * Test support for the generator and media route suites: a real app (buildApp) on a fresh SQLite
 * file, or a fresh PostgreSQL database when the local server is reachable. Used until/unless the
 * shared harness in src/testing covers the same ground.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { spawnSync } from 'node:child_process';
import { Client } from 'pg';
import { buildApp, type BuildOptions } from '../app/app';
import type { Config } from '../app/config';

export type TestDialect = 'sqlite' | 'postgres';

const PG_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let pgReachable: boolean | undefined;
/**
 * Whether PostgreSQL tests can run here. Synchronous (a child process tries to connect) because
 * jest collects tests synchronously, and a suite must know its databases before it declares them.
 */
export function postgresAvailable(): boolean {
  if (pgReachable === undefined) {
    const probe = spawnSync(
      process.execPath,
      ['-e', `const {Client}=require('pg');const c=new Client({connectionString:process.argv[1],connectionTimeoutMillis:2000});c.connect().then(()=>c.query('select 1')).then(()=>process.exit(0),()=>process.exit(1))`, PG_ADMIN_URL],
      { cwd: __dirname, timeout: 5000, stdio: 'ignore' },
    );
    pgReachable = probe.status === 0;
  }
  return pgReachable;
}

async function adminQuery(sql: string) {
  const client = new Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
}

export async function startTestApp(dialect: TestDialect, overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wishes-extras-'));
  let databaseUrl = `sqlite:${path.join(dataDir, 'test.db')}`;
  let dbName: string | undefined;
  if (dialect === 'postgres') {
    dbName = `wishes_extras_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${dbName}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const app = await buildApp(
    { dataDir, databaseUrl, jwtSecret: 'test-secret-'.padEnd(40, 'x'), logLevel: 'silent', seedDemo: false, ...overrides },
    { env: { NODE_ENV: 'test' }, ...options },
  );
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      if (dbName) await adminQuery(`drop database if exists ${dbName} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Inserts a user directly and returns its id and an access token. */
export async function createUser(app: FastifyInstance, email = `u${randomBytes(4).toString('hex')}@example.com`) {
  const now = new Date().toISOString();
  const row = await app.deps.db
    .insertInto('users')
    .values({ email, password_hash: 'x', first_name: 'Test', last_name: 'User', phone: '', avatar_url: null, avatar_thumbnail: null, password_changed_at: now, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  return { id, token: app.tokens.issueAccess(id), auth: { authorization: `Bearer ${app.tokens.issueAccess(id)}` } };
}

/** Runs `body` once per database; PostgreSQL only when reachable (with a warning otherwise). */
export function describeEachDialect(name: string, body: (dialect: TestDialect) => void) {
  const dialects: TestDialect[] = ['sqlite'];
  if (postgresAvailable()) dialects.push('postgres');
  else console.warn(`PostgreSQL not reachable at ${PG_ADMIN_URL}: "${name}" runs on SQLite only`);
  describe.each(dialects)(`${name} (%s)`, (dialect) => body(dialect));
}
