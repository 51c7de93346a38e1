/** Save, detail, edit, delete, the feeds, a user's wishes, and search (operations tagged `wishes`): HTTP only, the rules in service.ts. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '@wishes/kit-contract/constants';
import { defineRoutes } from '../app/deps';
import { HttpError } from '../platform/errors';
import { PAGE_SIZE, parseId, parsePage } from '../platform/params';
import { requireUser } from '../platform/auth';
import { HOUR, MINUTE, byIp } from '../platform/ratelimit';
import { WISH_TEXT } from './schemas';
import type { SearchResult } from './search';
import { SearchBusyError } from './sqlite-search';
import { createWishService, wishStoreOf } from './service';

export default defineRoutes((_app, deps) => {
  const wishes = createWishService(deps, wishStoreOf(deps));
  const json = (reply: FastifyReply, body: Buffer | string) => reply.type('application/json; charset=utf-8').send(body);

  // The page comes as its JSON bytes (held per page and reader, read-model.ts bodyOf), so it is sent as it is, not serialized again.
  const feed = async (rawPage: string | undefined, viewerId: number | null, reply: FastifyReply) => json(reply, await wishes.feedPage(parsePage(rawPage), PAGE_SIZE, viewerId));
  // Signed-in only (401 for visitors): the public wishes of the people the caller follows.
  const following = async (userId: number, rawPage: string | undefined, reply: FastifyReply) => json(reply, await wishes.followingPage(userId, parsePage(rawPage), PAGE_SIZE));
  const userWishes = async (rawId: string, rawPage: string | undefined, viewerId: number | null, reply: FastifyReply) => {
    const userId = parseId(rawId, WISH_TEXT.userNotFound);
    return json(reply, await wishes.userWishesPage(userId, parsePage(rawPage), PAGE_SIZE, viewerId));
  };

  // Validation is attached, not thrown, so every bad query gets the search page's own error shape.
  const searchHandler = async (body: unknown, rawPage: string | undefined, viewerId: number | null) => {
    const page = parsePage(rawPage);
    const raw = (body as { query?: unknown } | null)?.query;
    if (typeof raw !== 'string' || !raw.trim()) throw new HttpError(400, WISH_TEXT.blankSearch, { success: false });
    if (raw.length > LIMITS.searchQueryMax) throw new HttpError(400, WISH_TEXT.longSearch, { success: false });
    const query = raw.trim();
    let found: SearchResult;
    try {
      found = await wishes.search(query, page, PAGE_SIZE, viewerId);
    } catch (error) {
      // Past its time bound or queue: the search gives up so the server stays responsive.
      if (error instanceof SearchBusyError) throw new HttpError(503, WISH_TEXT.searchBusy, { success: false }, { 'Retry-After': '2' });
      throw error;
    }
    const { wishes: listed, total } = found;
    const totalPages = Math.ceil(total / PAGE_SIZE);
    const next = page < totalPages ? page + 1 : null;
    return {
      success: true,
      wishes: listed,
      query,
      page_number: page,
      total_pages: totalPages,
      next_page_number: next,
      previous_page_number: page > 1 ? page - 1 : null,
      total_results: total,
      hasMore: next !== null,
    };
  };
  // Per address, shared by both search routes (searching is the most expensive anonymous request).
  // Each save may draw new cards and feeds every reader's caches: a member's saves are bounded (SAVES_PER_HOUR).
  const saveLimit = { max: deps.config.savesPerHour, windowMs: HOUR, key: (request: FastifyRequest) => (request.userId === null ? null : `saves:member:${request.userId}`) };
  const searchLimit = { max: deps.config.searchLimitPerMinute, windowMs: MINUTE, key: (request: FastifyRequest) => `search:${byIp(request)}` };

  return {
    saveWish: {
      rateLimit: [saveLimit],
      handler: async (request, reply) => {
        const userId = requireUser(request);
        const { text, is_public: isPublic, chat_id: chatId, card_theme: cardTheme } = request.body;
        const id = await wishes.save(userId, { text, isPublic, chatId, cardTheme });
        return reply.code(201).send({ wish_id: id });
      },
    },

    getWish: {
      handler: async (request, reply) => {
        const shown = await wishes.detail(parseId(request.params.id, WISH_TEXT.notFound), request.userId);
        return typeof shown === 'string' ? json(reply, shown) : shown;
      },
    },

    updateWish: {
      rateLimit: [saveLimit],
      handler: async (request) => {
        const userId = requireUser(request);
        const id = parseId(request.params.id, WISH_TEXT.notFound);
        const { text, is_public: isPublic, card_theme: cardTheme } = request.body;
        return wishes.update(userId, id, { text, isPublic, cardTheme });
      },
    },

    deleteWish: {
      handler: async (request) => {
        const userId = requireUser(request);
        return { message: await wishes.remove(userId, parseId(request.params.id, WISH_TEXT.notFound)) };
      },
    },

    getFeed: { handler: async (request, reply) => feed(undefined, request.userId, reply) },
    getFeedPage: { handler: async (request, reply) => feed(request.params.page, request.userId, reply) },
    getFollowingFeed: { handler: async (request, reply) => following(requireUser(request), undefined, reply) },
    getFollowingFeedPage: { handler: async (request, reply) => following(requireUser(request), request.params.page, reply) },
    getUserWishes: { handler: async (request, reply) => userWishes(request.params.id, undefined, request.userId, reply) },
    getUserWishesPage: { handler: async (request, reply) => userWishes(request.params.id, request.params.page, request.userId, reply) },
    search: { rateLimit: [searchLimit], handler: async (request) => searchHandler(request.body, undefined, request.userId) },
    searchPage: { rateLimit: [searchLimit], handler: async (request) => searchHandler(request.body, request.params.page, request.userId) },
  };
});
