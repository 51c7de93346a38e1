/**
 * Profiles and subscriptions (follows). Follower/following counters are denormalized on users and
 * change in the same transaction as the subscription row; the unique (follower, target) pair makes
 * subscribe/unsubscribe idempotent even when requests race (ON CONFLICT DO NOTHING / DELETE ...
 * RETURNING tell whether this request changed anything).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Profile, Subscription } from '@wishes/kit-contract/api';
import type { Database } from '../db/types';
import { nowIso } from '../db/types';
import { VISIBLE_TO, fullName } from '../wishes/visibility';

type Db = Kysely<Database>;

export async function findUser(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'avatar_url', 'avatar_thumbnail', 'followers_count', 'following_count'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The profile as the viewer sees it (posts counts only the wishes they can see); null when unknown. */
export async function getProfile(db: Db, id: number, viewerId: number | null): Promise<Profile | null> {
  const user = await findUser(db, id);
  if (!user) return null;
  // The same rule as every wish read (VISIBLE_TO): others count public wishes, hidden ones only if they moderate.
  const posts = db
    .selectFrom('wishes as w')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('w.user_id', '=', id)
    .where(VISIBLE_TO(viewerId));
  const [postsRow, subscribed] = await Promise.all([
    posts.executeTakeFirstOrThrow(),
    viewerId !== null && viewerId !== id
      ? db.selectFrom('subscriptions').select('id').where('follower_id', '=', viewerId).where('target_id', '=', id).executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  return {
    user_id: user.id,
    profile_id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    full_name: fullName(user.first_name, user.last_name),
    avatar_url: user.avatar_url,
    avatar_thumbnail: user.avatar_thumbnail,
    followers: user.followers_count,
    following: user.following_count,
    posts: Number(postsRow.n),
    is_self: viewerId === id,
    is_subscribed: subscribed !== undefined,
  };
}

/** Adds `delta` to both counters, updating the lower user id first so two crossing follows cannot deadlock. */
async function adjustCounters(trx: Transaction<Database>, followerId: number, targetId: number, delta: 1 | -1) {
  const updates = [
    { id: followerId, column: 'following_count' as const },
    { id: targetId, column: 'followers_count' as const },
  ].sort((a, b) => a.id - b.id);
  for (const { id, column } of updates) {
    await trx
      .updateTable('users')
      .set((eb) => ({ [column]: eb(column, '+', delta) }))
      .where('id', '=', id)
      .execute();
  }
}

/** True when this call created the follow (false: it already existed). */
export async function subscribe(db: Db, followerId: number, targetId: number): Promise<boolean> {
  const created = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('subscriptions')
      .values({ follower_id: followerId, target_id: targetId, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['follower_id', 'target_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) await adjustCounters(trx, followerId, targetId, 1);
    return inserted !== undefined;
  });
  return created;
}

/** True when this call removed the follow. */
export async function unsubscribe(db: Db, followerId: number, targetId: number): Promise<boolean> {
  const removed = await db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('subscriptions').where('follower_id', '=', followerId).where('target_id', '=', targetId).returning('id').executeTakeFirst();
    if (deleted) await adjustCounters(trx, followerId, targetId, -1);
    return deleted !== undefined;
  });
  return removed;
}

/** Most subscriptions a list returns; `count` stays the exact total. */
export const SUBSCRIPTIONS_LIMIT = 1000;

export async function listSubscriptions(db: Db, followerId: number): Promise<{ subscriptions: Subscription[]; count: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('subscriptions as s')
      .innerJoin('users as u', 'u.id', 's.target_id')
      .select(['s.target_id', 's.created_at', 'u.first_name', 'u.last_name', 'u.avatar_url', 'u.avatar_thumbnail'])
      .where('s.follower_id', '=', followerId)
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(SUBSCRIPTIONS_LIMIT)
      .execute(),
    db.selectFrom('subscriptions').select((eb) => eb.fn.countAll().as('n')).where('follower_id', '=', followerId).executeTakeFirstOrThrow(),
  ]);
  return {
    subscriptions: rows.map((r) => ({
      target_id: r.target_id,
      target_name: fullName(r.first_name, r.last_name),
      target_avatar_url: r.avatar_url,
      target_avatar_thumbnail: r.avatar_thumbnail,
      created_at: r.created_at,
    })),
    count: Number(total.n),
  };
}
