/**
 * Runs the schema migrations (on every start; already-applied ones are skipped), one process at a
 * time (a lock), logging each one it applies; refuses a database made by a newer version.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import type { Database, Dialect } from './types';
import { initialMigration } from './migrations/0001_initial';
import { feedSeqMigration } from './migrations/0002_feed_seq';
import { voteFunctionsMigration } from './migrations/0003_vote_functions';
import { sessionsMigration } from './migrations/0004_sessions';
import { remoteReleasesMigration } from './migrations/0005_remote_releases';
import { moderationMigration } from './migrations/0007_moderation';
import { socialMigration } from './migrations/0008_social';
import { chatsMigration } from './migrations/0009_chats';
import { votersTypeIndexMigration } from './migrations/0011_voters_type_idx';
import { mediaFilesMigration } from './migrations/0010_media_files';
import { timestamptzMigration } from './migrations/0012_timestamptz';
import { teamReleasesMigration } from './migrations/0015_team_releases';
import { deliveriesMigration } from './migrations/0014_deliveries';
import { slowRowsMigration } from './migrations/0016_slow_rows';
import { deliveryQuotaMigration } from './migrations/0017_delivery_quota';
import { voteBatchMigration } from './migrations/0018_vote_batch';
import { canaryAddressesMigration } from './migrations/0021_canary_addresses';
import { peopleMigration } from './migrations/0022_people';
import { repliesMigration } from './migrations/0023_replies';
import { groupsMigration } from './migrations/0024_groups';
import { sqlFunctionsMigration } from './migrations/0026_sql_functions';
import { SQL_FUNCTIONS } from './sql';
import { releaseNotesMigration } from './migrations/0027_release_notes';
import { voteGenericPlansMigration } from './migrations/0028_vote_generic_plans';
import { convertTextDateColumns } from './migrations/date-columns';
import { preparedStatementsPaused, sqliteFileOf } from './connect';

/** Every migration by name; the name order is the order on a fresh database. */
export function allMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_initial': initialMigration(dialect),
    '0002_feed_seq': feedSeqMigration(),
    '0003_vote_functions': voteFunctionsMigration(dialect),
    '0004_sessions': sessionsMigration(),
    '0005_remote_releases': remoteReleasesMigration(dialect),
    '0007_moderation': moderationMigration(dialect),
    '0008_social': socialMigration(dialect),
    '0009_chats': chatsMigration(dialect),
    '0010_media_files': mediaFilesMigration(dialect),
    '0011_voters_type_idx': votersTypeIndexMigration(dialect),
    '0012_timestamptz': timestamptzMigration(dialect),
    '0015_team_releases': teamReleasesMigration(dialect),
    '0014_deliveries': deliveriesMigration(dialect),
    '0016_slow_rows': slowRowsMigration(dialect),
    '0017_delivery_quota': deliveryQuotaMigration(dialect),
    '0018_vote_batch': voteBatchMigration(dialect),
    '0021_canary_addresses': canaryAddressesMigration(dialect),
    '0022_people': peopleMigration(dialect),
    '0023_replies': repliesMigration(dialect),
    '0024_groups': groupsMigration(dialect),
    '0026_sql_functions': sqlFunctionsMigration(dialect, SQL_FUNCTIONS),
    '0027_release_notes': releaseNotesMigration(),
    '0028_vote_generic_plans': voteGenericPlansMigration(dialect, SQL_FUNCTIONS.filter((f) => f.name === 'wishes_vote_batch' || f.name === 'wishes_vote_notify')),
  };
}

/**
 * Why a database cannot be migrated, in one sentence for the operator (a missing PostgreSQL
 * database, a database newer than the code): the server prints it without a stack trace.
 */
export class MigrationRefused extends Error {}

export interface MigrateOptions {
  /** Gets one line per migration applied, and one when this process waits for another's. */
  log?: (line: string) => void;
}

/** The migrator's own table: which migrations a database has, and when each was applied. */
const MIGRATION_TABLE = 'kysely_migration';
/** PostgreSQL advisory lock key held while one process migrates ("wishes" in ASCII). */
export const MIGRATION_LOCK_KEY = 0x776973686573;
const LOCK_POLL_MS = 100;

/**
 * Applies the missing migrations. One process migrates, the others wait for it (PostgreSQL: a
 * session advisory lock; SQLite: an exclusive lock on a file beside the database, which SQLite
 * holds across processes and the kernel drops with a dead process). PostgreSQL's prepared
 * statements (db/connect.ts) are paused meanwhile and renamed after: a statement planned before a
 * schema change is never reused after it.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  dialect: Dialect,
  migrations: Record<string, Migration> = allMigrations(dialect),
  options: MigrateOptions = {},
): Promise<void> {
  const log = options.log ?? (() => undefined);
  try {
    await preparedStatementsPaused(() => underMigrationLock(db, dialect, log, (locked) => applyMigrations(locked, dialect, migrations, log)));
  } catch (error) {
    throw explainDatabaseError(error, db);
  }
}

/** Applied migrations (name, when) and the code's pending ones, for `npm run migrate -- --status`. */
export async function migrationStatus(
  db: Kysely<Database>,
  dialect: Dialect,
  migrations: Record<string, Migration> = allMigrations(dialect),
): Promise<{ applied: Array<{ name: string; at: string }>; pending: string[]; unknown: string[] }> {
  try {
    const applied = await appliedMigrations(db);
    const names = new Set(applied.map((m) => m.name));
    return {
      applied,
      pending: Object.keys(migrations).filter((name) => !names.has(name)),
      unknown: applied.map((m) => m.name).filter((name) => !(name in migrations)),
    };
  } catch (error) {
    throw explainDatabaseError(error, db);
  }
}

async function appliedMigrations(db: Kysely<Database>): Promise<Array<{ name: string; at: string }>> {
  const raw = db as unknown as Kysely<Record<string, { name: string; timestamp: string | Date }>>;
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === MIGRATION_TABLE)) return [];
  const rows = await raw.selectFrom(MIGRATION_TABLE).select(['name', 'timestamp']).orderBy('timestamp').orderBy('name').execute();
  return rows.map((r) => ({ name: r.name, at: r.timestamp instanceof Date ? r.timestamp.toISOString() : String(r.timestamp) }));
}

/** The sentence (a MigrationRefused) for a database this code cannot use, or the error unchanged. */
export function explainDatabaseError(error: unknown, db?: Kysely<Database>): unknown {
  if (error instanceof MigrationRefused) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '3D000') {
    // "database "x" does not exist": name it and say how to make it, not pg's stack.
    const name = /database "([^"]+)"/.exec(String((error as Error).message))?.[1] ?? 'the database';
    return new MigrationRefused(`PostgreSQL has no database "${name}" (DATABASE_URL names it): create it with createdb ${name}, or correct DATABASE_URL.`);
  }
  if (code === 'SQLITE_CANTOPEN') {
    return new MigrationRefused(`SQLite cannot open the database file ${(db && sqliteFileOf(db)) ?? ''}: check that its folder exists and is writable by this user.`);
  }
  return error;
}

async function underMigrationLock<T>(db: Kysely<Database>, dialect: Dialect, log: (line: string) => void, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  if (dialect === 'postgres') {
    // Lock and migrations on one connection: a pool of one (the CLIs) has no second one to wait for.
    return db.connection().execute(async (conn) => {
      const tried = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${MIGRATION_LOCK_KEY}) as locked`.execute(conn);
      if (!tried.rows[0]?.locked) {
        log('Waiting for another process to finish migrating the database');
        await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(conn);
      }
      try {
        return await work(conn);
      } finally {
        await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn).catch(() => undefined);
      }
    });
  }
  const file = sqliteFileOf(db);
  if (!file) return work(db);
  // A second SQLite file only for the lock: an exclusive transaction on it is held across
  // processes, never blocks the database's own readers and writers, and ends with its process.
  const lock = new SqliteDatabase(`${file}-migrate-lock`, { timeout: 0 });
  try {
    let waiting = false;
    for (;;) {
      try {
        lock.exec('begin exclusive');
        break;
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') throw error;
        if (!waiting) log('Waiting for another process to finish migrating the database');
        waiting = true;
        await sleep(LOCK_POLL_MS);
      }
    }
    return await work(db);
  } finally {
    lock.close();
  }
}

async function applyMigrations(db: Kysely<Database>, dialect: Dialect, migrations: Record<string, Migration>, log: (line: string) => void): Promise<void> {
  const applied = await appliedMigrations(db);
  const unknown = applied.map((m) => m.name).filter((name) => !(name in migrations));
  if (unknown.length) {
    throw new MigrationRefused(
      `This database was migrated by a newer version of Wishes (migration ${unknown.join(', ')} is unknown to this code): run that version, or restore a backup taken before it.`,
    );
  }
  const done = new Set(applied.map((m) => m.name));
  const pending = Object.keys(migrations).filter((name) => !done.has(name));
  if (pending.length === 0) return;
  log(`Migrating the database: ${pending.length} pending (${pending.join(', ')})`);
  // Each migration times itself; the lines are logged once the run committed (PostgreSQL runs
  // them in one transaction, so a failure leaves none applied).
  const took = new Map<string, number>();
  const timed = Object.fromEntries(
    Object.entries(migrations).map(([name, m]) => [
      name,
      {
        ...m,
        async up(kdb: Parameters<Migration["up"]>[0]) {
          const started = performance.now();
          await m.up(kdb);
          took.set(name, Math.round(performance.now() - started));
        },
      } satisfies Migration,
    ]),
  );
  const migrator = new Migrator({
    db,
    // Branches add numbered migrations in parallel (0004 may land after 0005 ran on a database):
    // each migration is independent, so apply a missing one whatever its place in the order.
    allowUnorderedMigrations: true,
    provider: { getMigrations: async () => timed },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  for (const r of results ?? []) if (r.status === 'Success') log(`Database migration ${r.migrationName} applied (${took.get(r.migrationName) ?? 0} ms)`);
  // A migration applied after 0012 (unordered: it landed later) may add text date columns; the
  // naming rule converts them too (db/dates.ts). Nothing to do when none ran or none are left.
  // (0012 is applied once migrateToLatest succeeded with it in the list.)
  if (dialect === 'postgres' && '0012_timestamptz' in migrations && results?.some((r) => r.status === 'Success' && r.migrationName !== '0012_timestamptz')) {
    await convertTextDateColumns(db);
  }
}
