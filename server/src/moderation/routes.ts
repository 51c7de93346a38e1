/**
 * Moderation (moderators and admins; 401 visitors, 403 users): the report queue, actions on
 * wishes and users, the audit log and (admins) the business-offer inbox. The caller's role is read
 * from the database on every call.
 */
import type { FastifyRequest } from 'fastify';
import { defineRoutes, type AppDeps } from '../app/deps';
import { HttpError } from '../platform/errors';
import { PAGE_SIZE, parseId, parseQueryPage } from '../platform/params';
import { requireUser } from '../platform/auth';
import type { Role } from '../db/types';
import type { ModerationWishAction } from '@wishes/kit-contract/api';
import { getWishForModerator, getWishesForModerator } from '../wishes/queries';
import { endUserSessions } from '../auth/sessions';
import * as q from './queries';
import { actOnReply, replyForModeration, replyQueue } from '../wishes/service';
import { MODERATION_TEXT } from './schemas';

function requireReason(raw: string): string {
  const reason = raw.trim();
  if (!reason) throw new HttpError(400, MODERATION_TEXT.blankReason, { fields: { reason: MODERATION_TEXT.blankReason } });
  return reason;
}

/**
 * Tells the people concerned (notifications/service.ts `notify`, which never throws): each member
 * whose report was resolved (report_resolved), and the author when a moderator newly hid the wish
 * (wish_hidden). The acting moderator is not told about their own action. A deleted wish is gone,
 * so its notifications carry no wish id.
 */
async function notifyWishAction(deps: AppDeps, moderatorId: number, wishId: number, action: ModerationWishAction, reason: string, outcome: q.WishActionOutcome) {
  const linkedWish = action === 'delete' ? null : wishId;
  for (const reporterId of outcome.reporterIds) {
    if (reporterId === moderatorId) continue;
    await deps.notifications.notify({ userId: reporterId, kind: 'report_resolved', wishId: linkedWish, text: MODERATION_TEXT.reportResolved[action] });
  }
  if (outcome.newlyHidden && outcome.authorId !== null && outcome.authorId !== moderatorId) {
    await deps.notifications.notify({ userId: outcome.authorId, kind: 'wish_hidden', wishId, text: MODERATION_TEXT.wishHidden(reason) });
  }
}

export default defineRoutes((_app, deps) => {
  const { db } = deps;

  /** The signed-in caller's id and role, or 403 when the role is not one of `allowed`. */
  async function requireRole(request: FastifyRequest, allowed: readonly Role[], message: string = MODERATION_TEXT.forbidden) {
    const userId = requireUser(request);
    const role = await q.getRole(db, userId);
    if (!role || !allowed.includes(role)) throw new HttpError(403, message);
    return { userId, role };
  }
  const STAFF: readonly Role[] = ['moderator', 'admin'];

  /** The queue's reply items: each reported reply with the wish it is under (one the moderator may see). */
  async function repliesInQueue(status: 'open' | 'resolved', moderatorId: number) {
    const queued = await replyQueue(db, status);
    if (queued.length === 0) return [];
    const wishes = await getWishesForModerator(db, [...new Set(queued.map((r) => r.reply.wish_id))], moderatorId);
    return queued.flatMap((r) => {
      const wish = wishes.get(r.reply.wish_id);
      return wish ? [{ kind: 'reply' as const, reply: r.reply, wish, report_count: r.report_count, categories: r.categories, first_reported_at: r.first_reported_at, last_reported_at: r.last_reported_at, status, resolution: r.resolution }] : [];
    });
  }

  /**
   * A held queue page's body, serialized once by the route's own response schema and kept as bytes
   * beside the page (dropped with it): a repeat read writes the bytes, no serializing or UTF-8
   * encoding per call (the largest costs of a held page in the bench's profile).
   */
  const queueBodies = new WeakMap<object, Buffer>();

  return {
    getReportQueue: {
      handler: async (request, reply) => {
        const { userId } = await requireRole(request, STAFF);
        const page = parseQueryPage(request.query.page);
        const status = request.query.status ?? 'open';
        const held = await q.reportQueue(deps.readModel, status, page, PAGE_SIZE, userId);
        let body = queueBodies.get(held);
        if (!body) {
          const { page_number, next_page_number } = held;
          // Reported replies come first on the first page (at most QUEUED_REPLIES_MAX), each with
          // the wish it is under; the wishes' own paging is unchanged.
          const replies = page === 1 ? await repliesInQueue(status, userId) : [];
          const items = [...replies, ...held.items.map((item) => ({ kind: 'wish' as const, ...item }))];
          body = Buffer.from(reply.serialize({ items, page_number, next_page_number }) as string);
          queueBodies.set(held, body);
        }
        return reply.type('application/json; charset=utf-8').send(body);
      },
    },

    moderateWish: {
      handler: async (request) => {
        const { userId } = await requireRole(request, STAFF);
        const id = parseId(request.params.id, MODERATION_TEXT.wishNotFound);
        const reason = requireReason(request.body.reason);
        const { action } = request.body;
        if (!(await q.wishForModeration(db, id, userId))) throw new HttpError(404, MODERATION_TEXT.wishNotFound);
        const outcome = await q.actOnWish(db, userId, id, action, reason);
        await deps.events.emit({ kind: 'report.resolved', wishId: id, action });
        await notifyWishAction(deps, userId, id, action, reason, outcome);
        const message = MODERATION_TEXT.done[action];
        if (action === 'delete') return { message };
        const wish = await getWishForModerator(db, id, userId);
        return wish ? { message, wish } : { message };
      },
    },

    moderateReply: {
      handler: async (request) => {
        const { userId } = await requireRole(request, STAFF);
        const id = parseId(request.params.id, MODERATION_TEXT.replyNotFound);
        const reason = requireReason(request.body.reason);
        const { action } = request.body;
        const target = await replyForModeration(db, id);
        if (!target) throw new HttpError(404, MODERATION_TEXT.replyNotFound);
        const reporterIds = await actOnReply(db, userId, id, action, reason);
        await deps.events.emit({ kind: 'reply.changed', wishId: target.wish_id, replyId: id });
        await deps.events.emit({ kind: 'reply.reported', wishId: target.wish_id, replyId: id });
        for (const reporterId of reporterIds) {
          if (reporterId !== userId) await deps.notifications.notify({ userId: reporterId, kind: 'report_resolved', wishId: target.wish_id, text: MODERATION_TEXT.replyReportResolved[action] });
        }
        return { message: MODERATION_TEXT.replyDone[action] };
      },
    },

    moderateUser: {
      handler: async (request) => {
        const { userId, role } = await requireRole(request, STAFF);
        const targetId = parseId(request.params.id, MODERATION_TEXT.userNotFound);
        const reason = requireReason(request.body.reason);
        const target = await q.findUserRole(db, targetId);
        if (!target) throw new HttpError(404, MODERATION_TEXT.userNotFound);
        if (targetId === userId) throw new HttpError(400, MODERATION_TEXT.selfBan);
        if (target.role !== 'user' && role !== 'admin') throw new HttpError(403, MODERATION_TEXT.banStaff);
        const { action } = request.body;
        await q.setBanned(db, userId, targetId, action === 'ban', reason);
        await deps.events.emit({ kind: 'member.banned', userId: targetId, banned: action === 'ban' });
        // The ban already refuses sign-in; this ends every access and refresh token issued so far.
        if (action === 'ban') await endUserSessions(deps, targetId);
        return { message: MODERATION_TEXT.done[action] };
      },
    },

    getModerationLog: {
      handler: async (request) => {
        await requireRole(request, STAFF);
        const { items, page_number, next_page_number } = await q.logPage(db, parseQueryPage(request.query.page), PAGE_SIZE);
        return { entries: items, page_number, next_page_number };
      },
    },

    getOfferInbox: {
      handler: async (request) => {
        await requireRole(request, ['admin'], MODERATION_TEXT.adminOnly);
        const { items, page_number, next_page_number } = await q.offersPage(db, parseQueryPage(request.query.page), PAGE_SIZE);
        return { offers: items, page_number, next_page_number };
      },
    },
  };
});
