/** Business offers sent through the Business page. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { nowIso } from '../db/types';

export async function insertOffer(db: Kysely<Database>, offer: { userId: number; email: string; message: string }): Promise<number> {
  const row = await db
    .insertInto('offers')
    .values({ user_id: offer.userId, email: offer.email, message: offer.message, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
