/** Save, detail, feed, a user's wishes, and search. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  FeedPageSchema,
  IdParamSchema,
  SaveWishRequestSchema,
  SaveWishResponseSchema,
  SearchPageSchema,
  WishDetailResponseSchema,
} from '@wishes/shared/contract';
import { LIMITS } from '@wishes/shared/constants';
import type { AppDeps } from '../app/deps';
import { HttpError } from '../app/errors';
import { PAGE_SIZE, parseId, parsePage } from '../app/params';
import { requireUser } from '../app/auth';
import { PageParamsSchema, UserPageParamsSchema, WISH_TEXT } from './schemas';
import * as q from './queries';

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
      const id = await q.insertWish(db, userId, text, request.body.is_public ?? true);
      return reply.code(201).send({ wish_id: id });
    },
  );

  app.get('/api/base/wish/:id/', { schema: { tags: ['wishes'], params: IdParamSchema, response: { 200: WishDetailResponseSchema } } }, async (request) => {
    const id = parseId(request.params.id, WISH_TEXT.notFound);
    const wish = await q.getVisibleWish(db, id, request.userId);
    if (!wish) throw new HttpError(404, WISH_TEXT.notFound);
    return { wish };
  });

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
    const { wishes, total } = await q.searchWishes(db, dialect, query, page, PAGE_SIZE, viewerId);
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
  app.post('/api/base/search/', { schema: searchSchema }, async (request) => searchHandler(request.body, undefined, request.userId));
  app.post('/api/base/search/:page/', { schema: { ...searchSchema, params: PageParamsSchema } }, async (request) =>
    searchHandler(request.body, request.params.page, request.userId),
  );
}
