/**
 * Members manage their wishes and moderators act on reports: roles, bans, edits, hidden wishes,
 * report outcomes, an audit log, and a feed numbering that survives deletes and visibility changes.
 *
 * Feed numbering (replaces 0002's gap-free `public_seq` on public wishes):
 * - `wishes.feed_seq` numbers EVERY wish (public or not) in feed order (created_at, then id) once,
 *   when it is saved. It never changes when a wish is deleted, made private or public, hidden or
 *   restored: those leave gaps, so none of them rewrites other rows.
 * - A wish is *listed* (in the feed and search) when `is_public = 1 and hidden = 0`.
 * - `feed_buckets(bucket, listed)` counts the listed wishes per block of FEED_BUCKET_SIZE seq
 *   values, kept by triggers on wishes (insert, delete, and updates of is_public/hidden/feed_seq),
 *   so every write path, bulk ones included, keeps it exact. A delete or a visibility switch is one
 *   row change plus one counter change.
 * - Page p (skip = (p-1) * size) sums the bucket counts from the newest bucket down to the bucket
 *   holding the skip-th listed wish (a few hundred small rows at 100k wishes), then seeks into that
 *   bucket and steps at most FEED_BUCKET_SIZE index entries: the cost is bounded by
 *   N / FEED_BUCKET_SIZE + FEED_BUCKET_SIZE, not by the page number.
 * - A back-dated save (seed, bulk loads, two PostgreSQL saves whose timestamps cross) still shifts
 *   the wishes that sort after it up by one, as before; a normal save shifts nothing.
 *
 * `hidden` is a bit set: 1 = hidden by moderators (or auto-hide), 2 = its author is banned.
 * Unbanning clears bit 2 only, so a wish a moderator hid stays hidden.
 */
import { type Kysely, type Migration, sql } from 'kysely';

/** The database kind, declared here: a migration depends on nothing but Kysely. */
type Dialect = 'sqlite' | 'postgres';

/** Seq values per feed bucket: ~200 buckets at 100k wishes, at most 511 index steps inside one. */
export const FEED_BUCKET_SIZE = 512;

/**
 * Renumbers every wish in feed order, sets the counter and recounts the buckets (this migration,
 * and bulk loads that insert rows without numbers). Same SQL on both databases.
 */
export const FEED_SEQ_REBUILD = [
  `update wishes set feed_seq = x.seq
     from (select id, row_number() over (order by created_at, id) as seq from wishes) as x
     where x.id = wishes.id`,
  `update feed_sequence set last_seq = (select coalesce(max(feed_seq), 0) from wishes) where id = 1`,
  `delete from feed_buckets`,
  `insert into feed_buckets (bucket, listed)
     select feed_seq / ${FEED_BUCKET_SIZE}, count(*) from wishes where is_public = 1 and hidden = 0 and feed_seq is not null group by feed_seq / ${FEED_BUCKET_SIZE}`,
];

export function moderationMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      const B = sql.raw(String(FEED_BUCKET_SIZE));
      // --- roles and bans
      await sql`alter table users add column role varchar(16) not null default 'user' check (role in ('user', 'moderator', 'admin'))`.execute(db);
      await sql`alter table users add column banned_at varchar(32)`.execute(db);

      // --- wishes: edits and moderation state
      await sql`alter table wishes add column edited_at varchar(32)`.execute(db);
      await sql`alter table wishes add column hidden integer not null default 0`.execute(db);
      await sql`alter table wishes add column hidden_reason varchar(500)`.execute(db);

      // --- report outcomes
      await sql`alter table complaints add column status varchar(16) not null default 'open' check (status in ('open', 'resolved'))`.execute(db);
      await sql`alter table complaints add column resolution varchar(16)`.execute(db);
      await sql`alter table complaints add column resolved_at varchar(32)`.execute(db);
      // The queue groups by wish within a status; auto-hide counts a wish's open reports.
      await sql`create index complaints_status_wish_idx on complaints (status, wish_id)`.execute(db);
      // "My reports", newest first.
      await sql`create index complaints_reporter_idx on complaints (reporter_id, created_at desc, id desc)`.execute(db);

      // --- audit log (actor null: the system, e.g. auto-hide)
      const id = dialect === 'postgres' ? sql`id serial primary key` : sql`id integer primary key autoincrement`;
      await sql`create table moderation_log (
          ${id},
          actor_id integer references users (id) on delete set null,
          action varchar(16) not null,
          target_type varchar(8) not null check (target_type in ('wish', 'user')),
          target_id integer not null,
          reason varchar(500) not null,
          created_at varchar(32) not null
        )`.execute(db);

      // --- feed numbering with gaps (see the comment at the top)
      await sql`drop index wishes_public_seq_idx`.execute(db);
      await sql`alter table wishes rename column public_seq to feed_seq`.execute(db);
      await sql`create table feed_buckets (bucket integer primary key, listed integer not null)`.execute(db);
      for (const statement of FEED_SEQ_REBUILD) await sql.raw(statement).execute(db);
      await sql`create index wishes_feed_seq_idx on wishes (feed_seq) where is_public = 1 and hidden = 0`.execute(db);
      // The back-dated shift looks up wishes newer than a timestamp, public or not.
      await sql`drop index wishes_feed_idx`.execute(db);
      await sql`create index wishes_created_idx on wishes (created_at)`.execute(db);

      if (dialect === 'sqlite') {
        const listedNew = sql.raw(`new.is_public = 1 and new.hidden = 0 and new.feed_seq is not null`);
        const listedOld = sql.raw(`old.is_public = 1 and old.hidden = 0 and old.feed_seq is not null`);
        await sql`create trigger wishes_feed_insert after insert on wishes when ${listedNew} begin
            insert into feed_buckets (bucket, listed) values (new.feed_seq / ${B}, 1)
              on conflict (bucket) do update set listed = listed + 1;
          end`.execute(db);
        await sql`create trigger wishes_feed_delete after delete on wishes when ${listedOld} begin
            update feed_buckets set listed = listed - 1 where bucket = old.feed_seq / ${B};
          end`.execute(db);
        await sql`create trigger wishes_feed_update after update of is_public, hidden, feed_seq on wishes
            when (${listedOld}) is not (${listedNew}) or old.feed_seq / ${B} is not new.feed_seq / ${B} begin
            update feed_buckets set listed = listed - 1 where bucket = old.feed_seq / ${B} and ${listedOld};
            insert into feed_buckets (bucket, listed) select new.feed_seq / ${B}, 1 where ${listedNew}
              on conflict (bucket) do update set listed = listed + 1;
          end`.execute(db);
        // Search holds listed wishes only: hidden ones leave the index like private ones.
        await sql`drop trigger wishes_fts_insert`.execute(db);
        await sql`drop trigger wishes_fts_update`.execute(db);
        await sql`drop trigger users_fts_rename`.execute(db);
        await sql`create trigger wishes_fts_insert after insert on wishes when new.is_public = 1 and new.hidden = 0 begin
            insert into wishes_fts (rowid, text, author) select new.id, new.text, trim(u.first_name || ' ' || u.last_name) from users u where u.id = new.user_id;
          end`.execute(db);
        await sql`create trigger wishes_fts_update after update of text, is_public, hidden, user_id on wishes begin
            delete from wishes_fts where rowid = old.id;
            insert into wishes_fts (rowid, text, author) select new.id, new.text, trim(u.first_name || ' ' || u.last_name) from users u
              where u.id = new.user_id and new.is_public = 1 and new.hidden = 0;
          end`.execute(db);
        await sql`create trigger users_fts_rename after update of first_name, last_name on users begin
            delete from wishes_fts where rowid in (select id from wishes where user_id = new.id);
            insert into wishes_fts (rowid, text, author) select w.id, w.text, trim(new.first_name || ' ' || new.last_name) from wishes w
              where w.user_id = new.id and w.is_public = 1 and w.hidden = 0;
          end`.execute(db);
        // Wishes hidden before this migration: none (the column is new), so the index is already right.
        return;
      }

      await sql`create function wishes_feed_bucket() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' and old.is_public = 1 and old.hidden = 0 and old.feed_seq is not null then
            update feed_buckets set listed = listed - 1 where bucket = old.feed_seq / ${B};
          end if;
          if tg_op <> 'DELETE' and new.is_public = 1 and new.hidden = 0 and new.feed_seq is not null then
            insert into feed_buckets (bucket, listed) values (new.feed_seq / ${B}, 1)
              on conflict (bucket) do update set listed = feed_buckets.listed + 1;
          end if;
          return null;
        end $$`.execute(db);
      await sql`create trigger wishes_feed_bucket_write after insert or delete on wishes
        for each row execute function wishes_feed_bucket()`.execute(db);
      await sql`create trigger wishes_feed_bucket_update after update of is_public, hidden, feed_seq on wishes
        for each row when (old.is_public is distinct from new.is_public or old.hidden is distinct from new.hidden or old.feed_seq is distinct from new.feed_seq)
        execute function wishes_feed_bucket()`.execute(db);

      // Votes: a hidden wish exists only for its author and moderators (same rule as wishes/queries.ts).
      for (const [name, body] of [
        ['wishes_cast_vote', castVoteBody],
        ['wishes_remove_vote', removeVoteBody],
      ] as const) {
        await sql.raw(`create or replace function ${name}${body}`).execute(db);
      }
    },
  };
}

const VISIBLE_CHECK = `if not found or (w.user_id <> p_user and (w.is_public <> 1 or (w.hidden <> 0
            and not exists (select 1 from users r where r.id = p_user and r.role in ('moderator', 'admin'))))) then return; end if;`;

const castVoteBody = `(p_wish integer, p_user integer, p_type text, p_at text)
        returns table (up integer, down integer) language plpgsql as $$
        declare
          w record;
          old_type text;
        begin
          select is_public, hidden, user_id into w from wishes where id = p_wish for update;
          ${VISIBLE_CHECK}
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
        end $$`;

const removeVoteBody = `(p_wish integer, p_user integer)
        returns table (up integer, down integer) language plpgsql as $$
        declare
          w record;
          old_type text;
        begin
          select is_public, hidden, user_id into w from wishes where id = p_wish for update;
          ${VISIBLE_CHECK}
          delete from votes where wish_id = p_wish and user_id = p_user returning vote_type into old_type;
          if old_type is null then
            return query select wishes.upvote_count, wishes.downvote_count from wishes where id = p_wish;
            return;
          end if;
          return query update wishes set
              upvote_count = wishes.upvote_count - (case when old_type = 'upvote' then 1 else 0 end),
              downvote_count = wishes.downvote_count - (case when old_type = 'downvote' then 1 else 0 end)
            where id = p_wish returning wishes.upvote_count, wishes.downvote_count;
        end $$`;
