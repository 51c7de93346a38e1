/**
 * Wishes reach the people they are for (docs/deliveries.md):
 *
 * - `wishes.card_theme`: the card theme the author picked (null: the default theme).
 * - `users.email_verified_at`: set when the member opened the verification link. Accounts that
 *   existed before this migration count as verified from their creation (they signed up before
 *   verification existed and may already share wishes).
 * - `deliveries`: the outbox. One row per wish sent to one address; the scheduler claims due rows
 *   with a lease (`lease_expires_at`, `leased_by`), so a row is mailed once across processes and
 *   a crashed process's row is taken up again when its lease ends. `token` is the recipient's
 *   link secret (32 random bytes, base64url); deleting the wish or the sender deletes the row, so
 *   the link ends with it.
 * - `email_suppressions`: addresses that asked for no more wishes (one-click unsubscribe, "not
 *   me") or bounced permanently; stored as sha256 of the lower-cased address.
 */
import { type Kysely, type Migration, sql } from 'kysely';

/** The database kind, declared here: a migration depends on nothing but Kysely. */
type Dialect = 'sqlite' | 'postgres';
import { dateColumn } from './date-columns';

export function deliveriesMigration(dialect: Dialect): Migration {
  const id = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const at = dateColumn(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('wishes').addColumn('card_theme', 'varchar(32)').execute();
      await db.schema.alterTable('users').addColumn('email_verified_at', at).execute();
      await (dialect === 'postgres' ? sql`update users set email_verified_at = created_at::timestamptz` : sql`update users set email_verified_at = created_at`).execute(db);
      await db.schema
        .createTable('deliveries')
        .addColumn('id', idType, id)
        .addColumn('wish_id', 'integer', (c) => c.notNull().references('wishes.id').onDelete('cascade'))
        .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('recipient_email', 'varchar(254)', (c) => c.notNull())
        .addColumn('recipient_name', 'varchar(150)', (c) => c.notNull())
        .addColumn('note', 'varchar(300)', (c) => c.notNull())
        .addColumn('token', 'varchar(64)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('send_at', at, (c) => c.notNull())
        .addColumn('next_attempt_at', at, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lease_expires_at', at)
        .addColumn('leased_by', 'varchar(64)')
        .addColumn('last_error', 'text')
        .addColumn('sent_at', at)
        .addColumn('opened_at', at)
        .addColumn('cancelled_at', at)
        .addColumn('created_at', at, (c) => c.notNull())
        .execute();
      await sql`create unique index deliveries_token_idx on deliveries (token)`.execute(db);
      await sql`create index deliveries_due_idx on deliveries (status, next_attempt_at)`.execute(db);
      await sql`create index deliveries_sender_idx on deliveries (sender_id, created_at)`.execute(db);
      await sql`create index deliveries_wish_idx on deliveries (wish_id)`.execute(db);
      await db.schema
        .createTable('email_suppressions')
        .addColumn('email_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('reason', 'varchar(32)', (c) => c.notNull())
        .addColumn('created_at', at, (c) => c.notNull())
        .execute();
    },
  };
}
