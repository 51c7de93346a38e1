/** Avatar columns of users. */
import type { Kysely } from 'kysely';
import type { Database, Dialect } from '../db/types';

export interface AvatarPaths {
  avatar_url: string | null;
  avatar_thumbnail: string | null;
}

/**
 * Sets the new paths and returns the previous ones (so their files can be removed), or undefined
 * when the user no longer exists.
 */
export async function replaceAvatar(
  db: Kysely<Database>,
  dialect: Dialect,
  userId: number,
  next: { avatar_url: string; avatar_thumbnail: string },
): Promise<AvatarPaths | undefined> {
  const previous = await db.transaction().execute(async (trx) => {
    // Locked on PostgreSQL so two uploads at once each see the other's files as "previous".
    let select = trx.selectFrom('users').select(['avatar_url', 'avatar_thumbnail']).where('id', '=', userId);
    if (dialect === 'postgres') select = select.forUpdate();
    const previous = await select.executeTakeFirst();
    if (!previous) return undefined;
    await trx.updateTable('users').set(next).where('id', '=', userId).execute();
    return previous;
  });
  return previous;
}
