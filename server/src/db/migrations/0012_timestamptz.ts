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

export function timestamptzMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await convertTextDateColumns(db);
      // 0007's body with the two casts, as it shipped (0026 drops the function).
      await sql`create or replace function wishes_cast_vote(p_wish integer, p_user integer, p_type text, p_at text)
        returns table (up integer, down integer) language plpgsql as $$
        declare
          w record;
          old_type text;
        begin
          select is_public, hidden, user_id into w from wishes where id = p_wish for update;
          if not found or (w.user_id <> p_user and (w.is_public <> 1 or (w.hidden <> 0
            and not exists (select 1 from users r where r.id = p_user and r.role in ('moderator', 'admin'))))) then return; end if;
          select vote_type into old_type from votes where wish_id = p_wish and user_id = p_user;
          if old_type is null then
            insert into votes (wish_id, user_id, vote_type, created_at) values (p_wish, p_user, p_type, p_at::timestamptz);
          elsif old_type <> p_type then
            update votes set vote_type = p_type, created_at = p_at::timestamptz where wish_id = p_wish and user_id = p_user;
          else
            return query select wishes.upvote_count, wishes.downvote_count from wishes where id = p_wish;
            return;
          end if;
          return query update wishes set
              upvote_count = wishes.upvote_count + (case when p_type = 'upvote' then 1 else 0 end) - (case when old_type = 'upvote' then 1 else 0 end),
              downvote_count = wishes.downvote_count + (case when p_type = 'downvote' then 1 else 0 end) - (case when old_type = 'downvote' then 1 else 0 end)
            where id = p_wish returning wishes.upvote_count, wishes.downvote_count;
        end $$`.execute(db);
    },
  };
}
