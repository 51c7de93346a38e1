/**
 * Migrations at start (docs/upgrading.md): each one applied is logged, `npm run migrate -- --status`
 * lists applied and pending ones, two processes started at once migrate once (the second waits for
 * the first's lock), a database newer than the code is refused with one sentence and left as it
 * was, and a missing PostgreSQL database is one sentence, not a stack trace. SQLite and PostgreSQL.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { Client } from 'pg';
import { createPgDatabase, dialects, PG_ADMIN_URL, type TestDialect } from '../../test/kit/harness';
import { openDatabase } from './connect';
import { allMigrations, MIGRATION_LOCK_KEY, MigrationRefused, migrateToLatest, migrationStatus } from './migrate';

jest.setTimeout(120_000);

const root = path.resolve(__dirname, '../../..');

interface Target {
  url: string;
  drop: () => Promise<void>;
}

async function freshDatabase(dialect: TestDialect): Promise<Target> {
  if (dialect === 'postgres') return createPgDatabase();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wishes-migrate-'));
  return { url: `sqlite:${path.join(dir, 'wishes.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** `npm run migrate` as an operator runs it (the wrapper, its own process). */
function runMigrateCli(databaseUrl: string, args: string[] = [], onOut?: (text: string) => void): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/migrate.js'), ...args], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      onOut?.(chunk.toString());
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

/** Holds the migration lock as another process would, until the returned function is called. */
async function holdLock(dialect: TestDialect, url: string): Promise<() => Promise<void>> {
  if (dialect === 'postgres') {
    const client = new Client({ connectionString: url });
    await client.connect();
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return async () => void (await client.end());
  }
  const lock = new SqliteDatabase(`${url.slice('sqlite:'.length)}-migrate-lock`, { timeout: 0 });
  lock.exec('begin exclusive');
  return async () => void lock.close();
}

describe.each(dialects)('migrations (%s)', (dialect) => {
  let target: Target;
  beforeEach(async () => {
    target = await freshDatabase(dialect);
  });
  afterEach(async () => {
    await target.drop();
  });

  it('logs each migration it applies, and nothing when none is pending; the status lists applied and pending', async () => {
    const { db } = openDatabase(target.url, { poolSize: 1 });
    try {
      const all = allMigrations(dialect);
      const first = Object.fromEntries(Object.entries(all).slice(0, 3));
      const lines: string[] = [];
      await migrateToLatest(db, dialect, first, { log: (line) => lines.push(line) });
      const names = Object.keys(first);
      expect(lines[0]).toBe(`Migrating the database: 3 pending (${names.join(', ')})`);
      expect(lines.slice(1).map((l) => l.replace(/\(\d+ ms\)/, '(N ms)'))).toEqual(names.map((n) => `Database migration ${n} applied (N ms)`));

      const status = await migrationStatus(db, dialect, all);
      expect(status.applied.map((m) => m.name)).toEqual(names);
      for (const m of status.applied) expect(Number.isNaN(Date.parse(m.at))).toBe(false);
      expect(status.pending).toEqual(Object.keys(all).slice(3));
      expect(status.unknown).toEqual([]);

      lines.length = 0;
      await migrateToLatest(db, dialect, all, { log: (line) => lines.push(line) });
      expect(lines).toHaveLength(Object.keys(all).length - 3 + 1);
      lines.length = 0;
      await migrateToLatest(db, dialect, all, { log: (line) => lines.push(line) });
      expect(lines).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('refuses a database newer than the code with one sentence, and changes nothing', async () => {
    const { db } = openDatabase(target.url, { poolSize: 1 });
    try {
      await migrateToLatest(db, dialect);
      await sql`insert into kysely_migration (name, timestamp) values ('0999_from_the_future', ${new Date().toISOString()})`.execute(db);
      // A migration the code has but the database lacks must not be applied to a newer database.
      await sql`delete from kysely_migration where name = '0021_canary_addresses'`.execute(db);
      const error = await migrateToLatest(db, dialect).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MigrationRefused);
      expect((error as Error).message).toBe(
        'This database was migrated by a newer version of Wishes (migration 0999_from_the_future is unknown to this code): run that version, or restore a backup taken before it.',
      );
      const status = await migrationStatus(db, dialect);
      expect(status.unknown).toEqual(['0999_from_the_future']);
      expect(status.pending).toEqual(['0021_canary_addresses']);
    } finally {
      await db.destroy();
    }
  });

  it('two processes started at the same moment: one migrates, the other waits for it, each migration runs once', async () => {
    // The lock is held while both start, so both are certain to contend for it; it is let go once
    // both said they wait.
    const release = await holdLock(dialect, target.url);
    const live = ['', ''];
    const runs = [0, 1].map((i) => runMigrateCli(target.url, [], (text) => (live[i] += text)));
    const WAITING = 'Waiting for another process to finish migrating the database';
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && !live.every((o) => o.includes(WAITING))) await new Promise((r) => setTimeout(r, 100));
    await release();
    const results = await Promise.all(runs);
    for (const r of results) expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
    const outputs = results.map((r) => r.out);
    for (const o of outputs) expect(o).toContain(WAITING);
    const all = Object.keys(allMigrations(dialect));
    const lines = outputs.join('\n').split('\n');
    for (const name of all) expect(lines.filter((line) => line.startsWith(`Database migration ${name} applied`))).toHaveLength(1);
    for (const o of outputs) expect(o).toContain(`The database is up to date (${all.length} migrations applied).`);
  });

  it('npm run migrate -- --status lists applied and pending migrations and changes nothing', async () => {
    const { db } = openDatabase(target.url, { poolSize: 1 });
    const some = Object.fromEntries(Object.entries(allMigrations(dialect)).slice(0, 2));
    await migrateToLatest(db, dialect, some);
    await db.destroy();
    const { code, out, err } = await runMigrateCli(target.url, ['--status']);
    expect({ code, err }).toEqual({ code: 0, err: '' });
    const all = Object.keys(allMigrations(dialect));
    const lines = out.trim().split('\n');
    expect(lines[0]).toMatch(/^Database: (SQLite|PostgreSQL) database /);
    expect(lines.slice(1, 3).map((l) => l.replace(/\s+\S+$/, ''))).toEqual(all.slice(0, 2).map((n) => `applied  ${n}`));
    expect(lines.slice(3, -1)).toEqual(all.slice(2).map((n) => `pending  ${n}`));
    expect(lines.at(-1)).toBe(`2 applied, ${all.length - 2} pending.`);
    const again = await runMigrateCli(target.url, ['--status']);
    expect(again.out).toBe(out);
  });
});

it('npm run migrate -- --status on a SQLite database that does not exist yet makes nothing', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wishes-migrate-status-'));
  try {
    const { code, out } = await runMigrateCli(`sqlite:${path.join(dir, 'wishes.db')}`, ['--status']);
    expect(code).toBe(0);
    expect(out.trim().split('\n').at(-1)).toBe(`0 applied, ${Object.keys(allMigrations('sqlite')).length} pending (the database file does not exist yet).`);
    expect(readdirSync(dir)).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

(PG_ADMIN_URL ? describe : describe.skip)('a missing PostgreSQL database', () => {
  it('is one sentence naming the database and createdb, not a stack trace', async () => {
    const url = new URL(PG_ADMIN_URL!);
    url.pathname = '/wishes_no_such_database';
    const { db } = openDatabase(url.toString(), { poolSize: 1 });
    const error = await migrateToLatest(db, 'postgres').catch((e: unknown) => e);
    await db.destroy();
    expect(error).toBeInstanceOf(MigrationRefused);
    const sentence = 'PostgreSQL has no database "wishes_no_such_database" (DATABASE_URL names it): create it with createdb wishes_no_such_database, or correct DATABASE_URL.';
    expect((error as Error).message).toBe(sentence);
    const cli = await runMigrateCli(url.toString());
    expect(cli).toEqual({ code: 1, out: expect.stringMatching(/^Database: PostgreSQL database wishes_no_such_database /), err: `${sentence}\n` });
    // The server itself: exit 1 with the one line.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-missing-db-'));
    try {
      const server = await new Promise<{ code: number | null; err: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
          cwd: root,
          env: { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' },
        });
        let err = '';
        child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
        child.on('close', (code) => resolve({ code, err }));
      });
      expect(server).toEqual({ code: 1, err: `Configuration error: ${sentence}\n` });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
