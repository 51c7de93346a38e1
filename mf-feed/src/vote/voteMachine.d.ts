import type { VoteSummary, VoteType, Wish } from '@wishes/kit-contract';
import type { WishUpdate } from '@wishes/kit-client';
/** docs/product.md#4-states: pressing the vote the user already has removes it; any other press casts that vote. */
export type VoteAction = {
    kind: 'cast';
    voteType: VoteType;
} | {
    kind: 'remove';
};
export declare function nextVoteAction(current: VoteType | null, pressed: VoteType): VoteAction;
export declare const VOTE_TEXTS: {
    readonly signIn: "Please sign in to vote";
    readonly upvoted: "Upvoted";
    readonly downvoted: "Downvoted";
    readonly removed: "Vote removed";
    readonly upvoteFailed: "Failed to upvote. Please try again.";
    readonly downvoteFailed: "Failed to downvote. Please try again.";
    readonly removeFailed: "Failed to remove vote. Please try again.";
};
export declare function successText(action: VoteAction): string;
export declare function failureText(action: VoteAction): string;
/** The server's counts and vote_type replace the local ones (never computed locally). */
export declare function applyVoteSummary(wish: Wish, summary: VoteSummary): Wish;
/** The same summary as a change to every cached copy of the wish (`updateCachedWish`). */
export declare function voteUpdate(summary: VoteSummary): WishUpdate;
