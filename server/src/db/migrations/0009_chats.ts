/**
 * A chat per wish (docs/product.md): the conversation a draft has with the assistant.
 *
 * - `chats`: one per draft, private to `user_id`; `settings` is the compose form as JSON text;
 *   `wish_id` is set once the draft is saved (at most one chat per wish).
 * - `chat_messages`: the instructions (`role` user) and the assistant's replies, in id order.
 * - `chat_versions`: every text the draft had, in id order; the last is the current one.
 *
 * Deleting the user or the wish deletes the chat and everything in it (ON DELETE CASCADE; SQLite
 * runs with foreign_keys = ON), so nothing is left behind that anyone could read.
 */
import { type Kysely, type Migration, sql } from 'kysely';

/** The database kind, declared here: a migration depends on nothing but Kysely. */
type Dialect = 'sqlite' | 'postgres';

export function chatsMigration(dialect: Dialect): Migration {
  const id = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('chats')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('wish_id', 'integer', (c) => c.references('wishes.id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await sql`create index chats_user_idx on chats (user_id, updated_at)`.execute(db);
      await sql`create unique index chats_wish_idx on chats (wish_id)`.execute(db);
      for (const table of ['chat_messages', 'chat_versions'] as const) {
        let builder = db.schema
          .createTable(table)
          .addColumn('id', idType, id)
          .addColumn('chat_id', 'integer', (c) => c.notNull().references('chats.id').onDelete('cascade'));
        if (table === 'chat_messages') builder = builder.addColumn('role', 'varchar(16)', (c) => c.notNull());
        await builder
          .addColumn('text', 'text', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
        await sql`create index ${sql.raw(`${table}_chat_idx`)} on ${sql.table(table)} (chat_id, id)`.execute(db);
      }
    },
  };
}
