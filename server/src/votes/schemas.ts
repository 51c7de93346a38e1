/** Server-only texts of the vote routes (their schemas are in the operation table, @wishes/shared/contract). */

export const VOTE_TEXT = {
  notFound: 'Wish not found',
  badType: 'Invalid vote type. Use "upvote" or "downvote".',
  upvoted: 'Upvoted',
  downvoted: 'Downvoted',
  removed: 'Vote removed',
} as const;
