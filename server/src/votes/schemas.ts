/** Server-only schemas and texts for the vote routes. */
import { Type } from '@sinclair/typebox';
import { VOTERS_PAGE_MAX_LIMIT } from '@wishes/shared/contract';

export const parseVotersLimit = (text: string | undefined): number | null => {
  if (text === undefined) return VOTERS_PAGE_MAX_LIMIT;
  if (!/^[0-9]{1,4}$/.test(text)) return null;
  const limit = Number(text);
  return limit >= 1 && limit <= VOTERS_PAGE_MAX_LIMIT ? limit : null;
};

/** vote_type is checked in the handler so a bad value gets the contract's plain 400 message. */
export const VoteBodySchema = Type.Object({ vote_type: Type.Optional(Type.Unknown()) });
export const VotersQuerySchema = Type.Object({
  vote_type: Type.Optional(Type.String()),
  // Query strings are not coerced in this app: the handler reads the digits (badLimit otherwise).
  limit: Type.Optional(Type.String({ maxLength: 12 })),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});

export const VOTE_TEXT = {
  notFound: 'Wish not found',
  badType: 'Invalid vote type. Use "upvote" or "downvote".',
  upvoted: 'Upvoted',
  downvoted: 'Downvoted',
  removed: 'Vote removed',
  badLimit: `Invalid limit. Use a whole number from 1 to ${VOTERS_PAGE_MAX_LIMIT}.`,
  badCursor: 'Invalid cursor. Use the next_cursor of the previous page.',
} as const;
