/**
 * Votes and the wish's denormalized counters. Every change runs in one transaction that first
 * locks the wish row (PostgreSQL: SELECT ... FOR UPDATE; SQLite: Kysely serializes transactions
 * on its single connection), so the vote row and both counters always move together and parallel
 * voters cannot lose updates. The unique (wish_id, user_id) index backs this up.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Voter, VoteSummary, VoteType } from '@wishes/shared/contract';
import { ANONYMOUS } from '@wishes/shared/constants';
import type { Database, Dialect } from '../db/types';
import { nowIso } from '../db/types';
import { fullName } from '../wishes/queries';

type Db = Kysely<Database>;

const COUNTER: Record<VoteType, 'upvote_count' | 'downvote_count'> = { upvote: 'upvote_count', downvote: 'downvote_count' };

/** Locks the wish and returns it when the user may see it; null means "does not exist" for them. */
async function lockVisibleWish(trx: Transaction<Database>, dialect: Dialect, wishId: number, userId: number) {
  let query = trx.selectFrom('wishes').select(['id', 'user_id', 'is_public']).where('id', '=', wishId);
  if (dialect === 'postgres') query = query.forUpdate();
  const wish = await query.executeTakeFirst();
  return wish && (wish.is_public === 1 || wish.user_id === userId) ? wish : null;
}

async function summary(trx: Transaction<Database> | Db, wishId: number, myVote: VoteType | null): Promise<VoteSummary> {
  const w = await trx.selectFrom('wishes').select(['upvote_count', 'downvote_count']).where('id', '=', wishId).executeTakeFirstOrThrow();
  return { id: wishId, vote_count: w.upvote_count - w.downvote_count, upvote_count: w.upvote_count, downvote_count: w.downvote_count, vote_type: myVote };
}

async function bump(trx: Transaction<Database>, wishId: number, column: 'upvote_count' | 'downvote_count', delta: 1 | -1) {
  await trx
    .updateTable('wishes')
    .set((eb) => ({ [column]: eb(column, '+', delta) }))
    .where('id', '=', wishId)
    .execute();
}

/** Upvote or downvote: a repeat keeps one vote, the other type switches it. Null when the wish is not visible. */
export async function castVote(db: Db, dialect: Dialect, wishId: number, userId: number, voteType: VoteType): Promise<VoteSummary | null> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockVisibleWish(trx, dialect, wishId, userId))) return null;
    const existing = await trx.selectFrom('votes').select(['id', 'vote_type']).where('wish_id', '=', wishId).where('user_id', '=', userId).executeTakeFirst();
    if (!existing) {
      await trx.insertInto('votes').values({ wish_id: wishId, user_id: userId, vote_type: voteType, created_at: nowIso() }).execute();
      await bump(trx, wishId, COUNTER[voteType], 1);
    } else if (existing.vote_type !== voteType) {
      await trx.updateTable('votes').set({ vote_type: voteType, created_at: nowIso() }).where('id', '=', existing.id).execute();
      await bump(trx, wishId, COUNTER[existing.vote_type], -1);
      await bump(trx, wishId, COUNTER[voteType], 1);
    }
    return summary(trx, wishId, voteType);
  });
}

/** Removes the user's vote if any. Null when the wish is not visible. */
export async function removeVote(db: Db, dialect: Dialect, wishId: number, userId: number): Promise<VoteSummary | null> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockVisibleWish(trx, dialect, wishId, userId))) return null;
    const deleted = await trx.deleteFrom('votes').where('wish_id', '=', wishId).where('user_id', '=', userId).returning('vote_type').executeTakeFirst();
    if (deleted) await bump(trx, wishId, COUNTER[deleted.vote_type], -1);
    return summary(trx, wishId, null);
  });
}

/** Most voters a list returns; the counts stay exact totals. */
export const VOTERS_LIMIT = 1000;

export async function listVoters(db: Db, wishId: number, filter: VoteType | undefined): Promise<Voter[]> {
  let query = db
    .selectFrom('votes as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .select(['v.id', 'v.user_id', 'v.vote_type', 'v.created_at', 'u.first_name', 'u.last_name'])
    .where('v.wish_id', '=', wishId);
  if (filter) query = query.where('v.vote_type', '=', filter);
  const rows = await query.orderBy('v.created_at', 'desc').orderBy('v.id', 'desc').limit(VOTERS_LIMIT).execute();
  return rows.map((r) => ({ id: r.id, voter_id: r.user_id, voter_name: fullName(r.first_name, r.last_name) || ANONYMOUS, vote_type: r.vote_type, created_at: r.created_at }));
}

export async function voteCounts(db: Db, wishId: number) {
  return db.selectFrom('wishes').select(['upvote_count', 'downvote_count']).where('id', '=', wishId).executeTakeFirstOrThrow();
}

export async function userVote(db: Db, wishId: number, userId: number | null): Promise<VoteType | null> {
  if (userId === null) return null;
  const row = await db.selectFrom('votes').select('vote_type').where('wish_id', '=', wishId).where('user_id', '=', userId).executeTakeFirst();
  return row?.vote_type ?? null;
}
