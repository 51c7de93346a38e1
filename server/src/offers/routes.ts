/** Business offers: signed-in users only. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MessageResponseSchema, OfferRequestSchema } from '@wishes/shared/contract';
import { isValidOfferEmail } from '@wishes/shared/validation';
import type { AppDeps } from '../app/deps';
import { HttpError } from '../app/errors';
import { requireUser } from '../app/auth';
import { OFFER_TEXT } from './schemas';
import { insertOffer } from './queries';

export default async function offerRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/offer/submit/',
    { schema: { tags: ['offers'], security: [{ bearer: [] }], body: OfferRequestSchema, response: { 201: MessageResponseSchema } }, preHandler: app.authenticate },
    async (request, reply) => {
      const userId = requireUser(request);
      const email = request.body.email.trim();
      const message = request.body.message.trim();
      if (!isValidOfferEmail(email)) throw new HttpError(400, OFFER_TEXT.badEmail, { fields: { email: OFFER_TEXT.badEmail } });
      if (!message) throw new HttpError(400, OFFER_TEXT.emptyMessage, { fields: { message: OFFER_TEXT.emptyMessage } });
      await insertOffer(deps.db, { userId, email, message });
      return reply.code(201).send({ message: OFFER_TEXT.received });
    },
  );
}
