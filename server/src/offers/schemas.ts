/** Texts of the offer route (the email message is the spec's, shared with the client). */
import { MESSAGES } from '@wishes/kit-contract/validation';

export const OFFER_TEXT = {
  received: 'Offer received successfully',
  badEmail: MESSAGES.offerEmailInvalid,
  emptyMessage: 'Please enter a message.',
} as const;
