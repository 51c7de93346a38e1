/** Server-only texts and helpers of the vote routes (their schemas are in the operation table, @wishes/kit-contract/api). */
import { VOTERS_PAGE_MAX_LIMIT } from '@wishes/kit-contract/api';

/** `?limit=` of the voters call: digits 1..VOTERS_PAGE_MAX_LIMIT (default the maximum), else null (a 400). */
export const parseVotersLimit = (text: string | undefined): number | null => {
  if (text === undefined) return VOTERS_PAGE_MAX_LIMIT;
  if (!/^[0-9]{1,4}$/.test(text)) return null;
  const limit = Number(text);
  return limit >= 1 && limit <= VOTERS_PAGE_MAX_LIMIT ? limit : null;
};

export const VOTE_TEXT = {
  notFound: 'Wish not found',
  badType: 'Invalid vote type. Use "upvote" or "downvote".',
  upvoted: 'Upvoted',
  downvoted: 'Downvoted',
  removed: 'Vote removed',
  badLimit: `Invalid limit. Use a whole number from 1 to ${VOTERS_PAGE_MAX_LIMIT}.`,
  badCursor: 'Invalid cursor. Use the next_cursor of the previous page.',
} as const;
