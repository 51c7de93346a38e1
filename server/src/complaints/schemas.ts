/** Server-only schema and texts of the complaint route. */
import { Type } from '@sinclair/typebox';

/** wish_id is checked in the handler so that a non-numeric id is the same 404 as a missing wish. */
export const ComplaintBodySchema = Type.Object({ category: Type.String({ maxLength: 200 }), wish_id: Type.Union([Type.Integer(), Type.String({ maxLength: 20 })]) });

export const COMPLAINT_TEXT = {
  received: 'Complaint received',
  badCategory: 'Please choose one of the listed report reasons.',
  notFound: 'Wish not found',
} as const;
