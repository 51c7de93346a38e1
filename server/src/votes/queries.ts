/**
 * Votes and the wish's denormalized counters. Every change runs in one transaction that first
 * locks the wish row (PostgreSQL: SELECT ... FOR UPDATE inside wishes_cast_vote/wishes_remove_vote;
 * SQLite: Kysely serializes transactions on its single connection), so the vote row and both
 * counters always move together and parallel voters cannot lose updates. The unique
 * (wish_id, user_id) index backs this up.
 */
import { type Kysely, sql } from 'kysely';
import type { Voter, VoteSummary, VoteType } from '@wishes/kit-contract/api';
import { ANONYMOUS } from '@wishes/kit-contract/constants';
import type { Database, Dialect } from '../db/types';
import { nowIso } from '../db/types';
import { VISIBLE_TO, fullName } from '../wishes/visibility';
import { readHot, rowLimit } from '../db/hot-reads';
import type { AppDeps } from '../app/deps';

type Db = Kysely<Database>;

/** The API's vote answer for a wish: its counters and the voter's own vote (every vote path builds it here). */
export const toSummary = (wishId: number, up: number, down: number, myVote: VoteType | null): VoteSummary => ({
  id: wishId,
  vote_count: up - down,
  upvote_count: up,
  downvote_count: down,
  vote_type: myVote,
});

const delta = (type: VoteType | null | undefined, counted: VoteType) => (type === counted ? 1 : 0);

/**
 * SQLite, one vote at a time (the seed; requests go through sqlite-vote-writer.ts in batches):
 * one transaction (Kysely runs them one at a time on the single connection), three
 * statements: the wish's visibility and the voter's current vote in one read, the vote row write,
 * and one counter update that returns the new counts.
 */
async function sqliteChange(db: Db, wishId: number, userId: number, voteType: VoteType | null): Promise<VoteSummary | null> {
  return db.transaction().execute(async (trx) => {
    const found = await sql<{ vote_type: VoteType | null; up: number; down: number }>`
      select (select v.vote_type from votes v where v.wish_id = w.id and v.user_id = ${userId}) as vote_type, w.upvote_count as up, w.downvote_count as down
      from wishes w where w.id = ${wishId} and ${VISIBLE_TO(userId)}`.execute(trx);
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

/**
 * PostgreSQL, one vote at a time (the seed; requests go through postgres-vote-writer.ts in batches):
 * one statement, so one round trip and one commit (one WAL flush): the vote function
 * (migrations/0003_vote_functions.ts, hidden rule in 0007) and, for the row it returns, the
 * author's vote notification (wishes_vote_notify, 0011). `notify_user` is the author whose
 * notifications changed (publish on the bus after the commit), else null.
 */
async function postgresChange(db: Db, wishId: number, userId: number, voteType: VoteType | null): Promise<VoteWithNotice | null> {
  const now = nowIso();
  const result =
    voteType === null
      ? await sql<{ up: number; down: number; notify_user: number | null }>`select c.up, c.down, wishes_vote_notify(${wishId}, ${userId}, ${null}::text, ${now}) as notify_user
          from wishes_remove_vote(${wishId}, ${userId}) c`.execute(db)
      : await sql<{ up: number; down: number; notify_user: number | null }>`select c.up, c.down, wishes_vote_notify(${wishId}, ${userId}, ${voteType}, ${now}) as notify_user
          from wishes_cast_vote(${wishId}, ${userId}, ${voteType}, ${now}) c`.execute(db);
  const row = result.rows[0];
  return row ? { summary: toSummary(wishId, row.up, row.down, voteType), notifyUserId: row.notify_user ?? null } : null;
}

type VoteWithNotice = { summary: VoteSummary; notifyUserId: number | null };

/** Upvote or downvote: a repeat keeps one vote, the other type switches it. Null when the wish is not visible. */
export async function castVote(db: Db, dialect: Dialect, wishId: number, userId: number, voteType: VoteType): Promise<VoteSummary | null> {
  return dialect === 'postgres' ? (await postgresChange(db, wishId, userId, voteType))?.summary ?? null : sqliteChange(db, wishId, userId, voteType);
}

/**
 * Where a page of voters ends: the last voter's (created_at, id), sent to the client as an opaque
 * base64url string. Keyset paging over votes_wish_created_idx / votes_wish_type_created_idx (0011),
 * so any page costs O(page) whatever the number of votes before it.
 */
export type VotersCursor = { createdAt: string; id: number };

export function encodeVotersCursor(cursor: VotersCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');
}

/** Null for anything a previous page could not have produced. */
export function decodeVotersCursor(text: string): VotersCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  const match = /^([0-9T:.+Z-]{10,32})\|([1-9][0-9]{0,9})$/.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? { createdAt: match[1]!, id } : null;
}

/** A wish's counters and the reader's own vote on it. */
export type VotersHeader = { up: number; down: number; mine: VoteType | null };
/** One page of voters and where the next starts (null: the last page). */
export type VotersPage = { voters: Voter[]; next: VotersCursor | null };

type VoterRow = { id: number; user_id: number; vote_type: VoteType; created_at: string; first_name: string; last_name: string };

/**
 * One page of a wish's voters, newest first (created_at, then id), after `cursor` when given; asks
 * for one row more than `limit` to know whether another page exists. Fixed SQL text per shape (no
 * query builder on this hot read) so the prepared-statement cache keeps hitting.
 */
export async function listVoters(
  db: Db,
  wishId: number,
  filter: VoteType | undefined,
  limit: number,
  cursor: VotersCursor | null,
): Promise<VotersPage> {
  const typeClause = filter ? sql`and v.vote_type = ${filter}` : sql``;
  // A row-value bound, which both databases turn into an index range (an OR of the two cases is not).
  const afterClause = cursor ? sql`and (v.created_at, v.id) < (${cursor.createdAt}, ${cursor.id})` : sql``;
  const rows = await readHot(
    db,
    sql<VoterRow>`select v.id, v.user_id, v.vote_type, v.created_at, u.first_name, u.last_name
    from votes v join users u on u.id = v.user_id
    where v.wish_id = ${wishId} ${typeClause} ${afterClause}
    order by v.created_at desc, v.id desc limit ${rowLimit(limit + 1)}`,
  );
  const page = rows.length > limit ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return {
    voters: page.map((r) => ({ id: r.id, voter_id: r.user_id, voter_name: fullName(r.first_name, r.last_name) || ANONYMOUS, vote_type: r.vote_type, created_at: r.created_at })),
    next: rows.length > limit && last ? { createdAt: last.created_at, id: last.id } : null,
  };
}

/**
 * One voters page (the first, or the one after `cursor`) with its header for this reader (null: the
 * wish does not exist for them). A listed wish's page and counters come from the read model
 * (read-model.ts), the same for every reader, with the reader's own vote from their vote index
 * (votesOf); any vote on the wish drops its pages, as any listed change does. Any other wish
 * (private, hidden, gone) is read fresh: the read model's load has just read the page and found the
 * wish not listed, so only the header is read again, with the reader's visibility (an anonymous
 * reader's is the one already read).
 */
export async function votersPageFor(
  model: AppDeps['readModel'],
  wishId: number,
  filter: VoteType | undefined,
  limit: number,
  cursor: VotersCursor | null,
  viewerId: number | null,
): Promise<{ header: VotersHeader | null; page: VotersPage }> {
  const db = model.db;
  if (!model.enabled) {
    const [header, page] = await Promise.all([votersHeader(db, wishId, viewerId), listVoters(db, wishId, filter, limit, cursor)]);
    return { header, page };
  }
  const read = await model.cached(
    model.voterPagesOf(wishId),
    `${filter ?? ''}:${limit}:${cursor ? encodeVotersCursor(cursor) : ''}`,
    async () => {
      // The anonymous reader's header exists exactly when the wish is listed (public, not hidden).
      const [header, page] = await Promise.all([votersHeader(db, wishId, null), listVoters(db, wishId, filter, limit, cursor)]);
      return { listed: header !== null, up: header?.up ?? 0, down: header?.down ?? 0, voters: page.voters, next: page.next };
    },
    (value) => value.listed,
  );
  const page = { voters: read.voters, next: read.next };
  if (!read.listed) return { header: viewerId === null ? null : await votersHeader(db, wishId, viewerId), page };
  const mine = viewerId === null ? null : ((await model.votesOf(viewerId, [wishId])).get(wishId) ?? null);
  return { header: { up: read.up, down: read.down, mine }, page };
}

/**
 * The wish's counters and the viewer's vote in one read, or null when the wish does not exist for
 * this viewer (the same rule as isWishVisible: private for its author, hidden for author and
 * moderators).
 */
export async function votersHeader(db: Db, wishId: number, viewerId: number | null): Promise<VotersHeader | null> {
  const rows = await readHot(
    db,
    sql<{ up: number; down: number; mine: VoteType | null }>`select w.upvote_count as up, w.downvote_count as down,
      (select m.vote_type from votes m where m.wish_id = w.id and m.user_id = ${viewerId ?? 0}) as mine
    from wishes w where w.id = ${wishId} and ${VISIBLE_TO(viewerId)}`,
  );
  return rows[0] ?? null;
}
