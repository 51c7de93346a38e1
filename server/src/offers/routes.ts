/** Business offers: signed-in users only. */
import { isValidOfferEmail } from '@wishes/kit-contract/validation';
import { defineRoutes } from '../app/deps';
import { HttpError } from '../platform/errors';
import { requireUser } from '../platform/auth';
import { OFFER_TEXT } from './schemas';
import { insertOffer } from './queries';

export default defineRoutes((_app, deps) => ({
  submitOffer: {
    handler: async (request, reply) => {
      const userId = requireUser(request);
      const email = request.body.email.trim();
      const message = request.body.message.trim();
      if (!isValidOfferEmail(email)) throw new HttpError(400, OFFER_TEXT.badEmail, { fields: { email: OFFER_TEXT.badEmail } });
      if (!message) throw new HttpError(400, OFFER_TEXT.emptyMessage, { fields: { message: OFFER_TEXT.emptyMessage } });
      await insertOffer(deps.db, { userId, email, message });
      return reply.code(201).send({ message: OFFER_TEXT.received });
    },
  },
}));
