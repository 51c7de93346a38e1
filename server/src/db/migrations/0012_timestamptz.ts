/**
 * PostgreSQL dates become `timestamptz`, keeping every value (docs/data.md#timestamps).
 *
 * Which columns: every column of the schema named `<something>_at` whose type is still character
 * varying or text, found in information_schema (db/dates.ts, convertTextDateColumns): the tables
 * of 0001-0008 and any table a parallel branch added as text (chats, media, ...), without a list
 * to keep. `migrateToLatest` runs the same conversion after a migration that lands later.
 *
 * The vote functions of 0007 take the time as text and wrote it into votes.created_at; text is not
 * assigned to timestamptz implicitly, so they are replaced with the same body casting it.
 *
 * SQLite keeps its ISO text (no date type there). The API's format does not change: pg parses
 * timestamptz back into the same ISO string (db/connect.ts).
 */
import { type Kysely, type Migration, sql } from 'kysely';

/** The database kind, declared here: a migration depends on nothing but Kysely. */
type Dialect = 'sqlite' | 'postgres';
import { convertTextDateColumns } from './date-columns';
import { castVoteBody } from './0007_moderation';

export function timestamptzMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await convertTextDateColumns(db);
      const body = castVoteBody
        .replace('values (p_wish, p_user, p_type, p_at)', 'values (p_wish, p_user, p_type, p_at::timestamptz)')
        .replace('created_at = p_at where', 'created_at = p_at::timestamptz where');
      if ((body.match(/p_at::timestamptz/g) ?? []).length !== 2) throw new Error('0012: the vote function body changed; update the casts here');
      await sql.raw(`create or replace function wishes_cast_vote${body}`).execute(db);
    },
  };
}
