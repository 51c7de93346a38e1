/** Server-only schemas and texts for the vote routes. */
import { Type } from '@sinclair/typebox';

/** vote_type is checked in the handler so a bad value gets the contract's plain 400 message. */
export const VoteBodySchema = Type.Object({ vote_type: Type.Optional(Type.Unknown()) });
export const VotersQuerySchema = Type.Object({ vote_type: Type.Optional(Type.String()) });

export const VOTE_TEXT = {
  notFound: 'Wish not found',
  badType: 'Invalid vote type. Use "upvote" or "downvote".',
  upvoted: 'Upvoted',
  downvoted: 'Downvoted',
  removed: 'Vote removed',
} as const;
