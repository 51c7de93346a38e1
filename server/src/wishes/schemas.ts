/** Server-only texts of the wish routes (their schemas are in the operation table, @wishes/kit-contract/api). */

export const WISH_TEXT = {
  notFound: 'Wish not found',
  userNotFound: 'User not found',
  emptyText: 'Wish text cannot be empty.',
  noChange: 'Send text or is_public to change.',
  notYoursToChange: 'You can only change your own wishes.',
  notYoursToDelete: 'You can only delete your own wishes.',
  deleted: 'Wish deleted',
  moderatorDeleteReason: 'Deleted by a moderator from the wish page.',
  blankSearch: 'Please enter a search term.',
  longSearch: 'Search term is too long (200 characters at most).',
  searchBusy: 'Search is busy right now. Please try again in a moment.',
} as const;
