/**
 * Dates you don't forget (docs/people.md):
 *
 * - `people`: the people a member writes for (cascade with the member). `email` is theirs to
 *   keep: never logged, shown only on the member's own pages and export.
 * - `person_occasions`: each person's dates (topic, month, day, optional year) with the next
 *   reminder's instant (`remind_at`) and the date it is for (`occasion_date`, YYYY-MM-DD in the
 *   person's zone), kept current on every write, so a scheduler round reads only the due rows.
 * - `reminders_sent`: one row per person, topic and occasion date; a reminder is sent by whoever
 *   inserts it (insert-or-nothing), so it goes out once across restarts and processes.
 * - `notifications.person_id`: the person a `reminder` is about.
 * - `users.time_zone`, `users.reminder_emails`: the member's zone (null: UTC) and the mail switch.
 * - `deliveries`: the zone a local time was read in, the person it was sent from, and the optional
 *   single resend of an unopened mail (`resend_after_hours`, done at `resent_at`).
 */
import { type Kysely, type Migration, sql } from 'kysely';
import { dateColumn } from './date-columns';

/** The database kind, declared here: a migration depends on nothing but Kysely. */
type Dialect = 'sqlite' | 'postgres';

export function peopleMigration(dialect: Dialect): Migration {
  const id = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const at = dateColumn(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('time_zone', 'varchar(64)').execute();
      await db.schema.alterTable('users').addColumn('reminder_emails', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await db.schema
        .createTable('people')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'varchar(150)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)')
        .addColumn('audience', 'varchar(100)')
        .addColumn('time_zone', 'varchar(64)')
        .addColumn('remind_days_before', 'integer', (c) => c.notNull().defaultTo(7))
        .addColumn('created_at', at, (c) => c.notNull())
        .addColumn('updated_at', at, (c) => c.notNull())
        .execute();
      await sql`create index people_user_idx on people (user_id, id)`.execute(db);
      await db.schema
        .createTable('person_occasions')
        .addColumn('id', idType, id)
        .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id').onDelete('cascade'))
        .addColumn('topic', 'varchar(100)', (c) => c.notNull())
        .addColumn('month', 'integer', (c) => c.notNull())
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('year', 'integer')
        .addColumn('occasion_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('remind_at', at, (c) => c.notNull())
        .execute();
      await sql`create index person_occasions_person_idx on person_occasions (person_id)`.execute(db);
      await sql`create index person_occasions_due_idx on person_occasions (remind_at)`.execute(db);
      await db.schema
        .createTable('reminders_sent')
        .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id').onDelete('cascade'))
        .addColumn('topic', 'varchar(100)', (c) => c.notNull())
        .addColumn('occasion_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('created_at', at, (c) => c.notNull())
        .addPrimaryKeyConstraint('reminders_sent_pk', ['person_id', 'topic', 'occasion_date'])
        .execute();
      await db.schema.alterTable('notifications').addColumn('person_id', 'integer', (c) => c.references('people.id').onDelete('set null')).execute();
      await db.schema.alterTable('deliveries').addColumn('time_zone', 'varchar(64)').execute();
      await db.schema.alterTable('deliveries').addColumn('person_id', 'integer', (c) => c.references('people.id').onDelete('set null')).execute();
      await db.schema.alterTable('deliveries').addColumn('resend_after_hours', 'integer').execute();
      await db.schema.alterTable('deliveries').addColumn('resent_at', at).execute();
    },
  };
}
