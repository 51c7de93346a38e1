/**
 * The vote toggle's write on SQLite as one synchronous better-sqlite3 transaction of prepared
 * statements: visibility + the voter's current vote + the author in one read, the vote row write,
 * the counters update (returning the new counts) and the author's vote notification
 * (notifications/service.ts sqliteVoteNotifications), committed together. Kysely's async driver
 * costs a mutex hand-off and a promise per statement and two transactions per toggle (vote, then
 * notification); here it is one BEGIN IMMEDIATE … COMMIT with no await in between, so no other
 * request can interleave.
 *
 * Group commit: votes that arrive together (in one turn of the event loop) are written
 * in one transaction (should one vote throw, the batch is rolled back and written again with each
 * vote in a savepoint of its own, so only that vote fails and its request gets its error), and every one of them is answered only after that COMMIT returned, so
 * no request is told its vote counts before it is in the database. One COMMIT (one WAL append)
 * per batch instead of per vote; at most MAX_BATCH votes per transaction.
 *
 * Waits when the connection is inside a Kysely transaction at the moment of the write (another
 * request awaiting between its statements): statements run now would join that transaction, so the
 * batch is written once `onConnection` holds the connection (Kysely's driver mutex), with the votes
 * that arrived meanwhile behind it, in order. So the vote has one way to be written on SQLite.
 */
import type { Database as SqliteConnection } from 'better-sqlite3';
import type { VoteSummary, VoteType } from '@wishes/kit-contract/api';
import { nowIso } from '../db/types';
import { sqliteVoteNotifications } from '../notifications/service';
import { toSummary } from './queries';

export type VoteWrite = { summary: VoteSummary; notifyUserId: number | null } | null;

/** Votes written in one transaction at most (a batch holds the event loop while it runs). */
const MAX_BATCH = 200;

interface PendingVote {
  wishId: number;
  userId: number;
  voteType: VoteType | null;
  resolve: (write: VoteWrite) => void;
  reject: (error: unknown) => void;
}

/** Transactions and votes written by group commit (tests and GET /metrics-style checks). */
export interface GroupCommitStats {
  batches: number;
  votes: number;
}
const statsByConnection = new WeakMap<SqliteConnection, GroupCommitStats>();

/** Group-commit counts of a connection's vote writer (undefined before one is created). */
export function voteGroupCommitStats(raw: SqliteConnection): GroupCommitStats | undefined {
  return statsByConnection.get(raw);
}

/**
 * `onConnection(run)` runs `run` while it holds the connection (no Kysely transaction open on it):
 * `db.connection().execute(...)` for the Kysely instance over `raw`.
 */
export function createSqliteVoteWriter(raw: SqliteConnection, onConnection: (run: () => void) => Promise<void>, onNotificationError: (error: unknown) => void) {
  // Visibility is votes/queries.ts VISIBLE_TO (wishes/queries.ts) written out: the author sees their
  // own wish; others see a public one that is not hidden, or any public one when moderator/admin.
  // The voter's vote as a scalar subquery: as a LEFT JOIN the same read took ~31 µs instead of ~4 µs
  // (SQLite sets up join machinery for a one-row lookup), the largest single cost of a toggle.
  const find = raw.prepare(`select w.user_id as author, w.upvote_count as up, w.downvote_count as down,
      (select v.vote_type from votes v where v.wish_id = w.id and v.user_id = @user) as vote_type
    from wishes w
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

  const writeOne = (wishId: number, userId: number, voteType: VoteType | null): VoteWrite => {
    const found = find.get({ wish: wishId, user: userId }) as { author: number; vote_type: VoteType | null; up: number; down: number } | undefined;
    if (!found) return null;
    const old = found.vote_type;
    const now = nowIso();
    let result: VoteSummary;
    if (old === voteType) result = toSummary(wishId, found.up, found.down, voteType);
    else {
      if (voteType === null) deleteVote.run(wishId, userId);
      else if (old === null) insertVote.run(wishId, userId, voteType, now);
      else updateVote.run(voteType, now, wishId, userId);
    const row = counters.get(delta(voteType, 'upvote') - delta(old, 'upvote'), delta(voteType, 'downvote') - delta(old, 'downvote'), wishId) as { up: number; down: number };
      result = toSummary(wishId, row.up, row.down, voteType);
    }
    // Also on a repeat, as PostgreSQL's notifier does (a repeat upvote after the author read the row is news again).
    let changed = false;
    try {
      changed = notifySafely(found.author, wishId, userId, voteType, now);
    } catch (error) {
      onNotificationError(error);
    }
    return { summary: result, notifyUserId: changed ? found.author : null };
  };
  // Inside the batch's transaction each `change` runs as a savepoint (better-sqlite3 nests them so).
  const change = raw.transaction(writeOne);

  /** The batch as one transaction, no savepoints: a vote that throws (rare) rolls it all back, then `batch` writes it vote by vote. */
  const plainBatch = raw.transaction((votes: PendingVote[]) => votes.map((vote): { write: VoteWrite } => ({ write: writeOne(vote.wishId, vote.userId, vote.voteType) })));
  const batch = raw.transaction((votes: PendingVote[]) =>
    votes.map((vote): { write: VoteWrite } | { error: unknown } => {
      try {
        return { write: change(vote.wishId, vote.userId, vote.voteType) };
      } catch (error) {
        return { error };
      }
    }),
  );
  const stats: GroupCommitStats = { batches: 0, votes: 0 };
  statsByConnection.set(raw, stats);
  const pending: PendingVote[] = [];
  let scheduled = false;
  /** A flush is waiting for the connection (a Kysely transaction held it). */
  let waiting = false;

  const flush = () => {
    scheduled = false;
    while (pending.length > 0) {
      if (raw.inTransaction) {
        if (!waiting) {
          waiting = true;
          onConnection(() => {
            waiting = false;
            flush();
          }).catch((error: unknown) => {
            // The connection could not be had (the database is closing): nothing waiting was stored.
            waiting = false;
            for (const vote of pending.splice(0)) vote.reject(error);
          });
        }
        return;
      }
      const votes = pending.splice(0, MAX_BATCH);
      let outcomes: Array<{ write: VoteWrite } | { error: unknown }>;
      try {
        try {
          outcomes = plainBatch.immediate(votes);
        } catch {
          // Rolled back whole: again, each vote in a savepoint of its own, so only the failing one fails.
          outcomes = batch.immediate(votes);
        }
      } catch (error) {
        // BEGIN or COMMIT failed: nothing of this batch was stored.
        for (const vote of votes) vote.reject(error);
        continue;
      }
      stats.batches++;
      stats.votes += votes.length;
      votes.forEach((vote, i) => {
        const outcome = outcomes[i]!;
        if ('error' in outcome) vote.reject(outcome.error);
        else vote.resolve(outcome.write);
      });
    }
  };

  /** Resolves after the vote's transaction committed. */
  const write = (wishId: number, userId: number, voteType: VoteType | null): Promise<VoteWrite> =>
    new Promise((resolve, reject) => {
      pending.push({ wishId, userId, voteType, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        // After the poll phase: every vote whose request was read in this turn joins the batch.
        setImmediate(flush);
      }
    });
  return write;
}
