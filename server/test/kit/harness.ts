/**
 * Test harness: a fresh app on a fresh database, SQLite (temp file) or PostgreSQL (a uniquely
 * named database, dropped afterwards). Suites run on both with `describe.each(dialects)`.
 * PostgreSQL unreachable: skipped with a loud warning, or a hard failure under CI / REQUIRE_POSTGRES=1.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/app/app';
import type { Config } from '../../src/platform/config';
import type { MailMessage, Mailer } from '../../src/mail/mailer';
import { adminQuery, CANDIDATE_ADMIN_URLS, databaseUrl, PROBE_ENV, TEMPLATE_ENV } from './postgres-run';
import { SQLITE_TEMPLATE_ENV } from './sqlite-template';

export type TestDialect = 'sqlite' | 'postgres';

/**
 * Synchronous probe (describe.each needs the list when the file loads): the first admin URL that
 * connects. The run's globalSetup probed once already (postgres-run.ts) and left the answer in the
 * environment; a process of its own answers only when a file runs without that setup.
 */
function probePostgres(): string | null {
  const probed = process.env[PROBE_ENV];
  if (probed) return probed === 'none' ? null : probed;
  const script = `
    const { Client } = require('pg');
    (async () => {
      for (const url of JSON.parse(process.argv[1])) {
        const c = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
        try { await c.connect(); await c.query('select 1'); await c.end(); console.log(url); return; } catch { try { await c.end(); } catch {} }
      }
    })();`;
  const result = spawnSync(process.execPath, ['-e', script, JSON.stringify(CANDIDATE_ADMIN_URLS)], { encoding: 'utf8', timeout: 15000, cwd: __dirname });
  const url = result.stdout?.trim().split('\n')[0];
  return url ? url : null;
}

/** WISHES_TEST_DIALECTS=sqlite: SQLite only, on purpose (scripts/node-lines.js runs suites so on another Node line). */
const sqliteOnly = process.env.WISHES_TEST_DIALECTS === 'sqlite';
export const PG_ADMIN_URL = sqliteOnly ? null : probePostgres();
const requirePostgres = !sqliteOnly && (Boolean(process.env.CI) || process.env.REQUIRE_POSTGRES === '1');
if (!PG_ADMIN_URL && !sqliteOnly) {
  if (requirePostgres) {
    throw new Error(`PostgreSQL is required (CI or REQUIRE_POSTGRES=1) but none of ${CANDIDATE_ADMIN_URLS.join(', ')} is reachable`);
  }
  console.warn('\n!!!!! PostgreSQL NOT REACHABLE at 127.0.0.1:5432: the PostgreSQL half of the server tests is SKIPPED !!!!!\n');
  // Reported as skipped in every suite that has a PostgreSQL half, so the totals say so too.
  describe.skip('postgres', () => it('needs PostgreSQL at 127.0.0.1:5432', () => undefined));
}

export const dialects: TestDialect[] = PG_ADMIN_URL ? ['sqlite', 'postgres'] : ['sqlite'];

let counter = 0;

/**
 * A fresh, uniquely named PostgreSQL database (PG_ADMIN_URL must be set) and how to drop it: empty,
 * or with `migrated: true` a copy of the run's migrated template (postgres-run.ts), so an app
 * started on it finds every migration applied. Suites that test migrations take it empty.
 */
export async function createPgDatabase(options: { migrated?: boolean } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `wishes_t_${process.pid}_${Date.now().toString(36)}_${++counter}`;
  const template = options.migrated ? process.env[TEMPLATE_ENV] : undefined;
  await adminQuery(PG_ADMIN_URL!, template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  return {
    url: databaseUrl(PG_ADMIN_URL!, name),
    drop: () => adminQuery(PG_ADMIN_URL!, `drop database if exists "${name}" with (force)`),
  };
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  access: string;
  refresh: string;
}

export interface TestContext {
  app: FastifyInstance;
  dialect: TestDialect;
  config: Config;
  /** Mails the app sent (the mailer is captured unless BuildOptions.mailer is given). */
  mails: MailMessage[];
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  createUser(fields?: Partial<Pick<TestUser, 'email' | 'password' | 'first_name' | 'last_name'>>): Promise<TestUser>;
  saveWish(user: TestUser, text: string, isPublic?: boolean): Promise<number>;
  close(): Promise<void>;
}

export const DEFAULT_PASSWORD = 'Vivid-Harbor-42';

/** What every test app runs with beside its database: quiet, fast hashing, generous rate limits. */
export const TEST_CONFIG: Partial<Config> = {
  jwtSecret: 'test-secret-that-is-long-enough-0123456789',
  logLevel: 'silent',
  rateLimitScale: 1000,
  seedDemo: false,
  publicUrl: 'http://wishes.test',
  scryptCost: 1024,
  // Suites sign reporters up a moment before they report (REPORTER_MIN_ACCOUNT_AGE_HOURS=0: no age rule).
  reporterMinAccountAgeHours: 0,
  // Suites that test sending wishes turn it back on (deliveries/deliveries.test.ts).
  requireVerifiedSenders: false,
};

/** `realMailer: true` uses the configured mailer (SMTP_URL / outbox) instead of capturing mails. */
export async function createTestApp(dialect: TestDialect, overrides: Partial<Config> = {}, options: BuildOptions & { realMailer?: boolean } = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-test-'));
  let dropPg: (() => Promise<void>) | null = null;
  let databaseUrl = `sqlite:${path.join(dataDir, 'test.db')}`;
  // A copy of the run's migrated SQLite file (sqlite-template.ts): the app finds every migration applied.
  const sqliteTemplate = process.env[SQLITE_TEMPLATE_ENV];
  if (dialect === 'sqlite' && sqliteTemplate) copyFileSync(sqliteTemplate, path.join(dataDir, 'test.db'));
  if (dialect === 'postgres') {
    const pg = await createPgDatabase({ migrated: true });
    databaseUrl = pg.url;
    dropPg = pg.drop;
  }
  const mails: MailMessage[] = [];
  const mailer: Mailer | undefined = options.realMailer ? undefined : (options.mailer ?? { send: async (m) => void mails.push(m) });
  const app = await buildApp(
    // publicUrl is not a local origin, so the production guards want a mail transport: the outbox
    // folder unless the suite gives an SMTP server (an app built again from t.config keeps it).
    { dataDir, databaseUrl, ...TEST_CONFIG, mailTransport: overrides.smtpUrl ? 'smtp' : 'outbox', ...overrides },
    { mailer, generator: options.generator, env: options.env, beforeReady: options.beforeReady, logStream: options.logStream, canaryClock: options.canaryClock },
  );

  const request: TestContext['request'] = ({ token, headers, ...rest }) =>
    app.inject({ ...rest, headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });

  let userCounter = 0;
  const createUser: TestContext['createUser'] = async (fields = {}) => {
    const n = ++userCounter;
    const user = {
      email: fields.email ?? `user${n}.${Math.random().toString(36).slice(2, 8)}@example.com`,
      password: fields.password ?? DEFAULT_PASSWORD,
      first_name: fields.first_name ?? `First${n}`,
      last_name: fields.last_name ?? `Last${n}`,
    };
    const created = await request({ method: 'POST', url: '/api/base/create_user/', payload: { ...user, phone: '+1 555 0100' } });
    if (created.statusCode !== 201) throw new Error(`createUser failed: ${created.statusCode} ${created.body}`);
    const login = await request({ method: 'POST', url: '/api/token/', payload: { username: user.email, password: user.password } });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
    return { id: created.json().user_id, ...user, ...login.json() };
  };

  const saveWish: TestContext['saveWish'] = async (user, text, isPublic = true) => {
    const res = await request({ method: 'POST', url: '/api/base/save_wish/', token: user.access, payload: { text, is_public: isPublic } });
    if (res.statusCode !== 201) throw new Error(`saveWish failed: ${res.statusCode} ${res.body}`);
    return res.json().wish_id;
  };

  return {
    app,
    dialect,
    config: app.deps.config,
    mails,
    request,
    createUser,
    saveWish,
    async close() {
      await app.close();
      if (dropPg) await dropPg();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A status that is a client error with a JSON body (never a 5xx, never HTML). */
export function expectJsonClientError(res: LightMyRequestResponse, status?: number) {
  if (status !== undefined) expect(res.statusCode).toBe(status);
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  const body = res.json();
  expect(typeof (body.error ?? body.detail)).toBe('string');
  expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
  return body;
}
