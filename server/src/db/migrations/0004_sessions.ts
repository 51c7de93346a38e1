/**
 * Sessions that can be ended (auth/sessions.ts):
 * - `users.session_epoch`: every access and refresh token carries the epoch it was issued under
 *   (claim `sep`); ending a user's sessions bumps it, so every earlier token is refused at once,
 *   exactly (no same-second clock race, as a timestamp cutoff would have).
 * - `refresh_tokens`: one row per issued refresh token, so refresh tokens rotate on use and a
 *   reused (already rotated) token revokes its whole family (RFC 9700 §4.14.2).
 */
import { type Kysely, type Migration, sql } from 'kysely';

export function sessionsMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql`alter table users add column session_epoch integer not null default 0`.execute(db);
      await db.schema
        .createTable('refresh_tokens')
        .addColumn('jti', 'varchar(64)', (c) => c.primaryKey())
        // Every token rotated from one sign-in shares its family id.
        .addColumn('family', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        // Set when the token was exchanged for its successor; a later use is a reuse.
        .addColumn('used_at', 'varchar(32)')
        // Set on the whole family when a reuse is detected, or when the user's sessions end.
        .addColumn('revoked_at', 'varchar(32)')
        .execute();
      await sql`create index refresh_tokens_family_idx on refresh_tokens (family)`.execute(db);
      await sql`create index refresh_tokens_user_idx on refresh_tokens (user_id, expires_at)`.execute(db);
    },
  };
}
