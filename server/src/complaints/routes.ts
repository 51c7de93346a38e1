/** Report a wish. Visitors may report too (keyed by IP); both are rate-limited per IP. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MessageResponseSchema, MyReportsPageSchema } from '@wishes/shared/contract';
import type { AppDeps } from '../app/deps';
import { HttpError } from '../app/errors';
import { toId } from '../app/params';
import { loadOptions } from '../app/options';
import { MINUTE, byIp, rateLimiter } from '../app/ratelimit';
import { isWishVisible } from '../wishes/queries';
import { COMPLAINT_TEXT, ComplaintBodySchema } from './schemas';
import { fileComplaint } from './queries';
import { requireUser } from '../app/auth';
import { PAGE_SIZE, parseQueryPage } from '../app/params';
import { autoHideIfReported, myReports } from '../moderation/queries';
import { MODERATION_TEXT, PageQuerySchema } from '../moderation/schemas';

export default async function complaintRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = deps;

  app.post(
    '/api/complaints/submit/',
    {
      schema: { tags: ['complaints'], body: ComplaintBodySchema, response: { 200: MessageResponseSchema, 201: MessageResponseSchema } },
      preHandler: [rateLimiter(app, config.rateLimitScale, { max: 30, windowMs: 60 * MINUTE, key: byIp })],
    },
    async (request, reply) => {
      const { category } = request.body;
      const categories = loadOptions(config.optionsPath, config.siteName).options.report_topic_config;
      if (!categories.includes(category)) throw new HttpError(400, COMPLAINT_TEXT.badCategory, { fields: { category: COMPLAINT_TEXT.badCategory } });
      const wishId = typeof request.body.wish_id === 'number' ? (request.body.wish_id > 0 ? request.body.wish_id : null) : toId(request.body.wish_id);
      if (wishId === null || wishId > 2_147_483_647 || !(await isWishVisible(db, wishId, request.userId))) throw new HttpError(404, COMPLAINT_TEXT.notFound);
      const created = await fileComplaint(db, { wishId, reporterId: request.userId, reporterIp: request.ip, category });
      // Only signed-in members count toward auto-hide (a visitor can change IP at will).
      if (created && request.userId !== null) {
        const hidden = await autoHideIfReported(db, wishId, config.autoHideReports);
        // The author learns of the automatic hide (notifications never fail the report).
        if (hidden) await deps.notifications.notify({ userId: hidden.authorId, kind: 'wish_hidden', wishId, text: MODERATION_TEXT.wishHidden(hidden.reason) });
      }
      return reply.code(created ? 201 : 200).send({ message: COMPLAINT_TEXT.received });
    },
  );

  app.get(
    '/api/complaints/my/',
    {
      schema: {
        tags: ['complaints'],
        summary: "The caller's reports, newest first, with their outcome",
        description: 'status is open until a moderator acts; resolution is then hide, restore, dismiss or delete. A report of a wish its author deleted goes with the wish.',
        security: [{ bearer: [] }],
        querystring: PageQuerySchema,
        response: { 200: MyReportsPageSchema },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const userId = requireUser(request);
      const { items, page_number, next_page_number } = await myReports(db, userId, parseQueryPage(request.query.page), PAGE_SIZE);
      return { reports: items, page_number, next_page_number };
    },
  );
}
