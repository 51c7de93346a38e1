/** Save, detail, edit, delete, the feeds, a user's wishes, and search (operations tagged `wishes`). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '@wishes/kit-contract/constants';
import { defineRoutes } from '../app/deps';
import { HttpError } from '../platform/errors';
import { PAGE_SIZE, parseId, parsePage } from '../platform/params';
import { requireUser } from '../platform/auth';
import { WISH_TEXT } from './schemas';
import * as q from './queries';
import { feedPageBytes, followingFeedPageBody, userWishesPageBody } from './feeds';
import { heldWishOf, renderWish } from './read-model';
import { searchWishes, type SearchResult } from './search';
import { SearchBusyError } from './sqlite-search';
import { HOUR, MINUTE, byIp } from '../platform/ratelimit';
import { isModerator, writeLog } from '../moderation/queries';
import { attachToWish, findOwnChat } from '../chats/queries';
import { CHAT_TEXT } from '../chats/service';
import { chosenTheme } from '../previews/service';
import { themeStyle } from '../previews/card-themes';

export default defineRoutes((_app, deps) => {
  const { db, dialect, readModel } = deps;

  // The page comes as its JSON bytes (held per page and reader, read-model.ts bodyOf), so it is sent as it is, not serialized again.
  const feed = async (rawPage: string | undefined, viewerId: number | null, reply: FastifyReply) =>
    reply.type('application/json; charset=utf-8').send(await feedPageBytes(readModel, parsePage(rawPage), PAGE_SIZE, viewerId));
  // Signed-in only (401 for visitors): the public wishes of the people the caller follows.
  const following = async (userId: number, rawPage: string | undefined, reply: FastifyReply) =>
    reply.type('application/json; charset=utf-8').send(await followingFeedPageBody(readModel, dialect, userId, parsePage(rawPage), PAGE_SIZE));
  const userWishes = async (rawId: string, rawPage: string | undefined, viewerId: number | null, reply: FastifyReply) => {
    const userId = parseId(rawId, WISH_TEXT.userNotFound);
    const page = parsePage(rawPage);
    if (!(await q.userExists(db, userId))) throw new HttpError(404, WISH_TEXT.userNotFound);
    return reply.type('application/json; charset=utf-8').send(await userWishesPageBody(readModel, userId, page, PAGE_SIZE, viewerId));
  };
  /**
   * A listed wish (public, not hidden: the same for every reader but for their vote) with its card
   * theme, from the read model; null when it is not listed (private or hidden: read fresh, by rule).
   */
  const listedWish = (id: number) => {
    const model = readModel;
    if (!model.enabled) return Promise.resolve(null);
    return model.cached(
      model.wishes,
      id,
      async () => {
        const wish = await q.getVisibleWish(db, id, null);
        return wish ? heldWishOf(wish, themeStyle(await q.cardThemeOf(db, id)).name) : null;
      },
      (held) => held !== null,
    );
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
      found = await searchWishes(readModel, dialect, query, page, PAGE_SIZE, viewerId, { bounds: { timeoutMs: deps.config.searchTimeoutMs } });
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
  // Per address, shared by both search routes (searching is the most expensive anonymous request).
  // Each save may draw new cards and feeds every reader's caches: a member's saves are bounded (SAVES_PER_HOUR).
  const saveLimit = { max: deps.config.savesPerHour, windowMs: HOUR, key: (request: FastifyRequest) => (request.userId === null ? null : `saves:member:${request.userId}`) };
  const searchLimit = { max: deps.config.searchLimitPerMinute, windowMs: MINUTE, key: (request: FastifyRequest) => `search:${byIp(request)}` };

  return {
    saveWish: {
      rateLimit: [saveLimit],
      handler: async (request, reply) => {
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
        const theme = request.body.card_theme ? chosenTheme(request.body.card_theme, null) : null;
        const id = await q.insertWish(db, userId, text, request.body.is_public ?? true);
        if (theme) await q.setCardTheme(db, id, theme);
        await deps.events.emit({ kind: 'wish.saved', wishId: id, authorId: userId });
        if (chatId !== undefined && !(await attachToWish(db, chatId, id))) {
          // Another save took the chat in the meantime: this one is undone.
          await q.deleteWish(db, id);
          await deps.events.emit({ kind: 'wish.deleted', wishId: id });
          throw new HttpError(409, CHAT_TEXT.alreadyKept);
        }
        return reply.code(201).send({ wish_id: id });
      },
    },

    getWish: {
      handler: async (request, reply) => {
        const id = parseId(request.params.id, WISH_TEXT.notFound);
        const viewerId = request.userId;
        const held = await listedWish(id);
        let withTheme;
        if (held) {
          const vote = viewerId === null ? null : ((await readModel.votesOf(viewerId, [id])).get(id) ?? null);
          // Anyone but the author: the held JSON as it is, with their vote spliced in.
          if (held.wish.user_id !== viewerId) return reply.type('application/json; charset=utf-8').send(renderWish(held, vote));
          withTheme = { ...held.wish, vote_type: vote, card_theme: held.theme };
        } else {
          const wish = await q.getVisibleWish(db, id, viewerId);
          if (!wish) throw new HttpError(404, WISH_TEXT.notFound);
          withTheme = { ...wish, card_theme: themeStyle(await q.cardThemeOf(db, id)).name };
        }
        const wish = withTheme;
        // The author learns whether a chat goes with it, so the page asks for one only when it exists.
        if (request.userId !== null && wish.user_id === request.userId) return { wish: { ...withTheme, chat_id: await q.chatIdOfWish(db, id, request.userId) } };
        return { wish: withTheme };
      },
    },

    updateWish: {
      rateLimit: [saveLimit],
      handler: async (request) => {
        const userId = requireUser(request);
        const id = parseId(request.params.id, WISH_TEXT.notFound);
        const { text: rawText, is_public: isPublic, card_theme: rawTheme } = request.body;
        if (rawText === undefined && isPublic === undefined && rawTheme === undefined) throw new HttpError(400, WISH_TEXT.noChange);
        const theme = rawTheme === undefined ? undefined : chosenTheme(rawTheme, null);
        const text = rawText?.trim();
        if (text !== undefined && !text) throw new HttpError(400, WISH_TEXT.emptyText, { fields: { text: WISH_TEXT.emptyText } });
        const found = await q.findVisibleWishOwner(db, id, userId);
        if (!found) throw new HttpError(404, WISH_TEXT.notFound);
        if (found.user_id !== userId) throw new HttpError(403, WISH_TEXT.notYoursToChange);
        if (text !== undefined || isPublic !== undefined) await q.updateWish(db, id, { text, isPublic });
        if (theme) await q.setCardTheme(db, id, theme);
        const fields = [...(text !== undefined ? (['text'] as const) : []), ...(theme ? (['card_theme'] as const) : [])];
        if (fields.length > 0) await deps.events.emit({ kind: 'wish.edited', wishId: id, fields });
        if (isPublic !== undefined) await deps.events.emit({ kind: 'wish.visibility-changed', wishId: id, isPublic });
        const wish = await q.getVisibleWish(db, id, userId);
        if (!wish) throw new HttpError(404, WISH_TEXT.notFound);
        return { wish: { ...wish, card_theme: themeStyle(await q.cardThemeOf(db, id)).name } };
      },
    },

    deleteWish: {
      handler: async (request) => {
        const userId = requireUser(request);
        const id = parseId(request.params.id, WISH_TEXT.notFound);
        const found = await q.findVisibleWishOwner(db, id, userId);
        if (!found) throw new HttpError(404, WISH_TEXT.notFound);
        if (found.user_id !== userId) {
          if (!(await isModerator(db, userId))) throw new HttpError(403, WISH_TEXT.notYoursToDelete);
          await writeLog(db, { actorId: userId, action: 'delete', targetType: 'wish', targetId: id, reason: WISH_TEXT.moderatorDeleteReason });
        }
        await q.deleteWish(db, id);
        await deps.events.emit({ kind: 'wish.deleted', wishId: id });
        return { message: WISH_TEXT.deleted };
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
