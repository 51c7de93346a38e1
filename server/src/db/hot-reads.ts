/**
 * Hot reads: the few statements every page view runs, kept off Kysely's slowest paths (measured in
 * bench/RESULTS.md). Each falls back to Kysely where the fast path does not apply.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from './types';
import { runPreparedOnPostgres, sqliteHandleOf } from './connect';

type Db = Kysely<Database>;

/**
 * A hot read: on PostgreSQL a named prepared statement (planned once per connection, see
 * runPreparedOnPostgres), elsewhere through Kysely. Its LIMITs are written into the SQL text
 * (`rowLimit`): SQLite ran a page read 2x slower with a bound LIMIT.
 */
export async function readHot<R>(db: Db, query: RawBuilder<R>): Promise<R[]> {
  return (await runPreparedOnPostgres<R>(db, query)) ?? (await query.execute(db)).rows;
}

/** The ids a hot read finds (its first column): straight from better-sqlite3 on SQLite, else readHot. */
export async function readIds(db: Db, query: RawBuilder<{ id: number }>): Promise<number[]> {
  return readColumnNowOnSqlite<number>(db, query) ?? (await readHot(db, query)).map((row) => row.id);
}

/**
 * A hot read's rows: on SQLite straight from better-sqlite3 (as readColumnNowOnSqlite, whole
 * rows), else readHot (a named prepared statement on PostgreSQL).
 */
export async function readRows<R>(db: Db, query: RawBuilder<R>): Promise<R[]> {
  const raw = sqliteHandleOf(db);
  if (raw && !raw.inTransaction) {
    const compiled = query.compile(db);
    return raw.prepare(compiled.sql).all(...(compiled.parameters as unknown[])) as R[];
  }
  return readHot(db, query);
}

/** A LIMIT for readHot's SQL text: a number the server computed or validated (a page size plus one), never raw text. */
export const rowLimit = (rows: number) => sql.lit(Math.trunc(rows));

/**
 * SQLite: the first column of each row of a read, run straight on the better-sqlite3 connection (prepared statement, cached by
 * text in db/connect.ts), skipping Kysely's async driver: its connection mutex, executor and
 * promise hops were the largest share of an uncached feed page's CPU after the HTTP stack. Safe
 * because a read is one synchronous call that nothing can interleave; undefined (use Kysely) on
 * PostgreSQL or while a Kysely transaction is open on the connection, whose uncommitted rows this
 * read must not see.
 */
export function readColumnNowOnSqlite<R>(db: Db, query: RawBuilder<unknown>): R[] | undefined {
  const raw = sqliteHandleOf(db);
  if (!raw || raw.inTransaction) return undefined;
  const compiled = query.compile(db);
  return raw
    .prepare(compiled.sql)
    .pluck()
    .all(...(compiled.parameters as unknown[])) as R[];
}
