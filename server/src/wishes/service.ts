/**
 * Wishes, the rules between HTTP (routes.ts) and the database (store.ts): saving a wish (with the
 * chat it was written in and its card theme), reading one as its viewer may see it, editing,
 * deleting, the feeds and search; each write emits its domain event once it is stored, so before
 * the answer the read model has dropped what showed the wish.
 *
 * Also what other modules use of the wishes module: replies for the account export, the report
 * form and the moderation queue. Other modules import wishes through this file (eslint.config.mjs).
 */
import type { Wish } from '@wishes/kit-contract/api';
import type { AppDeps } from '../app/deps';
import { HttpError } from '../platform/errors';
import { isModerator, writeLog } from '../moderation/queries';
import { attachToWish, findOwnChat } from '../chats/queries';
import { CHAT_TEXT } from '../chats/service';
import { chosenTheme } from '../previews/service';
import { themeStyle } from '../previews/card-themes';
import { WISH_TEXT } from './schemas';
import { feedPageBytes, followingFeedPageBody, userWishesPageBody } from './feeds';
import { heldWishOf, renderWish } from './read-model';
import { extraReplyCounts } from './replies';
import { searchWishes, type SearchResult } from './search';
import type { WishStore } from './store';
import { createSqliteWishStore } from './sqlite-store';
import { createPostgresWishStore } from './postgres-store';

export { actOnReply, exportReplies, fileReplyComplaint, replyForModeration, replyQueue, reportableReply } from './replies';

type Deps = Pick<AppDeps, 'db' | 'events' | 'readModel' | 'config'>;
/** A wish as its page shows it: the wish with its card theme (and, for its author, its chat). */
type ShownWish = Wish & { card_theme: string; chat_id?: number | null };

/** The store of the app's database. */
export function wishStoreOf(deps: Pick<AppDeps, 'db' | 'dialect'>): WishStore {
  return deps.dialect === 'postgres' ? createPostgresWishStore(deps.db) : createSqliteWishStore(deps.db);
}

export interface WishService {
  /** Saves the member's wish; its id. The chat, when given, must be their own and not yet kept with a wish. */
  save(userId: number, input: { text: string; isPublic?: boolean; chatId?: number; cardTheme?: string }): Promise<number>;
  /** The wish as the viewer sees it: a listed wish for anyone but its author as its held JSON text, else the object. */
  detail(id: number, viewerId: number | null): Promise<string | { wish: ShownWish }>;
  update(userId: number, id: number, change: { text?: string; isPublic?: boolean; cardTheme?: string }): Promise<{ wish: ShownWish }>;
  /** The author deletes their wish, or a moderator anyone's (logged); the answer's message. */
  remove(userId: number, id: number): Promise<string>;
  /** The feed page as JSON bytes (held per page and reader). */
  feedPage(page: number, pageSize: number, viewerId: number | null): Promise<Buffer | string>;
  followingPage(userId: number, page: number, pageSize: number): Promise<string>;
  /** A member's wishes as JSON text; 404 for a member who does not exist. */
  userWishesPage(userId: number, page: number, pageSize: number, viewerId: number | null): Promise<string>;
  search(query: string, page: number, pageSize: number, viewerId: number | null): Promise<SearchResult>;
}

export function createWishService(deps: Deps, store: WishStore): WishService {
  const { db, readModel } = deps;

  /**
   * A listed wish (public, not hidden: the same for every reader but for their vote) with its card
   * theme, from the read model; null when it is not listed (private or hidden: read fresh, by rule).
   */
  const listedWish = (id: number) => {
    if (!readModel.enabled) return Promise.resolve(null);
    return readModel.cached(
      readModel.wishes,
      id,
      async () => {
        const wish = await store.getVisibleWish(id, null);
        return wish ? heldWishOf(wish, themeStyle(await store.cardThemeOf(id)).name) : null;
      },
      (held) => held !== null,
    );
  };

  return {
    async save(userId, input) {
      const text = input.text.trim();
      if (!text) throw new HttpError(400, WISH_TEXT.emptyText, { fields: { text: WISH_TEXT.emptyText } });
      const { chatId } = input;
      if (chatId !== undefined) {
        const chat = await findOwnChat(db, chatId, userId);
        if (!chat) throw new HttpError(404, CHAT_TEXT.notFound);
        if (chat.wish_id !== null) throw new HttpError(409, CHAT_TEXT.alreadyKept);
      }
      const theme = input.cardTheme ? chosenTheme(input.cardTheme, null) : null;
      const id = await store.insertWish(userId, text, input.isPublic ?? true);
      if (theme) await store.setCardTheme(id, theme);
      await deps.events.emit({ kind: 'wish.saved', wishId: id, authorId: userId });
      if (chatId !== undefined && !(await attachToWish(db, chatId, id))) {
        // Another save took the chat in the meantime: this one is undone.
        await store.deleteWish(id);
        await deps.events.emit({ kind: 'wish.deleted', wishId: id });
        throw new HttpError(409, CHAT_TEXT.alreadyKept);
      }
      return id;
    },

    async detail(id, viewerId) {
      const held = await listedWish(id);
      let withTheme: ShownWish;
      if (held) {
        const vote = viewerId === null ? null : ((await readModel.votesOf(viewerId, [id])).get(id) ?? null);
        // The held count is everyone's: a member who sees hidden replies here gets them added.
        const extra = viewerId === null ? null : await extraReplyCounts(db, viewerId, [id], readModel);
        // Anyone but the author: the held JSON as it is, with their vote spliced in.
        if (held.wish.user_id !== viewerId) return renderWish(held, vote, extra);
        withTheme = { ...held.wish, vote_type: vote, card_theme: held.theme, reply_count: (held.wish.reply_count ?? 0) + (extra?.get(id) ?? 0) };
      } else {
        const wish = await store.getVisibleWish(id, viewerId);
        if (!wish) throw new HttpError(404, WISH_TEXT.notFound);
        withTheme = { ...wish, card_theme: themeStyle(await store.cardThemeOf(id)).name };
      }
      // The author learns whether a chat goes with it, so the page asks for one only when it exists.
      if (viewerId !== null && withTheme.user_id === viewerId) return { wish: { ...withTheme, chat_id: await store.chatIdOfWish(id, viewerId) } };
      return { wish: withTheme };
    },

    async update(userId, id, change) {
      const { text: rawText, isPublic, cardTheme: rawTheme } = change;
      if (rawText === undefined && isPublic === undefined && rawTheme === undefined) throw new HttpError(400, WISH_TEXT.noChange);
      const theme = rawTheme === undefined ? undefined : chosenTheme(rawTheme, null);
      const text = rawText?.trim();
      if (text !== undefined && !text) throw new HttpError(400, WISH_TEXT.emptyText, { fields: { text: WISH_TEXT.emptyText } });
      const found = await store.findVisibleWishOwner(id, userId);
      if (!found) throw new HttpError(404, WISH_TEXT.notFound);
      if (found.user_id !== userId) throw new HttpError(403, WISH_TEXT.notYoursToChange);
      if (text !== undefined || isPublic !== undefined) await store.updateWish(id, { text, isPublic });
      if (theme) await store.setCardTheme(id, theme);
      const fields = [...(text !== undefined ? (['text'] as const) : []), ...(theme ? (['card_theme'] as const) : [])];
      if (fields.length > 0) await deps.events.emit({ kind: 'wish.edited', wishId: id, fields });
      if (isPublic !== undefined) await deps.events.emit({ kind: 'wish.visibility-changed', wishId: id, isPublic });
      const wish = await store.getVisibleWish(id, userId);
      if (!wish) throw new HttpError(404, WISH_TEXT.notFound);
      return { wish: { ...wish, card_theme: themeStyle(await store.cardThemeOf(id)).name } };
    },

    async remove(userId, id) {
      const found = await store.findVisibleWishOwner(id, userId);
      if (!found) throw new HttpError(404, WISH_TEXT.notFound);
      if (found.user_id !== userId) {
        if (!(await isModerator(db, userId))) throw new HttpError(403, WISH_TEXT.notYoursToDelete);
        await writeLog(db, { actorId: userId, action: 'delete', targetType: 'wish', targetId: id, reason: WISH_TEXT.moderatorDeleteReason });
      }
      await store.deleteWish(id);
      await deps.events.emit({ kind: 'wish.deleted', wishId: id });
      return WISH_TEXT.deleted;
    },

    feedPage: (page, pageSize, viewerId) => feedPageBytes(readModel, page, pageSize, viewerId),
    followingPage: (userId, page, pageSize) => followingFeedPageBody(readModel, store, userId, page, pageSize),

    async userWishesPage(userId, page, pageSize, viewerId) {
      if (!(await store.userExists(userId))) throw new HttpError(404, WISH_TEXT.userNotFound);
      return userWishesPageBody(readModel, userId, page, pageSize, viewerId);
    },

    search: (query, page, pageSize, viewerId) => searchWishes(readModel, store, query, page, pageSize, viewerId, { bounds: { timeoutMs: deps.config.searchTimeoutMs } }),
  };
}
