/** Server-only schemas and texts for the vote routes. */
/** vote_type is checked in the handler so a bad value gets the contract's plain 400 message. */
export { VoteBodySchema, VotersFilterQuerySchema as VotersQuerySchema } from '@wishes/shared/contract';

export const VOTE_TEXT = {
  notFound: 'Wish not found',
  badType: 'Invalid vote type. Use "upvote" or "downvote".',
  upvoted: 'Upvoted',
  downvoted: 'Downvoted',
  removed: 'Vote removed',
} as const;
