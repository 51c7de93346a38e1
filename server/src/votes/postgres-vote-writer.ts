/**
 * Group commit of votes on PostgreSQL: the votes that arrive while no batch is being
 * written are written together by ONE call of `wishes_vote_batch` (db/sql/wishes_vote_batch.ts):
 * one round trip and one commit, so one WAL flush for the whole batch instead of one per vote,
 * which is what a vote used to wait on. Every request is answered only after its batch committed.
 *
 * - At most IN_FLIGHT batches at a time per process: what arrives meanwhile waits and goes in the
 *   next one, so under load the batches grow on their own (at most MAX_BATCH votes). Two, not one:
 *   while one batch waits for its WAL flush the next is already executing (PostgreSQL flushes
 *   both commits together when they meet).
 * - One voter's second vote on one wish, while the first waits or is being written, goes in a later
 *   batch, after the first committed: in order.
 * - A batch is sorted by wish (the function locks its wishes in id order itself, so batches of two
 *   processes lock wish rows in one order).
 * - Should the call fail (a voter's account deleted meanwhile, a broken connection), each vote of
 *   the batch is written again alone, so only the failing one gets its error.
 * The author's notification is not written here: the caller queues it (notifications/queue.ts).
 */
import { type Kysely, sql } from 'kysely';
import type { VoteSummary, VoteType } from '@wishes/kit-contract/api';
import type { Database } from '../db/types';
import { nowIso } from '../db/types';
import { toSummary } from './queries';
import type { GroupCommitStats } from './sqlite-vote-writer';

type Db = Kysely<Database>;

/** A stored vote: the wish's counters after it and the wish's author; null when the voter may not see the wish. */
export type PostgresVoteWrite = { summary: VoteSummary; authorId: number } | null;

/** Votes written by one call at most. */
const MAX_BATCH = 200;
/** Batches being written at once (see the header). */
const IN_FLIGHT = 2;

interface PendingVote {
  wishId: number;
  userId: number;
  voteType: VoteType | null;
  resolve: (write: PostgresVoteWrite) => void;
  reject: (error: unknown) => void;
}


const statsByDb = new WeakMap<Db, GroupCommitStats>();

/** Batch counts of a database handle's vote writer (undefined before one is created). */
export function postgresVoteBatchStats(db: Db): GroupCommitStats | undefined {
  return statsByDb.get(db);
}

export function createPostgresVoteWriter(db: Db) {
  const pending: PendingVote[] = [];
  const stats: GroupCommitStats = { batches: 0, votes: 0 };
  statsByDb.set(db, stats);
  /** (wish:voter) of the votes in the batches being written. */
  const busy = new Set<string>();
  let inFlight = 0;
  let scheduled = false;

  const call = async (votes: PendingVote[]): Promise<Map<number, { up: number; down: number; author: number }>> => {
    const { rows } = await sql<{ k: number; up: number; down: number; author: number }>`select k, up, down, author from wishes_vote_batch(
        ${votes.map((v) => v.wishId)}::integer[], ${votes.map((v) => v.userId)}::integer[], ${votes.map((v) => v.voteType)}::text[], ${nowIso()}::timestamptz)`.execute(db);
    return new Map(rows.map((r) => [Number(r.k), { up: Number(r.up), down: Number(r.down), author: Number(r.author) }]));
  };
  const answer = (vote: PendingVote, row: { up: number; down: number; author: number } | undefined) =>
    vote.resolve(row ? { summary: toSummary(vote.wishId, row.up, row.down, vote.voteType), authorId: row.author } : null);

  const keyOf = (vote: PendingVote) => `${vote.wishId}:${vote.userId}`;
  /**
   * The next batch: waiting votes in arrival order, at most one per (voter, wish) and none whose
   * (voter, wish) is being written or skipped already (it waits for that one), sorted by wish.
   */
  const take = (): PendingVote[] => {
    const skipped = new Set<string>();
    const batch: PendingVote[] = [];
    for (let i = 0; i < pending.length && batch.length < MAX_BATCH; ) {
      const vote = pending[i]!;
      const key = keyOf(vote);
      if (busy.has(key) || skipped.has(key)) {
        skipped.add(key);
        i++;
        continue;
      }
      busy.add(key);
      batch.push(vote);
      pending.splice(i, 1);
    }
    return batch.sort((a, b) => a.wishId - b.wishId);
  };

  const writeBatch = async (votes: PendingVote[]) => {
    try {
      const rows = await call(votes);
      stats.batches++;
      stats.votes += votes.length;
      votes.forEach((vote, i) => answer(vote, rows.get(i + 1)));
    } catch {
      // Nothing of the batch was stored (one statement): each vote again, alone.
      await Promise.all(
        votes.map(async (vote) => {
          try {
            const rows = await call([vote]);
            stats.batches++;
            stats.votes++;
            answer(vote, rows.get(1));
          } catch (error) {
            vote.reject(error);
          }
        }),
      );
    }
  };

  /** Starts batches while fewer than IN_FLIGHT are being written and votes wait. */
  const pump = () => {
    scheduled = false;
    while (inFlight < IN_FLIGHT && pending.length > 0) {
      const votes = take();
      if (votes.length === 0) return; // all waiting votes wait for ones being written
      inFlight++;
      void writeBatch(votes).finally(() => {
        inFlight--;
        for (const vote of votes) busy.delete(keyOf(vote));
        pump();
      });
    }
  };

  /** Resolves after the vote's batch committed. */
  const write = (wishId: number, userId: number, voteType: VoteType | null): Promise<PostgresVoteWrite> =>
    new Promise((resolve, reject) => {
      pending.push({ wishId, userId, voteType, resolve, reject });
      if (!scheduled && inFlight < IN_FLIGHT) {
        scheduled = true;
        // After the poll phase: every vote whose request was read in this turn joins the batch.
        setImmediate(pump);
      }
    });
  return write;
}
