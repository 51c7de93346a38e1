/** Save, detail, feed, a user's wishes, and search. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  FeedPageSchema,
  IdParamSchema,
  SaveWishRequestSchema,
  SaveWishResponseSchema,
  MessageResponseSchema,
  SearchPageSchema,
  UpdateWishRequestSchema,
  UpdateWishResponseSchema,
  WishDetailResponseSchema,
} from '@wishes/shared/contract';
import { LIMITS } from '@wishes/shared/constants';
import type { AppDeps } from '../app/deps';
import { HttpError } from '../app/errors';
import { PAGE_SIZE, parseId, parsePage } from '../app/params';
import { requireUser } from '../app/auth';
import { PageParamsSchema, UserPageParamsSchema, WISH_TEXT } from './schemas';
import * as q from './queries';
import { SearchBusyError } from './sqlite-search';
import { MINUTE, byIp, rateLimiter } from '../app/ratelimit';
import { isModerator, writeLog } from '../moderation/queries';
import { attachToWish, findOwnChat } from '../chats/queries';
import { CHAT_TEXT } from '../chats/routes';

export default async function wishRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, dialect } = deps;

  app.post(
    '/api/base/save_wish/',
    {
      schema: { tags: ['wishes'], security: [{ bearer: [] }], body: SaveWishRequestSchema, response: { 201: SaveWishResponseSchema } },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const userId = requireUser(request);
      const text = request.body.text.trim();
      if (!text) throw new HttpError(400, WISH_TEXT.emptyText, { fields: { text: WISH_TEXT.emptyText } });
      const chatId = request.body.chat_id;
      // The chat must be the caller's own and not yet kept with a wish; otherwise nothing is saved.
      if (chatId !== undefined) {
        const chat = await findOwnChat(db, chatId, userId);
        if (!chat) throw new HttpError(404, CHAT_TEXT.notFound);
        if (chat.wish_id !== null) throw new HttpError(409, CHAT_TEXT.alreadyKept);
      }
      const id = await q.insertWish(db, userId, text, request.body.is_public ?? true);
      if (chatId !== undefined && !(await attachToWish(db, chatId, id))) {
        // Another save took the chat in the meantime: this one is undone.
        await q.deleteWish(db, id);
        throw new HttpError(409, CHAT_TEXT.alreadyKept);
      }
      return reply.code(201).send({ wish_id: id });
    },
  );

  app.get('/api/base/wish/:id/', { schema: { tags: ['wishes'], params: IdParamSchema, response: { 200: WishDetailResponseSchema } } }, async (request) => {
    const id = parseId(request.params.id, WISH_TEXT.notFound);
    const wish = await q.getVisibleWish(db, id, request.userId);
    if (!wish) throw new HttpError(404, WISH_TEXT.notFound);
    return { wish };
  });

  app.patch(
    '/api/base/wish/:id/',
    {
      schema: {
        tags: ['wishes'],
        summary: 'Edit your own wish (text and/or is_public)',
        description: 'Author only. A changed text sets edited_at; is_public false removes the wish from the feed, search and others\' lists at once. 403 when the caller can see the wish but did not write it; 404 when they cannot see it.',
        security: [{ bearer: [] }],
        params: IdParamSchema,
        body: UpdateWishRequestSchema,
        response: { 200: UpdateWishResponseSchema },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const userId = requireUser(request);
      const id = parseId(request.params.id, WISH_TEXT.notFound);
      const { text: rawText, is_public: isPublic } = request.body;
      if (rawText === undefined && isPublic === undefined) throw new HttpError(400, WISH_TEXT.noChange);
      const text = rawText?.trim();
      if (text !== undefined && !text) throw new HttpError(400, WISH_TEXT.emptyText, { fields: { text: WISH_TEXT.emptyText } });
      const found = await q.findVisibleWishOwner(db, id, userId);
      if (!found) throw new HttpError(404, WISH_TEXT.notFound);
      if (found.user_id !== userId) throw new HttpError(403, WISH_TEXT.notYoursToChange);
      await q.updateWish(db, id, { text, isPublic });
      const wish = await q.getVisibleWish(db, id, userId);
      if (!wish) throw new HttpError(404, WISH_TEXT.notFound);
      return { wish };
    },
  );

  app.delete(
    '/api/base/wish/:id/',
    {
      schema: {
        tags: ['wishes'],
        summary: 'Delete a wish (its author, a moderator or an admin)',
        description: 'Its votes and reports go with it; it is 404 everywhere afterwards and every count follows. A moderator deleting someone else\'s wish is written to the moderation log.',
        security: [{ bearer: [] }],
        params: IdParamSchema,
        response: { 200: MessageResponseSchema },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const userId = requireUser(request);
      const id = parseId(request.params.id, WISH_TEXT.notFound);
      const found = await q.findVisibleWishOwner(db, id, userId);
      if (!found) throw new HttpError(404, WISH_TEXT.notFound);
      if (found.user_id !== userId) {
        if (!(await isModerator(db, userId))) throw new HttpError(403, WISH_TEXT.notYoursToDelete);
        await writeLog(db, { actorId: userId, action: 'delete', targetType: 'wish', targetId: id, reason: WISH_TEXT.moderatorDeleteReason });
      }
      await q.deleteWish(db, id);
      return { message: WISH_TEXT.deleted };
    },
  );

  const feed = async (rawPage: string | undefined, viewerId: number | null) => q.feedPage(db, parsePage(rawPage), PAGE_SIZE, viewerId);
  app.get('/api/base/feed/', { schema: { tags: ['wishes'], response: { 200: FeedPageSchema } } }, async (request) => feed(undefined, request.userId));
  app.get('/api/base/feed/:page/', { schema: { tags: ['wishes'], params: PageParamsSchema, response: { 200: FeedPageSchema } } }, async (request) =>
    feed(request.params.page, request.userId),
  );

  // Signed-in only (401 for visitors): the public wishes of the people the caller follows.
  const following = async (request: FastifyRequest, rawPage: string | undefined) =>
    q.followingFeedPage(db, dialect, requireUser(request), parsePage(rawPage), PAGE_SIZE);
  const followingSchema = { tags: ['wishes'], security: [{ bearer: [] }], response: { 200: FeedPageSchema } };
  app.get('/api/base/feed/following/', { schema: followingSchema, preHandler: app.authenticate }, async (request) => following(request, undefined));
  app.get('/api/base/feed/following/:page/', { schema: { ...followingSchema, params: PageParamsSchema }, preHandler: app.authenticate }, async (request) =>
    following(request, request.params.page),
  );

  const userWishes = async (rawId: string, rawPage: string | undefined, viewerId: number | null) => {
    const userId = parseId(rawId, WISH_TEXT.userNotFound);
    const page = parsePage(rawPage);
    if (!(await q.userExists(db, userId))) throw new HttpError(404, WISH_TEXT.userNotFound);
    return q.userWishesPage(db, userId, page, PAGE_SIZE, viewerId);
  };
  app.get('/api/base/user/:id/wishes/', { schema: { tags: ['wishes'], params: IdParamSchema, response: { 200: FeedPageSchema } } }, async (request) =>
    userWishes(request.params.id, undefined, request.userId),
  );
  app.get('/api/base/user/:id/wishes/:page/', { schema: { tags: ['wishes'], params: UserPageParamsSchema, response: { 200: FeedPageSchema } } }, async (request) =>
    userWishes(request.params.id, request.params.page, request.userId),
  );

  // Validation is attached, not thrown, so every bad query gets the search page's own error shape.
  const searchHandler = async (body: unknown, rawPage: string | undefined, viewerId: number | null) => {
    const page = parsePage(rawPage);
    const raw = (body as { query?: unknown } | null)?.query;
    if (typeof raw !== 'string' || !raw.trim()) throw new HttpError(400, WISH_TEXT.blankSearch, { success: false });
    if (raw.length > LIMITS.searchQueryMax) throw new HttpError(400, WISH_TEXT.longSearch, { success: false });
    const query = raw.trim();
    let found: q.SearchResult;
    try {
      found = await q.searchWishes(db, dialect, query, page, PAGE_SIZE, viewerId, { bounds: { timeoutMs: deps.config.searchTimeoutMs } });
    } catch (error) {
      // Past its time bound or queue: the search gives up so the server stays responsive.
      if (error instanceof SearchBusyError) throw new HttpError(503, WISH_TEXT.searchBusy, { success: false }, { 'Retry-After': '2' });
      throw error;
    }
    const { wishes, total } = found;
    const totalPages = Math.ceil(total / PAGE_SIZE);
    const next = page < totalPages ? page + 1 : null;
    return {
      success: true,
      wishes,
      query,
      page_number: page,
      total_pages: totalPages,
      next_page_number: next,
      previous_page_number: page > 1 ? page - 1 : null,
      total_results: total,
      hasMore: next !== null,
    };
  };
  const searchSchema = { tags: ['wishes'], body: Type.Object({ query: Type.Optional(Type.Unknown()) }), response: { 200: SearchPageSchema } };
  // Per address, shared by both search routes (searching is the most expensive anonymous request).
  const searchLimit = rateLimiter(app, deps.config.rateLimitScale, { max: deps.config.searchLimitPerMinute, windowMs: MINUTE, key: (request) => `search:${byIp(request)}` });
  app.post('/api/base/search/', { schema: searchSchema, preHandler: searchLimit }, async (request) => searchHandler(request.body, undefined, request.userId));
  app.post('/api/base/search/:page/', { schema: { ...searchSchema, params: PageParamsSchema }, preHandler: searchLimit }, async (request) =>
    searchHandler(request.body, request.params.page, request.userId),
  );
}
