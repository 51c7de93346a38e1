/**
 * `complaint_queue_sync()`: the trigger on complaints that keeps `complaint_queue` (one row per
 * status and wish) exact: it recomputes the group a changed report leaves and the one it joins from
 * the reports themselves (min/max cannot be undone by a delta). An update that changes none of the
 * columns the group reads does nothing (the trigger names no columns: PostgreSQL refuses to change
 * the type of a column a trigger names).
 */
import type { SqlFunction } from './index';

const regroup = (s: string, w: string) => `delete from complaint_queue where status = ${s} and wish_id = ${w};
      insert into complaint_queue (status, wish_id, report_count, first_at, last_at, last_resolved_at)
        select status, wish_id, count(*), min(created_at), max(created_at), max(resolved_at)
          from complaints where status = ${s} and wish_id = ${w} group by status, wish_id;`;

export const complaintQueueSync: SqlFunction = {
  name: 'complaint_queue_sync',
  definition: `create or replace function complaint_queue_sync() returns trigger language plpgsql as $$
  begin
    if tg_op = 'UPDATE' and old.status is not distinct from new.status and old.wish_id is not distinct from new.wish_id
      and old.created_at is not distinct from new.created_at and old.resolved_at is not distinct from new.resolved_at then
      return null;
    end if;
    if tg_op in ('UPDATE', 'DELETE') then
      ${regroup('old.status', 'old.wish_id')}
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
      ${regroup('new.status', 'new.wish_id')}
    end if;
    return null;
  end $$`,
};
