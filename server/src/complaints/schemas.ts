/** Server-only schema and texts of the complaint route. */

/** wish_id: a number or a string of digits (anything else is a 400); an id of no visible wish is a 404. */
export { ComplaintBodySchema } from '@wishes/shared/contract';

export const COMPLAINT_TEXT = {
  received: 'Complaint received',
  badCategory: 'Please choose one of the listed report reasons.',
  notFound: 'Wish not found',
} as const;
