/**
 * For ten times the data: the voters list stays fast on a 100k-vote wish.
 *
 * Voters paged by vote type: `GET /api/wish/{id}/voters/?vote_type=downvote&cursor=…` seeks
 * (wish_id, vote_type, created_at, id) so a filtered page costs O(page) even when the other type
 * has 100k rows before the next match. The unfiltered list keeps `votes_wish_created_idx` (0001).
 *
 * PostgreSQL `wishes_vote_notify(wish, voter, type | null, at)`: the author's vote notification
 * (notifications/service.ts `gather`/`withdraw` for kind 'vote', the same steps under the same
 * advisory lock), called in the same statement as wishes_cast_vote/wishes_remove_vote so a toggle
 * is one round trip and ONE commit (one WAL flush) instead of two transactions. Returns the author
 * whose notifications changed (to publish on the bus), else null. A failure inside it is caught
 * (a warning; the vote still counts), as the separate notification transaction's errors were logged.
 * The time arrives as ISO text and is cast to timestamptz where it is written: the date columns are
 * timestamptz from 0012 on, which accepts no text implicitly (before 0012 runs, in the same
 * migration pass, the cast's text form lands in the still-text column and 0012 converts it).
 *
 * (Historical text: the function as it is now is db/sql/wishes_vote_notify.ts, re-applied by 0026.)
 */
import { type Kysely, type Migration, sql } from 'kysely';

/** The database kind, declared here: a migration depends on nothing but Kysely. */
type Dialect = 'sqlite' | 'postgres';

/** notifications/service.ts NOTIFY_LOCK_SPACE: one recipient's gathering runs one at a time. */
const NOTIFY_LOCK_SPACE = 7017;

export function votersTypeIndexMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql`create index if not exists votes_wish_type_created_idx on votes (wish_id, vote_type, created_at desc, id desc)`.execute(db);
      if (dialect !== 'postgres') return;
      await sql.raw(`create or replace function wishes_vote_notify(p_wish integer, p_voter integer, p_type text, p_at text)
        returns integer language plpgsql as $$
        declare
          v_author integer;
          v_id integer;
          v_added integer;
          v_row record;
          v_changed boolean := false;
        begin
          select user_id into v_author from wishes where id = p_wish;
          if v_author is null or v_author = p_voter then return null; end if;
          perform pg_advisory_xact_lock(${NOTIFY_LOCK_SPACE}, v_author);
          if p_type = 'upvote' then
            select id into v_id from notifications
              where user_id = v_author and kind = 'vote' and read_at is null and text is null and wish_id = p_wish
              order by id desc limit 1;
            if v_id is null then
              insert into notifications (user_id, kind, wish_id, text, read_at, created_at, updated_at)
                values (v_author, 'vote', p_wish, null, null, p_at::timestamptz, p_at::timestamptz) returning id into v_id;
            end if;
            insert into notification_actors (notification_id, actor_id, created_at) values (v_id, p_voter, p_at::timestamptz)
              on conflict (notification_id, actor_id) do nothing;
            get diagnostics v_added = row_count;
            if v_added = 0 then return null; end if;
            update notifications set updated_at = p_at::timestamptz where id = v_id;
            return v_author;
          end if;
          for v_row in select n.id from notifications n
              join notification_actors a on a.notification_id = n.id and a.actor_id = p_voter
              where n.user_id = v_author and n.kind = 'vote' and n.read_at is null and n.wish_id = p_wish loop
            delete from notification_actors where notification_id = v_row.id and actor_id = p_voter;
            delete from notifications where id = v_row.id and not exists (select 1 from notification_actors where notification_id = v_row.id);
            v_changed := true;
          end loop;
          return case when v_changed then v_author else null end;
        exception when others then
          raise warning 'notification (vote) not recorded: %', sqlerrm;
          return null;
        end $$`).execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop index if exists votes_wish_type_created_idx`.execute(db);
      if (dialect === 'postgres') await sql`drop function if exists wishes_vote_notify(integer, integer, text, text)`.execute(db);
    },
  };
}
