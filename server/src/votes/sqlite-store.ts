/**
 * The vote store on SQLite: the group-commit writer (sqlite-vote-writer.ts: one synchronous
 * transaction per batch, the author's notification written in it), and the Kysely path of
 * queries.ts when the connection is inside a Kysely transaction at the moment of the write.
 */
import type { Kysely } from 'kysely';
import { sqliteHandleOf } from '../db/connect';
import type { Database } from '../db/types';
import * as q from './queries';
import type { VoteStore } from './store';
import { createSqliteVoteWriter } from './sqlite-vote-writer';

export function createSqliteVoteStore(db: Kysely<Database>, onNotificationError: (error: unknown) => void): VoteStore {
  const raw = sqliteHandleOf(db);
  const fast = raw ? createSqliteVoteWriter(raw, onNotificationError) : null;
  return {
    async change(wishId, userId, vote) {
      const written = await fast?.(wishId, userId, vote);
      if (written !== undefined) return written && { summary: written.summary, notified: { userId: written.notifyUserId } };
      const summary = vote === null ? await q.removeVote(db, 'sqlite', wishId, userId) : await q.castVote(db, 'sqlite', wishId, userId, vote);
      return summary && { summary };
    },
  };
}
