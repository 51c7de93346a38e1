/**
 * Replies (docs/replies.md):
 * - `delivery_replies`: the recipient's answers to a delivery, private to the sender. Taking one
 *   back empties its text and stamps `deleted_at` instead of removing the row, so the 5-per-link-
 *   per-hour limit counts what was sent, not what is left.
 * - `wish_replies`: members' replies under a public wish. `hidden` is the moderators' hide; a
 *   removal empties the text and stamps `deleted_at` (the REPLIES_PER_HOUR count keeps it).
 * - `reply_complaints`: reports on a reply, one per reporter per reply, as `complaints` for wishes.
 * - `moderation_log.target_type` takes `reply` too (SQLite cannot change a check: the table is
 *   copied into a new one).
 * Every row goes with its delivery, wish or account (foreign keys).
 */
import { type Kysely, type Migration, sql } from 'kysely';
import { dateColumn } from './date-columns';

/** The database kind, declared here: a migration depends on nothing but Kysely. */
type Dialect = 'sqlite' | 'postgres';

export function repliesMigration(dialect: Dialect): Migration {
  const id = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const at = dateColumn(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('delivery_replies')
        .addColumn('id', idType, id)
        .addColumn('delivery_id', 'integer', (c) => c.notNull().references('deliveries.id').onDelete('cascade'))
        .addColumn('text', 'varchar(1000)', (c) => c.notNull())
        .addColumn('created_at', at, (c) => c.notNull())
        .addColumn('deleted_at', at)
        .execute();
      await sql`create index delivery_replies_delivery_idx on delivery_replies (delivery_id, created_at)`.execute(db);

      await db.schema
        .createTable('wish_replies')
        .addColumn('id', idType, id)
        .addColumn('wish_id', 'integer', (c) => c.notNull().references('wishes.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('text', 'varchar(500)', (c) => c.notNull())
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', at, (c) => c.notNull())
        .addColumn('deleted_at', at)
        .execute();
      await sql`create index wish_replies_wish_idx on wish_replies (wish_id, id)`.execute(db);
      await sql`create index wish_replies_user_idx on wish_replies (user_id, created_at)`.execute(db);

      await db.schema
        .createTable('reply_complaints')
        .addColumn('id', idType, id)
        .addColumn('reply_id', 'integer', (c) => c.notNull().references('wish_replies.id').onDelete('cascade'))
        .addColumn('reporter_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('reporter_ip', 'varchar(64)')
        .addColumn('reporter_key', 'varchar(80)', (c) => c.notNull())
        .addColumn('category', 'varchar(100)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
        .addColumn('resolution', 'varchar(16)')
        .addColumn('created_at', at, (c) => c.notNull())
        .addColumn('resolved_at', at)
        .addUniqueConstraint('reply_complaints_reporter_unique', ['reply_id', 'reporter_key'])
        .execute();
      await sql`create index reply_complaints_status_idx on reply_complaints (status, reply_id)`.execute(db);

      if (dialect === 'postgres') {
        await sql`alter table moderation_log drop constraint if exists moderation_log_target_type_check`.execute(db);
        await sql`alter table moderation_log add constraint moderation_log_target_type_check check (target_type in ('wish', 'user', 'reply'))`.execute(db);
      } else {
        await sql`create table moderation_log_new (
            id integer primary key autoincrement,
            actor_id integer references users (id) on delete set null,
            action varchar(16) not null,
            target_type varchar(8) not null check (target_type in ('wish', 'user', 'reply')),
            target_id integer not null,
            reason varchar(500) not null,
            created_at varchar(32) not null
          )`.execute(db);
        await sql`insert into moderation_log_new (id, actor_id, action, target_type, target_id, reason, created_at)
          select id, actor_id, action, target_type, target_id, reason, created_at from moderation_log`.execute(db);
        await sql`drop table moderation_log`.execute(db);
        await sql`alter table moderation_log_new rename to moderation_log`.execute(db);
      }
    },
  };
}
