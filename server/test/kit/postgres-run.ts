/**
 * Once per jest run (globalSetup / globalTeardown in jest.config.js): probe PostgreSQL once, and
 * migrate one template database that every test app's database is copied from
 * (`CREATE DATABASE … TEMPLATE`), instead of a probe process per test file and the whole migration
 * list per test app. Both reach the test files through environment variables, which jest's workers
 * inherit; harness.ts reads them, and probes or migrates by itself when they are absent (a file run
 * by a config without this setup).
 */
import { Client } from 'pg';
import { openDatabase } from '../../src/db/connect';
import { migrateToLatest } from '../../src/db/migrate';

/** The admin URL that answered, or `none`. */
export const PROBE_ENV = 'WISHES_TEST_PG_ADMIN_URL';
/** The migrated template database's name. */
export const TEMPLATE_ENV = 'WISHES_TEST_PG_TEMPLATE';

export const CANDIDATE_ADMIN_URLS = [
  process.env.TEST_POSTGRES_URL,
  'postgres://postgres@127.0.0.1:5432/test',
  'postgres://root@127.0.0.1:5432/test',
  'postgres://postgres@127.0.0.1:5432/postgres',
].filter((u): u is string => Boolean(u));

/** The first admin URL that connects, or null. */
export async function probeAdminUrl(urls: string[] = CANDIDATE_ADMIN_URLS): Promise<string | null> {
  for (const url of urls) {
    const c = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await c.connect();
      await c.query('select 1');
      await c.end();
      return url;
    } catch {
      await c.end().catch(() => undefined);
    }
  }
  return null;
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const c = new Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

export async function globalSetup(): Promise<void> {
  if (process.env.WISHES_TEST_DIALECTS === 'sqlite') return;
  const adminUrl = await probeAdminUrl();
  process.env[PROBE_ENV] = adminUrl ?? 'none';
  if (!adminUrl) return;
  const name = `wishes_tpl_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(adminUrl, `create database "${name}"`);
  const { db } = openDatabase(databaseUrl(adminUrl, name), { poolSize: 1 });
  try {
    await migrateToLatest(db, 'postgres');
  } finally {
    // A template must have no connection left when it is copied.
    await db.destroy();
  }
  process.env[TEMPLATE_ENV] = name;
}

export async function globalTeardown(): Promise<void> {
  const adminUrl = process.env[PROBE_ENV];
  const name = process.env[TEMPLATE_ENV];
  if (!adminUrl || adminUrl === 'none' || !name) return;
  await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
}
