/**
 * `wishes_vote_batch(wishes[], users[], types[], at)`: the votes that arrive together
 * (votes/postgres-vote-writer.ts) written by ONE call: one round trip and one commit (one WAL
 * flush) for the whole batch. Element k is the vote of users[k] on wishes[k]: types[k] 'upvote' /
 * 'downvote' casts or switches it, null removes it. A wish the voter may not see (a hidden wish
 * exists only for its author and moderators, as wishes/visibility.ts) returns no row for that
 * element (the API's 404). Returned per element: k, the wish's counters once the batch is written,
 * and the wish's author (for the queued notification).
 *
 * Two statements, whatever the batch's size (set-based, not a loop of statements per vote):
 * 1. Every wish of the batch is locked, in id order, so two batches (two processes) lock in one
 *    order. `for no key update` (what the counters' update takes anyway), not `for update`: the
 *    queued notifications' rows reference the wish (a key-share lock), and with `for update` a
 *    notification batch and a vote batch waited on each other.
 * 2. One statement takes its snapshot with those locks held (PL/pgSQL takes one per statement),
 *    so it reads every vote committed on these wishes by another batch: the old votes, then the
 *    vote rows removed, added and switched, then each wish's counters moved once by the sum of
 *    its votes' changes. The caller never puts one voter's two votes on one wish in one batch.
 * Its statements run on one generic plan (`plan_cache_mode`): left to choose, PostgreSQL planned the
 * six-part statement afresh on every call (a custom plan for each batch's arrays), which cost more
 * than running it; every step is a key lookup, so no batch's values change the best plan.
 */
import type { SqlFunction } from './index';

export const wishesVoteBatch: SqlFunction = {
  name: 'wishes_vote_batch',
  definition: `create or replace function wishes_vote_batch(p_wishes integer[], p_users integer[], p_types text[], p_at timestamptz)
  returns table (k integer, up integer, down integer, author integer) language plpgsql
  set plan_cache_mode = force_generic_plan as $$
  #variable_conflict use_column
  begin
    perform 1 from wishes where id = any(p_wishes) order by id for no key update;
    return query
    with visible as (
      select t.k::integer as k, t.wish_id, t.user_id, t.vote_type, w.user_id as author,
             (select v.vote_type from votes v where v.wish_id = t.wish_id and v.user_id = t.user_id) as old_type
        from unnest(p_wishes, p_users, p_types) with ordinality as t(wish_id, user_id, vote_type, k)
        join wishes w on w.id = t.wish_id
       where w.user_id = t.user_id or (w.is_public = 1 and (w.hidden = 0
          or exists (select 1 from users r where r.id = t.user_id and r.role in ('moderator', 'admin'))))
    ),
    removed as (
      delete from votes v using visible x
       where x.vote_type is null and x.old_type is not null and v.wish_id = x.wish_id and v.user_id = x.user_id
    ),
    added as (
      insert into votes (wish_id, user_id, vote_type, created_at)
      select x.wish_id, x.user_id, x.vote_type, p_at from visible x where x.vote_type is not null and x.old_type is null
    ),
    switched as (
      update votes v set vote_type = x.vote_type, created_at = p_at from visible x
       where x.vote_type is not null and x.old_type is not null and x.old_type <> x.vote_type
         and v.wish_id = x.wish_id and v.user_id = x.user_id
    ),
    moves as (
      select x.wish_id,
             sum((x.vote_type is not distinct from 'upvote')::integer - (x.old_type is not distinct from 'upvote')::integer)::integer as up,
             sum((x.vote_type is not distinct from 'downvote')::integer - (x.old_type is not distinct from 'downvote')::integer)::integer as down
        from visible x where x.vote_type is distinct from x.old_type group by x.wish_id
    ),
    counted as (
      update wishes w set upvote_count = w.upvote_count + m.up, downvote_count = w.downvote_count + m.down
        from moves m where w.id = m.wish_id and (m.up <> 0 or m.down <> 0)
      returning w.id, w.upvote_count, w.downvote_count
    )
    select x.k, coalesce(c.upvote_count, w.upvote_count), coalesce(c.downvote_count, w.downvote_count), x.author
      from visible x join wishes w on w.id = x.wish_id left join counted c on c.id = x.wish_id;
  end $$`,
};
