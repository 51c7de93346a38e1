/**
 * `wishes_vote_notify(wish, voter, type | null, at)`: the author's vote notification, the steps of
 * notifications/service.ts `gather`/`withdraw` for kind 'vote' under the same advisory lock
 * (NOTIFY_LOCK_SPACE 7017: one recipient's gathering runs one at a time). The notifier calls it
 * once per queued vote job, all of a batch in one statement. Returns the author whose
 * notifications changed (to publish on the bus), else null. A failure inside it is caught (a
 * warning; the vote still counts). The time arrives as ISO text, cast where it is written.
 * One generic plan for its statements, as wishes_vote_batch: key lookups, not worth planning per call.
 */
import type { SqlFunction } from './index';

export const wishesVoteNotify: SqlFunction = {
  name: 'wishes_vote_notify',
  definition: `create or replace function wishes_vote_notify(p_wish integer, p_voter integer, p_type text, p_at text)
  returns integer language plpgsql
  set plan_cache_mode = force_generic_plan as $$
  declare
    v_author integer;
    v_id integer;
    v_added integer;
    v_row record;
    v_changed boolean := false;
  begin
    select user_id into v_author from wishes where id = p_wish;
    if v_author is null or v_author = p_voter then return null; end if;
    perform pg_advisory_xact_lock(7017, v_author);
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
  end $$`,
};
