/**
 * Replies under public wishes (operations tagged `wishes`, docs/replies.md): the list under a
 * wish (visitors too), a member's reply and its removal. Each write emits `reply.changed` after it
 * committed: the read model drops the pages showing the wish (its reply count).
 */
import type { FastifyRequest } from 'fastify';
import { WISH_REPLY } from '@wishes/kit-contract/constants';
import { defineRoutes } from '../app/deps';
import { HttpError } from '../platform/errors';
import { parseId, parseQueryPage } from '../platform/params';
import { requireUser } from '../platform/auth';
import { HOUR } from '../platform/ratelimit';
import { fullName } from './visibility';
import * as q from './replies';

export const REPLY_TEXT = {
  wishNotFound: 'Wish not found',
  replyNotFound: 'Reply not found',
  emptyText: 'Write a reply first.',
  closed: 'This wish takes no replies: only public wishes do, and not while hidden.',
  removed: 'Reply removed',
  notification: (who: string, text: string) => `${who} replied to your wish: ${text.length > 120 ? `${text.slice(0, 120)}…` : text}`,
} as const;

export default defineRoutes((_app, deps) => {
  const { db } = deps;
  // Each reply feeds every reader's caches and the author's notifications: bounded per member.
  const replyLimit = { max: deps.config.repliesPerHour, windowMs: HOUR, key: (request: FastifyRequest) => (request.userId === null ? null : `replies:member:${request.userId}`) };

  return {
    listWishReplies: {
      handler: async (request) => {
        const wishId = parseId(request.params.id, REPLY_TEXT.wishNotFound);
        const page = parseQueryPage(request.query.page);
        // A listed wish's page as everyone sees it, from the read model, when it is what this reader
        // sees too: a visitor always, a member unless some reply there is seen by some only.
        const model = deps.readModel;
        if (model.enabled) {
          const held = await model.cached(model.replyPages, `${wishId}:${page}:${WISH_REPLY.pageSize}`, () => q.everyoneRepliesPage(db, wishId, page, WISH_REPLY.pageSize), (value) => value.listed);
          if (held.listed && held.body && (request.userId === null || !held.special)) return held.body;
        }
        if (!(await q.visibleWish(db, wishId, request.userId))) throw new HttpError(404, REPLY_TEXT.wishNotFound);
        return q.listReplies(db, wishId, request.userId, page, WISH_REPLY.pageSize);
      },
    },

    createWishReply: {
      rateLimit: [replyLimit],
      handler: async (request, reply) => {
        const userId = requireUser(request);
        const wishId = parseId(request.params.id, REPLY_TEXT.wishNotFound);
        const text = request.body.text.trim();
        if (!text) throw new HttpError(400, REPLY_TEXT.emptyText, { fields: { text: REPLY_TEXT.emptyText } });
        const wish = await q.visibleWish(db, wishId, userId);
        if (!wish) throw new HttpError(404, REPLY_TEXT.wishNotFound);
        // Its author (or a moderator, for a hidden one) sees it, and is told why: nobody else learns it exists.
        if (wish.is_public !== 1 || wish.hidden !== 0) throw new HttpError(403, REPLY_TEXT.closed);
        const created = await q.insertReply(db, wishId, userId, text);
        await deps.events.emit({ kind: 'reply.changed', wishId, replyId: created.reply_id });
        if (wish.user_id !== userId) {
          const who = fullName(created.user.first_name, created.user.last_name) || 'Someone';
          await deps.notifications.notify({ userId: wish.user_id, kind: 'reply', wishId, text: REPLY_TEXT.notification(who, text) });
        }
        return reply.code(201).send({ reply: created });
      },
    },

    deleteWishReply: {
      handler: async (request) => {
        const userId = requireUser(request);
        const wishId = parseId(request.params.id, REPLY_TEXT.wishNotFound);
        const replyId = parseId(request.params.reply_id, REPLY_TEXT.replyNotFound);
        if ((await q.removeReply(db, wishId, replyId, userId)) === 'not_found') throw new HttpError(404, REPLY_TEXT.replyNotFound);
        await deps.events.emit({ kind: 'reply.changed', wishId, replyId });
        // Its open reports have nothing left to act on.
        await deps.events.emit({ kind: 'reply.reported', wishId, replyId });
        return { message: REPLY_TEXT.removed };
      },
    },
  };
});
