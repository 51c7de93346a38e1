/**
 * Group wishes (docs/groups.md):
 * - `groups`: one wish many people sign for one recipient. `invite` is the link secret of
 *   /g/{invite} (rotating it replaces it); `deliver_local` the local date-time read in
 *   `time_zone` (the API's `deliver_at`: a `*_at` column would be a timestamptz on PostgreSQL),
 *   `deliver_at_utc` its instant (the scheduler reads only due rows). The delivery is a lease as
 *   the deliveries outbox's (`lease_expires_at`, `leased_by`): one process mails it, once.
 *   `delivery_token` is the recipient's /w/{token} secret once delivered; `empty_warned_for`
 *   the instant a "no messages yet" warning was sent for (once per date).
 * - `group_contributions`: the messages. `user_id` is null for a guest; `edit_token_hash` is
 *   sha256 of the edit token shown once; `status` visible, pending or removed.
 * - `group_invitations`: one row per invited address, with its own token for `?i=<token>` (kept
 *   as is: the reminders carry it again, and it only marks that invitee signed), when it signed,
 *   and the reminders sent (3 days and 1 day before).
 * - `group_email_confirmations`: a signer's address and its confirmation token (sha256); only
 *   a confirmed address ever gets another mail.
 * - `group_counters`: rows counted for the per-address, per-group and per-organiser limits
 *   (contributions an hour, suggestions, mails a day), kept for a day.
 * - `group_replies`: the recipient's replies to a group's delivery.
 * - `notifications.group_id`: the group a notification is about.
 * Every row goes with its group; a group goes with its organiser's account.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import { dateColumn } from './date-columns';

/** The database kind, declared here: a migration depends on nothing but Kysely. */
type Dialect = 'sqlite' | 'postgres';

export function groupsMigration(dialect: Dialect): Migration {
  const id = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const at = dateColumn(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('groups')
        .addColumn('id', idType, id)
        .addColumn('organiser_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('recipient_name', 'varchar(80)', (c) => c.notNull())
        .addColumn('recipient_email', 'varchar(254)')
        .addColumn('topic', 'varchar(100)', (c) => c.notNull())
        .addColumn('note', 'varchar(300)', (c) => c.notNull())
        .addColumn('deliver_local', 'varchar(16)')
        .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
        .addColumn('deliver_at_utc', at)
        .addColumn('approval', 'varchar(8)', (c) => c.notNull())
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('invite', 'varchar(64)', (c) => c.notNull())
        .addColumn('delivery_token', 'varchar(64)')
        .addColumn('lease_expires_at', at)
        .addColumn('leased_by', 'varchar(64)')
        .addColumn('empty_warned_for', at)
        .addColumn('delivered_at', at)
        .addColumn('cancelled_at', at)
        .addColumn('created_at', at, (c) => c.notNull())
        .addColumn('updated_at', at, (c) => c.notNull())
        .execute();
      await sql`create unique index groups_invite_idx on groups (invite)`.execute(db);
      await sql`create unique index groups_delivery_token_idx on groups (delivery_token)`.execute(db);
      await sql`create index groups_organiser_idx on groups (organiser_id, created_at)`.execute(db);
      await sql`create index groups_due_idx on groups (state, deliver_at_utc)`.execute(db);

      await db.schema
        .createTable('group_invitations')
        .addColumn('id', idType, id)
        .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('token', 'varchar(64)', (c) => c.notNull())
        .addColumn('signed_at', at)
        .addColumn('reminders_sent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', at, (c) => c.notNull())
        .addUniqueConstraint('group_invitations_email_unique', ['group_id', 'email'])
        .execute();
      await sql`create unique index group_invitations_token_idx on group_invitations (token)`.execute(db);

      await db.schema
        .createTable('group_contributions')
        .addColumn('id', idType, id)
        .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('invitation_id', 'integer', (c) => c.references('group_invitations.id').onDelete('set null'))
        .addColumn('signer_name', 'varchar(80)', (c) => c.notNull())
        .addColumn('text', 'varchar(1000)', (c) => c.notNull())
        .addColumn('status', 'varchar(8)', (c) => c.notNull())
        .addColumn('edit_token_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('reported_at', at)
        .addColumn('created_at', at, (c) => c.notNull())
        .addColumn('updated_at', at, (c) => c.notNull())
        .execute();
      await sql`create index group_contributions_group_idx on group_contributions (group_id, id)`.execute(db);
      await sql`create index group_contributions_user_idx on group_contributions (user_id)`.execute(db);

      await db.schema
        .createTable('group_email_confirmations')
        .addColumn('id', idType, id)
        .addColumn('contribution_id', 'integer', (c) => c.notNull().references('group_contributions.id').onDelete('cascade'))
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('confirmed_at', at)
        .addColumn('created_at', at, (c) => c.notNull())
        .execute();
      await sql`create unique index group_email_confirmations_token_idx on group_email_confirmations (token_hash)`.execute(db);
      await sql`create index group_email_confirmations_contribution_idx on group_email_confirmations (contribution_id)`.execute(db);

      await db.schema
        .createTable('group_counters')
        .addColumn('id', idType, id)
        .addColumn('scope', 'varchar(16)', (c) => c.notNull())
        .addColumn('key', 'varchar(80)', (c) => c.notNull())
        .addColumn('created_at', at, (c) => c.notNull())
        .execute();
      await sql`create index group_counters_key_idx on group_counters (scope, key, created_at)`.execute(db);

      await db.schema
        .createTable('group_replies')
        .addColumn('id', idType, id)
        .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
        .addColumn('text', 'varchar(1000)', (c) => c.notNull())
        .addColumn('created_at', at, (c) => c.notNull())
        .addColumn('deleted_at', at)
        .execute();
      await sql`create index group_replies_group_idx on group_replies (group_id, created_at)`.execute(db);

      await db.schema.alterTable('notifications').addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('set null')).execute();
    },
  };
}
