/** Server-only texts of the complaint routes (their schemas are in the operation table, @wishes/kit-contract/api). */
export const COMPLAINT_TEXT = {
  received: 'Complaint received',
  badCategory: 'Please choose one of the listed report reasons.',
  notFound: 'Wish not found',
  replyNotFound: 'Reply not found',
  noTarget: 'Say which wish (wish_id) or reply (reply_id) you are reporting.',
} as const;
