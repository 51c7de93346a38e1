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
 * declare such columns with `dateColumn(dialect)` (migrations/date-columns.ts, with the conversion:
 * a migration imports nothing but Kysely and its own folder).
 */
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
