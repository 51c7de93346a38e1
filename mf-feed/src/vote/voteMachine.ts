import type { VoteSummary, VoteType, Wish } from '@wishes/kit-contract';
import type { WishUpdate } from '@wishes/kit-client';

/** docs/product.md#4-states: pressing the vote the user already has removes it; any other press casts that vote. */
export type VoteAction = { kind: 'cast'; voteType: VoteType } | { kind: 'remove' };

export function nextVoteAction(current: VoteType | null, pressed: VoteType): VoteAction {
  return current === pressed ? { kind: 'remove' } : { kind: 'cast', voteType: pressed };
}

export const VOTE_TEXTS = {
  signIn: 'Please sign in to vote',
  upvoted: 'Upvoted',
  downvoted: 'Downvoted',
  removed: 'Vote removed',
  upvoteFailed: 'Failed to upvote. Please try again.',
  downvoteFailed: 'Failed to downvote. Please try again.',
  removeFailed: 'Failed to remove vote. Please try again.',
} as const;

export function successText(action: VoteAction): string {
  if (action.kind === 'remove') return VOTE_TEXTS.removed;
  return action.voteType === 'upvote' ? VOTE_TEXTS.upvoted : VOTE_TEXTS.downvoted;
}

export function failureText(action: VoteAction): string {
  if (action.kind === 'remove') return VOTE_TEXTS.removeFailed;
  return action.voteType === 'upvote' ? VOTE_TEXTS.upvoteFailed : VOTE_TEXTS.downvoteFailed;
}

/** The server's counts and vote_type replace the local ones (never computed locally). */
export function applyVoteSummary(wish: Wish, summary: VoteSummary): Wish {
  return {
    ...wish,
    vote_count: summary.vote_count,
    upvote_count: summary.upvote_count,
    downvote_count: summary.downvote_count,
    vote_type: summary.vote_type ?? null,
  };
}

/** The same summary as a change to every cached copy of the wish (`updateCachedWish`). */
export function voteUpdate(summary: VoteSummary): WishUpdate {
  return { id: summary.id, vote_count: summary.vote_count, upvote_count: summary.upvote_count, downvote_count: summary.downvote_count, vote_type: summary.vote_type ?? null };
}
