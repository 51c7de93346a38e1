/**
 * The vote store on PostgreSQL: the group-commit writer (postgres-vote-writer.ts: one call of
 * `wishes_vote_batch` per batch); the author's notification is left to the notifier, with the
 * author the batch read.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { VoteStore } from './store';
import { createPostgresVoteWriter } from './postgres-vote-writer';

export function createPostgresVoteStore(db: Kysely<Database>): VoteStore {
  const write = createPostgresVoteWriter(db);
  return {
    async change(wishId, userId, vote) {
      const written = await write(wishId, userId, vote);
      return written && { summary: written.summary, authorId: written.authorId };
    },
  };
}
