/** Database access for accounts, sign-in and password resets. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { nowIso } from '../db/types';

export async function findUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'password_changed_at', 'first_name', 'last_name', 'banned_at'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function findUserById(db: Kysely<Database>, id: number) {
  return db.selectFrom('users').select(['id', 'email', 'password_changed_at', 'first_name', 'last_name', 'banned_at']).where('id', '=', id).executeTakeFirst();
}

/**
 * Whether the account is suspended, and the reason the moderator gave (their latest ban in the
 * moderation log; null when none is logged). null when the account is not suspended or is gone.
 */
export async function suspensionOf(db: Kysely<Database>, userId: number): Promise<{ reason: string | null } | null> {
  const user = await db.selectFrom('users').select('banned_at').where('id', '=', userId).executeTakeFirst();
  if (!user || user.banned_at === null) return null;
  const ban = await db
    .selectFrom('moderation_log')
    .select('reason')
    .where('action', '=', 'ban')
    .where('target_type', '=', 'user')
    .where('target_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { reason: ban?.reason ?? null };
}

export async function emailExists(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(
  db: Kysely<Database>,
  user: { email: string; passwordHash: string; firstName: string; lastName: string; phone: string },
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('users')
    .values({
      email: user.email.toLowerCase(),
      password_hash: user.passwordHash,
      first_name: user.firstName,
      last_name: user.lastName,
      phone: user.phone,
      avatar_url: null,
      avatar_thumbnail: null,
      password_changed_at: now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertPasswordReset(db: Kysely<Database>, userId: number, tokenHash: string, ttlSeconds: number): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('password_resets')
    .values({
      user_id: userId,
      token_hash: tokenHash,
      expires_at: new Date(now + ttlSeconds * 1000).toISOString(),
      used_at: null,
      created_at: new Date(now).toISOString(),
    })
    .execute();
}

/**
 * Sets a new password if the reset token is valid, unused and unexpired, in one transaction:
 * the token is claimed with a conditional UPDATE so two concurrent confirms cannot both win, and
 * every other outstanding token of the user is spent too. Returns false when the token is bad.
 */
export async function resetPasswordWithToken(db: Kysely<Database>, userId: number, tokenHash: string, passwordHash: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    await trx.updateTable('users').set({ password_hash: passwordHash, password_changed_at: now }).where('id', '=', userId).execute();
    await trx.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
    return true;
  });
}

/** Whether a reset token is currently usable (checked before validating the new password). */
export async function resetTokenUsable(db: Kysely<Database>, userId: number, tokenHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('password_resets')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  return row !== undefined;
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
