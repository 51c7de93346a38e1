/**
 * Date columns in migrations (the rule: db/dates.ts). Kept in the migrations' folder and importing
 * nothing but Kysely, so a migration never runs live code that may change after it shipped.
 */
import { type Kysely, sql } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

/** The column type of a date column (`<name>_at`) in a migration: timestamptz on PostgreSQL, ISO text on SQLite. */
export function dateColumn(dialect: Dialect): 'timestamptz' | 'varchar(32)' {
  return dialect === 'postgres' ? 'timestamptz' : 'varchar(32)';
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
