/**
 * PostgreSQL: casting and removing a vote as one function call, so a vote is one round trip and
 * one implicit transaction instead of BEGIN + 4-5 statements + COMMIT. The logic is the one
 * votes/queries.ts runs on SQLite: lock the wish row (FOR UPDATE), check visibility, read the
 * voter's current vote, write the vote row, move the counters. PL/pgSQL takes a fresh snapshot per
 * statement (READ COMMITTED), so after the lock every read sees the latest committed vote, exactly
 * as the separate statements did. No row (not a null row) means the wish is not visible to the
 * voter. SQLite needs nothing here (its statements run in-process, with no round trips).
 *
 * (Historical text: migration 0026 drops both functions; requests vote through wishes_vote_batch.)
 */
import { type Kysely, type Migration, sql } from 'kysely';

/** The database kind, declared here: a migration depends on nothing but Kysely. */
type Dialect = 'sqlite' | 'postgres';

export function voteFunctionsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`create function wishes_cast_vote(p_wish integer, p_user integer, p_type text, p_at text)
        returns table (up integer, down integer) language plpgsql as $$
        declare
          w record;
          old_type text;
        begin
          select is_public, user_id into w from wishes where id = p_wish for update;
          if not found or (w.is_public <> 1 and w.user_id <> p_user) then return; end if;
          select vote_type into old_type from votes where wish_id = p_wish and user_id = p_user;
          if old_type is null then
            insert into votes (wish_id, user_id, vote_type, created_at) values (p_wish, p_user, p_type, p_at);
          elsif old_type <> p_type then
            update votes set vote_type = p_type, created_at = p_at where wish_id = p_wish and user_id = p_user;
          else
            return query select wishes.upvote_count, wishes.downvote_count from wishes where id = p_wish;
            return;
          end if;
          return query update wishes set
              upvote_count = wishes.upvote_count + (case when p_type = 'upvote' then 1 else 0 end) - (case when old_type = 'upvote' then 1 else 0 end),
              downvote_count = wishes.downvote_count + (case when p_type = 'downvote' then 1 else 0 end) - (case when old_type = 'downvote' then 1 else 0 end)
            where id = p_wish returning wishes.upvote_count, wishes.downvote_count;
        end $$`.execute(db);
      await sql`create function wishes_remove_vote(p_wish integer, p_user integer)
        returns table (up integer, down integer) language plpgsql as $$
        declare
          w record;
          old_type text;
        begin
          select is_public, user_id into w from wishes where id = p_wish for update;
          if not found or (w.is_public <> 1 and w.user_id <> p_user) then return; end if;
          delete from votes where wish_id = p_wish and user_id = p_user returning vote_type into old_type;
          if old_type is null then
            return query select wishes.upvote_count, wishes.downvote_count from wishes where id = p_wish;
            return;
          end if;
          return query update wishes set
              upvote_count = wishes.upvote_count - (case when old_type = 'upvote' then 1 else 0 end),
              downvote_count = wishes.downvote_count - (case when old_type = 'downvote' then 1 else 0 end)
            where id = p_wish returning wishes.upvote_count, wishes.downvote_count;
        end $$`.execute(db);
    },
  };
}
