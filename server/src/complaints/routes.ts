/** Report a wish. Visitors may report too (keyed by IP); both are rate-limited per IP. */
import { defineRoutes } from '../app/deps';
import { HttpError } from '../platform/errors';
import { toId } from '../platform/params';
import { loadOptions } from '../options/load';
import { MINUTE, byIp } from '../platform/ratelimit';
import { isWishVisible } from '../wishes/queries';
import { COMPLAINT_TEXT } from './schemas';
import { fileComplaint } from './queries';
import { requireUser } from '../platform/auth';
import { PAGE_SIZE, parseQueryPage } from '../platform/params';
import { autoHideIfReported, myReports } from '../moderation/queries';
import { MODERATION_TEXT } from '../moderation/schemas';
import { fileReplyComplaint, reportableReply } from '../wishes/service';

export default defineRoutes((_app, deps) => {
  const { db, config } = deps;
  return {
    submitComplaint: {
      rateLimit: [{ max: 30, windowMs: 60 * MINUTE, key: byIp }],
      handler: async (request, reply) => {
        const { category } = request.body;
        const categories = loadOptions(config.optionsPath, config.siteName).options.report_topic_config;
        if (!categories.includes(category)) throw new HttpError(400, COMPLAINT_TEXT.badCategory, { fields: { category: COMPLAINT_TEXT.badCategory } });
        if (request.body.wish_id === undefined && request.body.reply_id === undefined) throw new HttpError(400, COMPLAINT_TEXT.noTarget, { fields: { wish_id: COMPLAINT_TEXT.noTarget } });
        // A reply under a public wish: its own reports and queue items (no auto-hide: moderators decide).
        if (request.body.reply_id !== undefined) {
          const replyId = typeof request.body.reply_id === 'number' ? (request.body.reply_id > 0 ? request.body.reply_id : null) : toId(request.body.reply_id);
          const wishOfReply = replyId === null || replyId > 2_147_483_647 ? null : await reportableReply(db, replyId, request.userId);
          if (replyId === null || wishOfReply === null) throw new HttpError(404, COMPLAINT_TEXT.replyNotFound);
          const filed = await fileReplyComplaint(db, { replyId, reporterId: request.userId, reporterIp: request.ip, category });
          if (filed) await deps.events.emit({ kind: 'reply.reported', wishId: wishOfReply, replyId });
          return reply.code(filed ? 201 : 200).send({ message: COMPLAINT_TEXT.received });
        }
        const wishId = typeof request.body.wish_id === 'number' ? (request.body.wish_id > 0 ? request.body.wish_id : null) : toId(request.body.wish_id);
        if (wishId === null || wishId > 2_147_483_647 || !(await isWishVisible(db, wishId, request.userId))) throw new HttpError(404, COMPLAINT_TEXT.notFound);
        const created = await fileComplaint(db, { wishId, reporterId: request.userId, reporterIp: request.ip, category });
        // The moderation queue's held pages subscribe to it, and drop before the report is answered.
        if (created) await deps.events.emit({ kind: 'report.filed', wishId });
        // Only signed-in members count toward auto-hide (a visitor can change IP at will), and only
        // accounts old enough and in good standing (docs/product.md → Reports).
        if (created && request.userId !== null) {
          const hidden = await autoHideIfReported(db, wishId, config.autoHideReports, config.reporterMinAccountAgeHours);
          if (hidden) await deps.events.emit({ kind: 'report.resolved', wishId, action: 'auto_hide' });
          // The author learns of the automatic hide (notifications never fail the report).
          if (hidden) await deps.notifications.notify({ userId: hidden.authorId, kind: 'wish_hidden', wishId, text: MODERATION_TEXT.wishHidden(hidden.reason) });
        }
        return reply.code(created ? 201 : 200).send({ message: COMPLAINT_TEXT.received });
      },
    },

    listMyReports: {
      handler: async (request) => {
        const userId = requireUser(request);
        const { items, page_number, next_page_number } = await myReports(db, userId, parseQueryPage(request.query.page), PAGE_SIZE);
        return { reports: items, page_number, next_page_number };
      },
    },
  };
});
