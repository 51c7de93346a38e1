/**
 * Votes, the rules between HTTP (routes.ts) and the database (store.ts): a vote is stored, the
 * author's notification follows, and `vote.changed` is emitted once the write committed, so
 * before the voter is answered the read model has dropped the pages showing the wish and holds
 * the voter's own vote, in this process and (over Redis) in every other.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { VoteSummary, VoteType } from '@wishes/kit-contract/api';
import type { AppDeps } from '../app/deps';
import type { VoteStore } from './store';
import { createSqliteVoteStore } from './sqlite-store';
import { createPostgresVoteStore } from './postgres-store';

export interface VoteService {
  /** Casts or removes (null) the member's vote; the wish's counters and the member's vote, or null when the member may not see the wish. */
  change(wishId: number, userId: number, vote: VoteType | null): Promise<VoteSummary | null>;
}

/** The store of the app's database. */
export function voteStoreOf(deps: Pick<AppDeps, 'db' | 'dialect'>, log: Pick<FastifyBaseLogger, 'error'>): VoteStore {
  return deps.dialect === 'postgres'
    ? createPostgresVoteStore(deps.db)
    : createSqliteVoteStore(deps.db, (error) => log.error({ err: error }, 'notification (vote) not recorded'));
}

export function createVoteService(deps: Pick<AppDeps, 'events' | 'notifications'>, store: VoteStore, log: Pick<FastifyBaseLogger, 'error'>): VoteService {
  return {
    async change(wishId, userId, vote) {
      const stored = await store.change(wishId, userId, vote);
      if (!stored) return null;
      if (stored.notified) {
        // Written with the vote: only the author's streams are left to tell.
        const { userId: authorId } = stored.notified;
        if (authorId != null) await deps.notifications.bus.publish(authorId).catch((error: unknown) => log.error({ err: error }, 'notification (vote) not published'));
      } else {
        // Queued, written after the answer (notifications/queue.ts), which then tells the author's streams.
        await deps.notifications.voteChanged(wishId, userId, vote, stored.authorId);
      }
      // Before the answer: the read model's subscriber drops the pages showing this wish and sets the voter's own index, in every process.
      await deps.events.emit({ kind: 'vote.changed', wishId, userId, vote });
      return stored.summary;
    },
  };
}
