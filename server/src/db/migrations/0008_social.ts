/**
 * The social layer: notifications (with the people behind each one) and the index the following
 * feed reads.
 *
 * - `notifications`: one row per thing to tell a member. Upvotes of one wish and new followers
 *   gather into one unread row (notifications/service.ts); `text` holds a caller-given sentence for
 *   the moderation kinds, null where the text is built from the actors.
 * - `notification_actors`: who is behind a gathered row, one row per person (the primary key makes a
 *   repeat upvote idempotent); a removed vote before the row is read deletes its actor row.
 * - `wishes_user_feed_seq_idx`: a followed user's listed wishes (public, not hidden: the rule of
 *   0007_moderation.ts) in feed order, so the following feed reads the newest few of each followed
 *   user instead of walking the whole public feed.
 */
import { type Kysely, type Migration, sql } from 'kysely';

/** The database kind, declared here: a migration depends on nothing but Kysely. */
type Dialect = 'sqlite' | 'postgres';

export function socialMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('notifications')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('wish_id', 'integer', (c) => c.references('wishes.id').onDelete('cascade'))
        .addColumn('text', 'varchar(1000)')
        .addColumn('read_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await sql`create index notifications_user_idx on notifications (user_id, updated_at desc, id desc)`.execute(db);
      await sql`create index notifications_unread_idx on notifications (user_id, kind, wish_id) where read_at is null`.execute(db);
      await db.schema
        .createTable('notification_actors')
        .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
        .addColumn('actor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('notification_actors_pk', ['notification_id', 'actor_id'])
        .execute();
      await sql`create index notification_actors_actor_idx on notification_actors (actor_id)`.execute(db);
      await sql`create index wishes_user_feed_seq_idx on wishes (user_id, feed_seq) where is_public = 1 and hidden = 0`.execute(db);
    },
  };
}
