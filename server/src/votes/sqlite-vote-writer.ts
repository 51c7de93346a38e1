/**
 * The vote toggle's write on SQLite as one synchronous better-sqlite3 transaction of prepared
 * statements: visibility + the voter's current vote + the author in one read, the vote row write,
 * the counters update (returning the new counts) and the author's vote notification
 * (notifications/service.ts sqliteVoteNotifications), committed together. Kysely's async driver
 * costs a mutex hand-off and a promise per statement and two transactions per toggle (vote, then
 * notification); here it is one BEGIN IMMEDIATE … COMMIT with no await in between, so no other
 * request can interleave.
 *
 * Falls back (returns undefined) when the connection is inside a Kysely transaction at this moment
 * (another request awaiting between its statements): statements run now would join that
 * transaction, so the caller takes the Kysely path, which waits on the driver's mutex.
 */
import type { Database as SqliteConnection } from 'better-sqlite3';
import type { VoteSummary, VoteType } from '@wishes/shared/contract';
import { nowIso } from '../db/types';
import { sqliteVoteNotifications } from '../notifications/service';

export type VoteWrite = { summary: VoteSummary; notifyUserId: number | null } | null;

export function createSqliteVoteWriter(raw: SqliteConnection, onNotificationError: (error: unknown) => void) {
  // Visibility is votes/queries.ts VISIBLE_TO (wishes/queries.ts) written out: the author sees their
  // own wish; others see a public one that is not hidden, or any public one when moderator/admin.
  const find = raw.prepare(`select w.user_id as author, v.vote_type, w.upvote_count as up, w.downvote_count as down
    from wishes w left join votes v on v.wish_id = w.id and v.user_id = @user
    where w.id = @wish and (w.user_id = @user or (w.is_public = 1 and (w.hidden = 0
      or exists (select 1 from users mr where mr.id = @user and mr.role in ('moderator', 'admin')))))`);
  const insertVote = raw.prepare('insert into votes (wish_id, user_id, vote_type, created_at) values (?, ?, ?, ?)');
  const updateVote = raw.prepare('update votes set vote_type = ?, created_at = ? where wish_id = ? and user_id = ?');
  const deleteVote = raw.prepare('delete from votes where wish_id = ? and user_id = ?');
  const counters = raw.prepare('update wishes set upvote_count = upvote_count + ?, downvote_count = downvote_count + ? where id = ? returning upvote_count as up, downvote_count as down');
  const notify = sqliteVoteNotifications(raw);
  // A failing notification rolls back to its savepoint only: the vote still counts (as before,
  // when the notification was a separate transaction whose errors were logged).
  const notifySafely = raw.transaction(notify);

  const delta = (type: VoteType | null, counted: VoteType) => (type === counted ? 1 : 0);
  const summary = (wishId: number, up: number, down: number, mine: VoteType | null): VoteSummary => ({ id: wishId, vote_count: up - down, upvote_count: up, downvote_count: down, vote_type: mine });

  const change = raw.transaction((wishId: number, userId: number, voteType: VoteType | null): VoteWrite => {
    const found = find.get({ wish: wishId, user: userId }) as { author: number; vote_type: VoteType | null; up: number; down: number } | undefined;
    if (!found) return null;
    const old = found.vote_type;
    const now = nowIso();
    let result: VoteSummary;
    if (old === voteType) result = summary(wishId, found.up, found.down, voteType);
    else {
      if (voteType === null) deleteVote.run(wishId, userId);
      else if (old === null) insertVote.run(wishId, userId, voteType, now);
      else updateVote.run(voteType, now, wishId, userId);
    const row = counters.get(delta(voteType, 'upvote') - delta(old, 'upvote'), delta(voteType, 'downvote') - delta(old, 'downvote'), wishId) as { up: number; down: number };
      result = summary(wishId, row.up, row.down, voteType);
    }
    // Also on a repeat, as the Kysely path does (a repeat upvote after the author read the row is news again).
    let changed = false;
    try {
      changed = notifySafely(found.author, wishId, userId, voteType, now);
    } catch (error) {
      onNotificationError(error);
    }
    return { summary: result, notifyUserId: changed ? found.author : null };
  });

  /** undefined: take the Kysely path (a Kysely transaction is open on the connection right now). */
  return (wishId: number, userId: number, voteType: VoteType | null): VoteWrite | undefined => {
    if (raw.inTransaction) return undefined;
    return change.immediate(wishId, userId, voteType);
  };
}
