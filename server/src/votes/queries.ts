/**
 * Votes and the wish's denormalized counters. Every change runs in one transaction that first
 * locks the wish row (PostgreSQL: SELECT ... FOR UPDATE inside wishes_cast_vote/wishes_remove_vote;
 * SQLite: Kysely serializes transactions on its single connection), so the vote row and both
 * counters always move together and parallel voters cannot lose updates. The unique
 * (wish_id, user_id) index backs this up.
 */
import { type Kysely, sql } from 'kysely';
import type { Voter, VoteSummary, VoteType } from '@wishes/shared/contract';
import { ANONYMOUS } from '@wishes/shared/constants';
import type { Database, Dialect } from '../db/types';
import { nowIso } from '../db/types';
import { VISIBLE_TO, fullName } from '../wishes/queries';

type Db = Kysely<Database>;

const toSummary = (wishId: number, up: number, down: number, myVote: VoteType | null): VoteSummary => ({
  id: wishId,
  vote_count: up - down,
  upvote_count: up,
  downvote_count: down,
  vote_type: myVote,
});

const delta = (type: VoteType | null | undefined, counted: VoteType) => (type === counted ? 1 : 0);

/**
 * SQLite: one transaction (Kysely runs them one at a time on the single connection), three
 * statements: the wish's visibility and the voter's current vote in one read, the vote row write,
 * and one counter update that returns the new counts.
 */
async function sqliteChange(db: Db, wishId: number, userId: number, voteType: VoteType | null): Promise<VoteSummary | null> {
  return db.transaction().execute(async (trx) => {
    const found = await sql<{ vote_type: VoteType | null; up: number; down: number }>`
      select v.vote_type, w.upvote_count as up, w.downvote_count as down
      from wishes w left join votes v on v.wish_id = w.id and v.user_id = ${userId} where w.id = ${wishId} and ${VISIBLE_TO(userId)}`.execute(trx);
    const wish = found.rows[0];
    if (!wish) return null;
    const old = wish.vote_type;
    if (old === voteType) return toSummary(wishId, wish.up, wish.down, voteType);
    if (voteType === null) await sql`delete from votes where wish_id = ${wishId} and user_id = ${userId}`.execute(trx);
    else if (old === null) await sql`insert into votes (wish_id, user_id, vote_type, created_at) values (${wishId}, ${userId}, ${voteType}, ${nowIso()})`.execute(trx);
    else await sql`update votes set vote_type = ${voteType}, created_at = ${nowIso()} where wish_id = ${wishId} and user_id = ${userId}`.execute(trx);
    const up = delta(voteType, 'upvote') - delta(old, 'upvote');
    const down = delta(voteType, 'downvote') - delta(old, 'downvote');
    const counts = await sql<{ up: number; down: number }>`update wishes set upvote_count = upvote_count + ${up}, downvote_count = downvote_count + ${down}
      where id = ${wishId} returning upvote_count as up, downvote_count as down`.execute(trx);
    const row = counts.rows[0]!;
    return toSummary(wishId, row.up, row.down, voteType);
  });
}

/** PostgreSQL: one function call, one round trip (migrations/0003_vote_functions.ts has the same steps). */
async function postgresChange(db: Db, wishId: number, userId: number, voteType: VoteType | null): Promise<VoteSummary | null> {
  const result =
    voteType === null
      ? await sql<{ up: number; down: number }>`select up, down from wishes_remove_vote(${wishId}, ${userId})`.execute(db)
      : await sql<{ up: number; down: number }>`select up, down from wishes_cast_vote(${wishId}, ${userId}, ${voteType}, ${nowIso()})`.execute(db);
  const row = result.rows[0];
  return row ? toSummary(wishId, row.up, row.down, voteType) : null;
}

/** Upvote or downvote: a repeat keeps one vote, the other type switches it. Null when the wish is not visible. */
export async function castVote(db: Db, dialect: Dialect, wishId: number, userId: number, voteType: VoteType): Promise<VoteSummary | null> {
  return dialect === 'postgres' ? postgresChange(db, wishId, userId, voteType) : sqliteChange(db, wishId, userId, voteType);
}

/** Removes the user's vote if any. Null when the wish is not visible. */
export async function removeVote(db: Db, dialect: Dialect, wishId: number, userId: number): Promise<VoteSummary | null> {
  return dialect === 'postgres' ? postgresChange(db, wishId, userId, null) : sqliteChange(db, wishId, userId, null);
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
