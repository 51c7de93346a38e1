/**
 * Timestamps: one format in the API, the native type on each database (docs/data.md#timestamps).
 *
 * - The app writes and reads ISO 8601 UTC strings with milliseconds, exactly as
 *   `new Date().toISOString()` prints them (`2026-04-30T12:00:00.000Z`, 24 characters).
 * - SQLite stores that text (it has no date type); the fixed format sorts and compares as time.
 * - PostgreSQL stores `timestamptz`. pg's parser for timestamptz (and timestamp) is replaced by
 *   `pgTimestampToIso`, so a read returns the same string the app wrote; a string parameter is
 *   cast by PostgreSQL to the column's type, so writes and comparisons need no change.
 *
 * Naming rule for date columns: a column holding a point in time is named `<something>_at`
 * (created_at, expires_at, read_at, ...). Migration 0012 converts every PostgreSQL column named so
 * whose type is still character varying or text; `migrateToLatest` runs the same conversion after
 * any migration that lands later (branches add numbered migrations in parallel). New tables
 * declare such columns with `dateColumn(dialect)`.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from './types';

/** The column type of a date column (`<name>_at`) in a migration: timestamptz on PostgreSQL, ISO text on SQLite. */
export function dateColumn(dialect: Dialect): 'timestamptz' | 'varchar(32)' {
  return dialect === 'postgres' ? 'timestamptz' : 'varchar(32)';
}

/** PostgreSQL type oids: timestamp without and with time zone. */
export const PG_TIMESTAMP_OID = 1114;
export const PG_TIMESTAMPTZ_OID = 1184;

/**
 * PostgreSQL's text form of a timestamptz (`2026-04-30 14:00:00.123456+02`, in the session's
 * time zone; `timestamp` values are taken as UTC) → the app's ISO string (`2026-04-30T12:00:00.123Z`).
 * Microseconds are cut to milliseconds: every value the app writes has milliseconds only, and
 * column defaults use date_trunc('milliseconds', ...) so a read value compares equal when written back.
 */
export function pgTimestampToIso(text: string): string {
  if (text === 'infinity' || text === '-infinity') return text;
  const m = /^(\d{4,})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:\.(\d+))?(?:([+-])(\d\d)(?::?(\d\d))?(?::(\d\d))?)?( BC)?$/.exec(text);
  if (!m || m[12]) throw new Error(`Unexpected PostgreSQL timestamp "${text}"`);
  const ms = Number(((m[7] ?? '') + '000').slice(0, 3));
  let time = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]), ms);
  if (m[8]) {
    const offsetSeconds = Number(m[9]) * 3600 + Number(m[10] ?? 0) * 60 + Number(m[11] ?? 0);
    time -= (m[8] === '+' ? 1 : -1) * offsetSeconds * 1000;
  }
  return new Date(time).toISOString();
}

/** A date column still stored as text on PostgreSQL. */
interface TextDateColumn {
  table_name: string;
  column_name: string;
  is_nullable: string;
  column_default: string | null;
}

/** The public schema's `<name>_at` columns whose type is still character varying or text. */
export async function textDateColumns(db: Kysely<any>): Promise<TextDateColumn[]> {
  const { rows } = await sql<TextDateColumn>`
    select c.table_name, c.column_name, c.is_nullable, c.column_default
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
       and c.column_name like '%\\_at' escape '\\'
       and c.data_type in ('character varying', 'text')
     order by c.table_name, c.column_name`.execute(db);
  return rows;
}

/**
 * Converts every text date column (see the naming rule above) to timestamptz, keeping the data:
 * each value is parsed as an ISO 8601 time (a value without a zone is UTC); an empty string
 * becomes NULL where the column allows it. A text default is dropped and replaced by the same
 * instant expressed for timestamptz (now() becomes date_trunc('milliseconds', now())).
 * Idempotent: a second run finds nothing. PostgreSQL only.
 * Returns the converted columns as `table.column`.
 */
export async function convertTextDateColumns(db: Kysely<any>): Promise<string[]> {
  const columns = await textDateColumns(db);
  if (columns.length === 0) return [];
  const converted: string[] = [];
  // Inside a migration the migrator's transaction is already open; elsewhere open one.
  const inTransaction = <T>(fn: (trx: Kysely<any>) => Promise<T>) => (db.isTransaction ? fn(db) : db.transaction().execute(fn));
  await inTransaction(async (trx) => {
    // Values written without a zone (none by the app, perhaps by hand) are read as UTC.
    await sql`set local time zone 'UTC'`.execute(trx);
    for (const column of columns) {
      const table = sql.id(column.table_name);
      const name = sql.id(column.column_name);
      if (column.column_default !== null) await sql`alter table ${table} alter column ${name} drop default`.execute(trx);
      const value = column.is_nullable === 'YES' ? sql`nullif(btrim(${name}), '')::timestamptz` : sql`btrim(${name})::timestamptz`;
      await sql`alter table ${table} alter column ${name} type timestamptz using ${value}`.execute(trx);
      if (column.column_default !== null) {
        const nowLike = /now\(\)|current_timestamp|clock_timestamp\(\)|to_char\(/i.test(column.column_default);
        const next = nowLike ? sql`date_trunc('milliseconds', now())` : sql.raw(`(${column.column_default})::timestamptz`);
        await sql`alter table ${table} alter column ${name} set default ${next}`.execute(trx);
      }
      converted.push(`${column.table_name}.${column.column_name}`);
    }
  });
  return converted;
}
