/**
 * Where votes are written: one interface, an implementation per database beside it
 * (sqlite-store.ts, postgres-store.ts). Each keeps its measured fast path inside (the group-commit
 * writers sqlite-vote-writer.ts and postgres-vote-writer.ts), so the service (service.ts) neither
 * knows the database nor how a batch is committed.
 */
import type { VoteSummary, VoteType } from '@wishes/kit-contract/api';

/**
 * A vote stored (its transaction committed): the wish's counters and the voter's vote as the
 * voter now sees them, and how the author's notification stands: `notified` when the store wrote it
 * in the same transaction (the member whose notifications changed, to tell their streams; null:
 * nothing changed), else `authorId` when known, for the notifier to write it after the answer.
 */
export type StoredVote = { summary: VoteSummary; notified?: { userId: number | null }; authorId?: number };

export interface VoteStore {
  /** Casts (`upvote`/`downvote`: a repeat keeps one vote, the other type switches it) or removes (null) a vote; null when the voter may not see the wish. */
  change(wishId: number, userId: number, vote: VoteType | null): Promise<StoredVote | null>;
}
