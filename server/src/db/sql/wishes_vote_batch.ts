/**
 * `wishes_vote_batch(wishes[], users[], types[], at)`: the votes that arrive together
 * (votes/postgres-vote-writer.ts) written by ONE call: one round trip and one commit (one WAL
 * flush) for the whole batch. Element k is the vote of users[k] on wishes[k]: types[k] 'upvote' /
 * 'downvote' casts or switches it, null removes it. Per element: the wish row locked, the
 * visibility rule (a hidden wish exists only for its author and moderators, as wishes/visibility.ts),
 * the vote row, then the counters; a wish the voter may not see returns no row for that element
 * (the API's 404). Returned per element: k, the wish's counters after it, and the wish's author
 * (for the queued notification).
 *
 * The wish row is locked `for no key update` (what the counters' update takes anyway), not `for
 * update`: the queued notifications' rows reference the wish (a key-share lock), and with `for
 * update` a notification batch and a vote batch waited on each other. The caller sorts a batch by
 * wish, so two batches (two processes) lock wish rows in one order, and never puts one voter's two
 * votes on one wish in the same batch. Each statement reads afresh after its lock (PL/pgSQL takes a
 * new snapshot per statement), so a vote committed by another process meanwhile is counted.
 */
import type { SqlFunction } from './index';

export const wishesVoteBatch: SqlFunction = {
  name: 'wishes_vote_batch',
  definition: `create or replace function wishes_vote_batch(p_wishes integer[], p_users integer[], p_types text[], p_at timestamptz)
  returns table (k integer, up integer, down integer, author integer) language plpgsql as $$
  #variable_conflict use_column
  declare
    w record;
    c record;
    old_type text;
    n integer := coalesce(array_length(p_wishes, 1), 0);
  begin
    for i in 1 .. n loop
      select is_public, hidden, user_id into w from wishes where id = p_wishes[i] for no key update;
      if not found or (w.user_id <> p_users[i] and (w.is_public <> 1 or (w.hidden <> 0
          and not exists (select 1 from users r where r.id = p_users[i] and r.role in ('moderator', 'admin'))))) then
        continue;
      end if;
      old_type := null;
      select vote_type into old_type from votes where wish_id = p_wishes[i] and user_id = p_users[i];
      if p_types[i] is null then
        if old_type is not null then delete from votes where wish_id = p_wishes[i] and user_id = p_users[i]; end if;
      elsif old_type is null then
        insert into votes (wish_id, user_id, vote_type, created_at) values (p_wishes[i], p_users[i], p_types[i], p_at);
      elsif old_type <> p_types[i] then
        update votes set vote_type = p_types[i], created_at = p_at where wish_id = p_wishes[i] and user_id = p_users[i];
      end if;
      if old_type is distinct from p_types[i] then
        update wishes set
            upvote_count = upvote_count + (case when p_types[i] = 'upvote' then 1 else 0 end) - (case when old_type = 'upvote' then 1 else 0 end),
            downvote_count = downvote_count + (case when p_types[i] = 'downvote' then 1 else 0 end) - (case when old_type = 'downvote' then 1 else 0 end)
          where id = p_wishes[i] returning upvote_count, downvote_count into c;
      else
        select upvote_count, downvote_count into c from wishes where id = p_wishes[i];
      end if;
      k := i;
      up := c.upvote_count;
      down := c.downvote_count;
      author := w.user_id;
      return next;
    end loop;
  end $$`,
};
