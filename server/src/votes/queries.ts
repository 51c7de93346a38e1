/**
 * Votes' reads: the vote answer, the voters pages and their header. Votes are written by the
 * store (store.ts: the group-commit writers, which lock the wish row so the vote row and both
 * counters move together; the unique (wish_id, user_id) index backs this up).
 */
import { type Kysely, sql } from 'kysely';
import type { Voter, VoteSummary, VoteType } from '@wishes/kit-contract/api';
import { ANONYMOUS } from '@wishes/kit-contract/constants';
import type { Database } from '../db/types';
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
