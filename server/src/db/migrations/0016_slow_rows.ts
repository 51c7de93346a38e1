/**
 * The two reads that grew with the data (docs/performance.md), kept as rows instead:
 * - `complaint_queue`: the moderation queue's groups (one row per status and wish: how many
 *   reports, the first and last report, the last resolution), kept by triggers on `complaints`
 *   on both databases. The queue page was a GROUP BY over every report of a status and a sort of
 *   every group (~2 ms at 3,000 reports, whatever the page); now it reads one page of an index.
 *   A trigger recomputes the group a changed report leaves and the one it joins, from the
 *   reports themselves (min/max cannot be undone by a delta), so the table is always exact.
 * - `notification_actors_recent_idx`: the newest actors of each notification in the order the
 *   list names them, so the window over a page's actors reads them sorted.
 */
import { type Kysely, type Migration, sql } from 'kysely';

/** The database kind, declared here: a migration depends on nothing but Kysely. */
type Dialect = 'sqlite' | 'postgres';
import { dateColumn } from './date-columns';

/**
 * The group's figures from its reports. On PostgreSQL the dates are cast: this migration may run
 * before 0012 turned the reports' text dates into timestamptz (migrations apply unordered).
 */
const figures = (dialect: Dialect) => {
  const d = (e: string) => (dialect === 'postgres' ? `cast(${e} as timestamptz)` : e);
  return `status, wish_id, count(*), ${d('min(created_at)')}, ${d('max(created_at)')}, ${d('max(resolved_at)')}`;
};

/** The statements that rebuild one (status, wish) group; `s` and `w` are the trigger's row references. */
const regroup = (dialect: Dialect, s: string, w: string) => [
  `delete from complaint_queue where status = ${s} and wish_id = ${w}`,
  `insert into complaint_queue (status, wish_id, report_count, first_at, last_at, last_resolved_at)
     select ${figures(dialect)} from complaints where status = ${s} and wish_id = ${w} group by status, wish_id`,
];

export function slowRowsMigration(dialect: Dialect): Migration {
  const date = sql.raw(dateColumn(dialect));
  return {
    async up(db: Kysely<any>) {
      await sql`create table complaint_queue (
        status varchar(16) not null,
        wish_id integer not null,
        report_count integer not null,
        first_at ${date} not null,
        last_at ${date} not null,
        last_resolved_at ${date},
        primary key (status, wish_id)
      )`.execute(db);
      // The open queue's order (most reports, latest report, newest wish) and the resolved one's.
      await sql`create index complaint_queue_open_idx on complaint_queue (status, report_count desc, last_at desc, wish_id desc)`.execute(db);
      await sql`create index complaint_queue_resolved_idx on complaint_queue (status, last_resolved_at desc, wish_id desc)`.execute(db);
      await sql
        .raw(`insert into complaint_queue (status, wish_id, report_count, first_at, last_at, last_resolved_at)
          select ${figures(dialect)} from complaints group by status, wish_id`)
        .execute(db);
      if (dialect === 'postgres') {
        const body = (s: string, w: string) => regroup(dialect, s, w).map((statement) => `${statement};`).join('\n    ');
        await sql
          .raw(
            `create function complaint_queue_sync() returns trigger language plpgsql as $$
  begin
    if tg_op = 'UPDATE' and old.status is not distinct from new.status and old.wish_id is not distinct from new.wish_id
      and old.created_at is not distinct from new.created_at and old.resolved_at is not distinct from new.resolved_at then
      return null;
    end if;
    if tg_op in ('UPDATE', 'DELETE') then
    ${body('old.status', 'old.wish_id')}
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
    ${body('new.status', 'new.wish_id')}
    end if;
    return null;
  end $$`,
          )
          .execute(db);
        // No column list on the update: PostgreSQL refuses to change the type of a column a trigger
        // names (0012 may run after this), so the function skips updates that change none of them.
        await sql`create trigger complaint_queue_sync after insert or delete or update on complaints
          for each row execute function complaint_queue_sync()`.execute(db);
      } else {
        const trigger = (name: string, event: string, rows: string[]) =>
          sql.raw(`create trigger ${name} after ${event} on complaints begin\n  ${rows.map((r) => `${r};`).join('\n  ')}\nend`).execute(db);
        await trigger('complaint_queue_insert', 'insert', regroup(dialect, 'new.status', 'new.wish_id'));
        await trigger('complaint_queue_delete', 'delete', regroup(dialect, 'old.status', 'old.wish_id'));
        await trigger('complaint_queue_update', 'update of status, wish_id, created_at, resolved_at', [...regroup(dialect, 'old.status', 'old.wish_id'), ...regroup(dialect, 'new.status', 'new.wish_id')]);
      }
      await sql`create index notification_actors_recent_idx on notification_actors (notification_id, created_at desc, actor_id desc)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop index if exists notification_actors_recent_idx`.execute(db);
      if (dialect === 'postgres') {
        await sql`drop trigger if exists complaint_queue_sync on complaints`.execute(db);
        await sql`drop function if exists complaint_queue_sync()`.execute(db);
      } else {
        for (const name of ['complaint_queue_insert', 'complaint_queue_delete', 'complaint_queue_update']) await sql.raw(`drop trigger if exists ${name}`).execute(db);
      }
      await sql`drop table if exists complaint_queue`.execute(db);
    },
  };
}
