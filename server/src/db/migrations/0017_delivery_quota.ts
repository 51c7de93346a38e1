/**
 * `delivery_quota`: one row per wish a member sent (send now or scheduled), kept for a day. The
 * daily limits (DELIVERIES_PER_DAY, 3 for accounts younger than a day) count these rows, not the
 * deliveries themselves: deleting a wish deletes its deliveries (that ends their links), and with
 * them the count, so delete-and-resend would have had no limit at all. Rows go with the account.
 * The last day's deliveries are copied in.
 */
import { type Kysely, type Migration, sql } from 'kysely';

/** The database kind, declared here: a migration depends on nothing but Kysely. */
type Dialect = 'sqlite' | 'postgres';
import { dateColumn } from './date-columns';

export function deliveryQuotaMigration(dialect: Dialect): Migration {
  const id = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('delivery_quota')
        .addColumn('id', idType, id)
        .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', dateColumn(dialect), (c) => c.notNull())
        .execute();
      await sql`create index delivery_quota_sender_idx on delivery_quota (sender_id, created_at)`.execute(db);
      const since = new Date(Date.now() - 24 * 3600_000).toISOString();
      await sql`insert into delivery_quota (sender_id, created_at) select sender_id, created_at from deliveries where created_at > ${since}`.execute(db);
    },
  };
}
