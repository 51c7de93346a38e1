/**
 * The vote store on SQLite: the group-commit writer (sqlite-vote-writer.ts: one synchronous
 * transaction per batch, the author's notification written in it). It is the only way a request's
 * vote is written on SQLite: inside a Kysely transaction it waits for the connection.
 */
import type { Kysely } from 'kysely';
import { sqliteHandleOf } from '../db/connect';
import type { Database } from '../db/types';
import type { VoteStore } from './store';
import { createSqliteVoteWriter } from './sqlite-vote-writer';

export function createSqliteVoteStore(db: Kysely<Database>, onNotificationError: (error: unknown) => void): VoteStore {
  const raw = sqliteHandleOf(db);
  if (!raw) throw new Error('The SQLite vote store needs the better-sqlite3 connection under Kysely.');
  const write = createSqliteVoteWriter(raw, (run) => db.connection().execute(async () => run()), onNotificationError);
  return {
    async change(wishId, userId, vote) {
      const written = await write(wishId, userId, vote);
      return written && { summary: written.summary, notified: { userId: written.notifyUserId } };
    },
  };
}
