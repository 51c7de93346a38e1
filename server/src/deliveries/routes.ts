/**
 * Sending a wish to someone (operations tagged `deliveries`, docs/deliveries.md): send now or at a
 * time, the sender's list and cancel, the recipient's link (JSON, card, beacon, unsubscribe, "not
 * me"), and the recipient's page GET /w/{token}, drawn whole by the server.
 */
import type { FastifyReply } from 'fastify';
import { DELIVERY_LIMITS, type CardFormat, type ReceivedWish } from '@wishes/kit-contract/api';
import { ANONYMOUS } from '@wishes/kit-contract/constants';
import { defineRoutes } from '../app/deps';
import { HttpError } from '../platform/errors';
import { parseId, parsePage } from '../platform/params';
import { requireUser } from '../platform/auth';
import { MINUTE, byIp } from '../platform/ratelimit';
import { isValidEmail } from '../auth/schemas';
import { loadOptions } from '../options/load';
import { fullName } from '../wishes/visibility';
import { cardAddress, cardCacheFor, chosenTheme, sendPng } from '../previews/service';
import { cardRenderThrottle } from '../previews/render-queue';
import { themeStyle } from '../previews/card-themes';
import * as q from './queries';
import { getPerson, instantOfLocal, isValidTimeZone, parseLocal } from '../people/service';
import { renderReceivedPage, notFoundPage } from './page';
import { DELIVERY_TEXT } from './texts';
import { emailHash } from './queries';
import { insertDeliveryReply, recipientClosed, repliesOf, withdrawDeliveryReply } from './replies';
import { buildReplyMail } from './mail';
import { groupByDeliveryToken, groupCardText, groupRepliesOf, insertGroupReply, mailReplyCopies, receivedGroup, withdrawGroupReply, type GroupRow } from '../groups/service';

/** A past `send_at` within this much still counts as "now" (a clock a little behind the server's). */
const NOW_SLACK_MS = 60_000;
const FRESH_ACCOUNT_MS = 24 * 3600_000;
const FRESH_ACCOUNT_PER_DAY = 3;
const PAGE = 20;

export default defineRoutes((app, deps) => {
  const { db, config, dialect } = deps;
  const cards = cardCacheFor(config.dataDir, config.cardRenderQueue);
  const renderThrottle = cardRenderThrottle(app, config.cardRendersPerIpMinute, config.rateLimitScale);
  const siteName = () => loadOptions(config.optionsPath, config.siteName).options.site_name;

  // RFC 8058: the one-click POST carries `List-Unsubscribe=One-Click` as a form body, which
  // SHOULD be multipart/form-data and MAY be urlencoded (only here; the body itself is not needed).
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));
  }

  /**
   * The instant to send at, from `send_at` (an instant) or `send_at_local` read in `time_zone`
   * (`fallbackZone`: the person's); null for "now". Throws the 400s of a bad, past or too-far time.
   */
  const sendTimeOf = (body: { send_at?: string; send_at_local?: string; time_zone?: string }, fallbackZone: string | null): { at: Date | null; zone: string | null } => {
    const local = body.send_at_local?.trim();
    const instant = body.send_at?.trim();
    if (local && instant) throw new HttpError(400, DELIVERY_TEXT.bothTimes, { detail: DELIVERY_TEXT.bothTimes, fields: { send_at_local: DELIVERY_TEXT.bothTimes } });
    let asked: Date;
    let zone: string | null = null;
    if (local) {
      zone = body.time_zone?.trim() || fallbackZone;
      if (!zone || !isValidTimeZone(zone)) throw new HttpError(400, DELIVERY_TEXT.badZone, { detail: DELIVERY_TEXT.badZone, fields: { time_zone: DELIVERY_TEXT.badZone } });
      const parts = parseLocal(local);
      if (!parts) throw new HttpError(400, DELIVERY_TEXT.badTime, { fields: { send_at_local: DELIVERY_TEXT.badTime } });
      asked = instantOfLocal(parts, zone);
    } else if (instant) {
      asked = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,3})?)?(Z|[+-]\d\d:\d\d)$/.test(instant) ? new Date(instant) : new Date(NaN);
      if (Number.isNaN(asked.getTime())) throw new HttpError(400, DELIVERY_TEXT.badTime, { fields: { send_at: DELIVERY_TEXT.badTime } });
    } else return { at: null, zone: null };
    const field = local ? 'send_at_local' : 'send_at';
    if (asked.getTime() < Date.now() - NOW_SLACK_MS) throw new HttpError(400, DELIVERY_TEXT.pastTime, { fields: { [field]: DELIVERY_TEXT.pastTime } });
    if (asked.getTime() > Date.now() + DELIVERY_LIMITS.maxDaysAhead * 86_400_000) throw new HttpError(400, DELIVERY_TEXT.farTime, { fields: { [field]: DELIVERY_TEXT.farTime } });
    return { at: asked, zone };
  };

  const received = async (token: string, options?: { evenHidden: boolean }) => {
    const row = await q.findReceived(db, token, options);
    if (!row) throw new HttpError(404, DELIVERY_TEXT.linkNotFound);
    return row;
  };

  const receivedJson = (row: q.ReceivedRow, token: string) => ({
    wish_id: row.wish_id,
    text: row.text,
    author: fullName(row.first_name, row.last_name) || ANONYMOUS,
    author_id: row.sender_id,
    author_first_name: row.first_name,
    recipient_name: row.recipient_name,
    note: row.note,
    card_theme: themeStyle(row.card_theme).name,
    card_url: `/api/base/deliveries/received/${token}/card.png`,
    sent_at: row.sent_at,
  });

  /** A delivered group behind a recipient's link (its token is not a single wish's), as the JSON shows it. */
  const receivedGroupOf = async (token: string): Promise<{ g: GroupRow; data: ReceivedWish } | null> => {
    const g = await groupByDeliveryToken(db, token);
    if (!g) return null;
    const { organiser, group } = await receivedGroup(db, g);
    return {
      g,
      data: {
        wish_id: 0,
        text: '',
        author: group.organiser_name,
        author_id: g.organiser_id,
        author_first_name: organiser?.first_name ?? '',
        recipient_name: g.recipient_name,
        note: g.note,
        card_theme: themeStyle(null).name,
        card_url: `/api/base/deliveries/received/${token}/card.png`,
        sent_at: g.delivered_at,
        group,
      },
    };
  };
  /** A group's link takes replies until its recipient's address said "not me" or unsubscribed. */
  const groupClosed = async (g: GroupRow) => g.recipient_email !== null && (await recipientClosed(db, emailHash(g.recipient_email)));

  const noReferrer = (reply: FastifyReply) => reply.header('Referrer-Policy', 'no-referrer').header('X-Robots-Tag', 'noindex').header('Cache-Control', 'no-store');

  // The recipient's page: the whole first paint from the server; /static/w.js sends the beacon.
  app.get<{ Params: { token: string }; Querystring: { not_me?: string; unsubscribe?: string } }>('/w/:token', { schema: { hide: true } }, async (request, reply) => {
    noReferrer(reply);
    const row = await q.findReceived(db, request.params.token);
    const confirm = request.query.not_me === '1' ? 'not_me' : request.query.unsubscribe === '1' ? 'unsubscribe' : null;
    if (!row) {
      const group = await receivedGroupOf(request.params.token);
      if (!group) return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage(siteName()));
      const replies = (await groupClosed(group.g)) ? null : (await groupRepliesOf(db, group.g.id)).map((r) => ({ reply_id: r.reply_id, text: r.text, created_at: r.created_at }));
      return reply.type('text/html; charset=utf-8').send(renderReceivedPage(group.data, siteName(), confirm, replies));
    }
    const data = receivedJson(row, request.params.token);
    const closed = await recipientClosed(db, emailHash(row.recipient_email));
    const replies = closed ? null : ((await repliesOf(db, [row.id])).get(row.id) ?? []);
    return reply.type('text/html; charset=utf-8').send(renderReceivedPage(data, siteName(), confirm, replies));
  });

  // The List-Unsubscribe address opened in a browser (RFC 2369: a mail program without RFC 8058's
  // one-click POST opens it; so do link scanners): a GET changes nothing and leads to the
  // recipient's page asking to confirm, whose button makes the POST. The same answer for every
  // token (no lookup), so it tells nothing; the page itself answers an unknown link with its 404.
  app.get<{ Params: { token: string } }>('/api/base/deliveries/received/:token/unsubscribe/', { schema: { hide: true } }, async (request, reply) => {
    noReferrer(reply);
    // JSON as every answer under /api, for whoever reads the body rather than following.
    return reply.code(303).header('Location', `/w/${encodeURIComponent(request.params.token)}?unsubscribe=1`).send({ message: DELIVERY_TEXT.confirmUnsubscribe });
  });

  const suppressHandler = (reason: 'unsubscribe' | 'not_me') => async (request: { params: { token: string } }, reply: FastifyReply) => {
    noReferrer(reply);
    const single = await q.findReceived(db, request.params.token, { evenHidden: true });
    if (!single) {
      const group = await groupByDeliveryToken(db, request.params.token);
      if (!group) throw new HttpError(404, DELIVERY_TEXT.linkNotFound);
      if (group.recipient_email) await q.suppress(db, group.recipient_email, reason);
      return { message: DELIVERY_TEXT.unsubscribed };
    }
    await q.suppress(db, single.recipient_email, reason);
    return { message: DELIVERY_TEXT.unsubscribed };
  };

  // A link takes replies while it lives and until its recipient said "not me" or unsubscribed.
  const openForReplies = async (token: string) => {
    const row = await received(token);
    if (await recipientClosed(db, emailHash(row.recipient_email))) throw new HttpError(404, DELIVERY_TEXT.linkNotFound);
    return row;
  };

  return {
    replyReceivedWish: {
      rateLimit: [{ max: 30, windowMs: MINUTE, key: byIp }],
      handler: async (request, reply) => {
        noReferrer(reply);
        const text = request.body.text.trim();
        if (!text) throw new HttpError(400, DELIVERY_TEXT.replyEmpty, { fields: { text: DELIVERY_TEXT.replyEmpty } });
        const group = q.looksLikeToken(request.params.token) ? null : await groupByDeliveryToken(db, request.params.token);
        if (group) {
          // A group's reply: the organiser is told; the organiser and every confirmed signer get it by mail.
          if (await groupClosed(group)) throw new HttpError(404, DELIVERY_TEXT.linkNotFound);
          const stored = await insertGroupReply(db, dialect, group.id, text);
          if (stored === 'over_limit') throw new HttpError(429, DELIVERY_TEXT.replyLimit);
          await mailReplyCopies(deps, group, text, request.log);
          return reply.code(201).send({ reply_id: stored.id });
        }
        const row = await openForReplies(request.params.token);
        const stored = await insertDeliveryReply(db, dialect, row.id, text);
        if (stored === 'over_limit') throw new HttpError(429, DELIVERY_TEXT.replyLimit);
        const who = row.recipient_name || 'Your recipient';
        await deps.notifications.notify({ userId: row.sender_id, kind: 'delivery_replied', wishId: row.wish_id, text: `${who} replied: ${text.length > 120 ? `${text.slice(0, 120)}…` : text}` });
        const sender = await db.selectFrom('users').select('email').where('id', '=', row.sender_id).executeTakeFirst();
        if (sender) {
          // Not awaited: a slow or refused mail server does not hold the recipient's answer; the
          // notification and the sent list already carry the reply.
          deps.mailer
            .send(buildReplyMail({ to: sender.email, who, text, wishText: row.text, publicUrl: config.publicUrl, siteName: siteName() }))
            .catch((error: unknown) => request.log.error({ err: error, deliveryId: row.id }, 'reply mail failed'));
        }
        return reply.code(201).send({ reply_id: stored.id });
      },
    },

    deleteReceivedReply: {
      rateLimit: [{ max: 60, windowMs: MINUTE, key: byIp }],
      handler: async (request, reply) => {
        noReferrer(reply);
        const replyId = parseId(request.params.reply_id, DELIVERY_TEXT.replyNotFound);
        const group = q.looksLikeToken(request.params.token) ? null : await groupByDeliveryToken(db, request.params.token);
        if (group) {
          if ((await groupClosed(group)) || !(await withdrawGroupReply(db, group.id, replyId))) throw new HttpError(404, DELIVERY_TEXT.replyNotFound);
          return { message: DELIVERY_TEXT.replyWithdrawn };
        }
        const row = await openForReplies(request.params.token);
        if (!(await withdrawDeliveryReply(db, row.id, replyId))) throw new HttpError(404, DELIVERY_TEXT.replyNotFound);
        return { message: DELIVERY_TEXT.replyWithdrawn };
      },
    },

    sendWish: {
      rateLimit: [{ max: 60, windowMs: MINUTE, key: byIp }],
      handler: async (request, reply) => {
        const userId = requireUser(request);
        const wishId = parseId(request.params.id, DELIVERY_TEXT.notFound);
        const body = request.body;
        const person = body.person_id !== undefined ? await getPerson(db, userId, body.person_id) : null;
        if (body.person_id !== undefined && !person) throw new HttpError(404, DELIVERY_TEXT.personNotFound, { detail: DELIVERY_TEXT.personNotFound });
        const email = (body.recipient_email ?? person?.email ?? '').trim().toLowerCase();
        if (!isValidEmail(email)) throw new HttpError(400, DELIVERY_TEXT.badEmail, { fields: { recipient_email: DELIVERY_TEXT.badEmail } });
        const time = sendTimeOf(body, person?.time_zone ?? null);
        let sendAt = new Date();
        if (time.at && time.at.getTime() > sendAt.getTime()) sendAt = time.at;
        const note = (body.note ?? '').trim();
        const name = (body.recipient_name ?? person?.name ?? '').trim();
        const wish = await db.selectFrom('wishes').select(['user_id', 'hidden']).where('id', '=', wishId).executeTakeFirst();
        if (!wish || wish.user_id !== userId) throw new HttpError(404, DELIVERY_TEXT.notFound);
        if (wish.hidden !== 0) throw new HttpError(403, DELIVERY_TEXT.hidden);
        const sender = await db.selectFrom('users').select(['email_verified_at', 'created_at']).where('id', '=', userId).executeTakeFirstOrThrow();
        if (config.requireVerifiedSenders && !sender.email_verified_at) throw new HttpError(403, DELIVERY_TEXT.unverified);
        if (await q.isSuppressed(db, email)) throw new HttpError(409, DELIVERY_TEXT.suppressed, { fields: { recipient_email: DELIVERY_TEXT.suppressed } });
        const fresh = config.requireVerifiedSenders && Date.now() - new Date(sender.created_at).getTime() < FRESH_ACCOUNT_MS;
        const delivery = { wishId, senderId: userId, email, name, note, sendAt: sendAt.toISOString(), timeZone: time.zone, personId: person?.id ?? null, resendAfterHours: body.resend_if_unopened_hours ?? null };
        const result = await q.insertDelivery(db, dialect, delivery, (today) => {
          if (today >= config.deliveriesPerDay) return DELIVERY_TEXT.overLimit(config.deliveriesPerDay);
          if (fresh && today >= FRESH_ACCOUNT_PER_DAY) return DELIVERY_TEXT.freshLimit;
          return null;
        });
        if ('refused' in result) throw new HttpError(429, result.refused);
        const now = sendAt.getTime() <= Date.now();
        const mailed = now && deps.scheduler ? await deps.scheduler.deliverNow(result.id) : null;
        return reply.code(201).send({ delivery_id: result.id, status: mailed ?? 'scheduled', send_at: sendAt.toISOString() });
      },
    },

    listDeliveries: {
      handler: async (request) => q.listDeliveries(db, requireUser(request), parsePage(request.query.page), PAGE),
    },

    cancelDelivery: {
      handler: async (request) => {
        const userId = requireUser(request);
        const id = parseId(request.params.id, DELIVERY_TEXT.deliveryNotFound);
        const outcome = await q.cancelDelivery(db, userId, id);
        if (outcome === 'not_found') throw new HttpError(404, DELIVERY_TEXT.deliveryNotFound);
        if (outcome === 'too_late') throw new HttpError(409, DELIVERY_TEXT.tooLate);
        return { message: DELIVERY_TEXT.cancelled };
      },
    },

    moveDelivery: {
      handler: async (request) => {
        const userId = requireUser(request);
        const id = parseId(request.params.id, DELIVERY_TEXT.deliveryNotFound);
        const body = request.body;
        const current = await q.deliveryOf(db, userId, id);
        if (!current) throw new HttpError(404, DELIVERY_TEXT.deliveryNotFound);
        const time = sendTimeOf(body, current.time_zone ?? null);
        const note = body.note?.trim();
        const outcome = await q.moveDelivery(db, userId, id, { ...(time.at ? { sendAt: time.at.toISOString(), timeZone: time.zone } : {}), ...(note !== undefined ? { note } : {}) });
        if (outcome === 'not_found') throw new HttpError(404, DELIVERY_TEXT.deliveryNotFound);
        if (outcome === 'too_late') throw new HttpError(409, DELIVERY_TEXT.tooLateToMove, { detail: DELIVERY_TEXT.tooLateToMove });
        return (await q.deliveryOf(db, userId, id))!;
      },
    },

    getReceivedWish: {
      handler: async (request, reply) => {
        noReferrer(reply);
        const row = await q.findReceived(db, request.params.token);
        if (row) return receivedJson(row, request.params.token);
        const group = await receivedGroupOf(request.params.token);
        if (!group) throw new HttpError(404, DELIVERY_TEXT.linkNotFound);
        return group.data;
      },
    },

    openReceivedWish: {
      rateLimit: [{ max: 120, windowMs: MINUTE, key: byIp }],
      handler: async (request, reply) => {
        noReferrer(reply);
        const row = await q.findReceived(db, request.params.token);
        if (!row) {
          if (!(await groupByDeliveryToken(db, request.params.token))) throw new HttpError(404, DELIVERY_TEXT.linkNotFound);
          return { opened: true };
        }
        const first = await q.markOpened(db, row.id);
        if (first) {
          const who = row.recipient_name || 'Your recipient';
          await deps.notifications.notify({ userId: row.sender_id, kind: 'delivery_opened', wishId: row.wish_id, text: `${who} opened your wish.` });
        }
        return { opened: true };
      },
    },

    unsubscribeRecipient: { rateLimit: [{ max: 60, windowMs: MINUTE, key: byIp }], handler: suppressHandler('unsubscribe') },
    notMeRecipient: { rateLimit: [{ max: 60, windowMs: MINUTE, key: byIp }], handler: suppressHandler('not_me') },

    getReceivedCard: {
      handler: async (request, reply) => {
        const row = await q.findReceived(db, request.params.token);
        noReferrer(reply);
        if (!row) {
          // A group's keepsake card: its first messages, and "and N more" when they do not fit.
          const group = await receivedGroupOf(request.params.token);
          if (!group) throw new HttpError(404, DELIVERY_TEXT.linkNotFound);
          const card = groupCardText(group.data.group!);
          const theme = chosenTheme(request.query.theme, null);
          return sendPng(reply, request.headers['if-none-match'], await cards(`group-${group.g.id}`, card.text, card.author, siteName(), { theme, format: request.query.format ?? 'og' }, { admit: () => renderThrottle(request) }), false);
        }
        const theme = chosenTheme(request.query.theme, row.card_theme);
        const format: CardFormat = request.query.format ?? 'og';
        const author = fullName(row.first_name, row.last_name) || ANONYMOUS;
        return sendPng(reply, request.headers['if-none-match'], await cards(`wish-${row.wish_id}`, row.text, author, siteName(), { theme, format, address: cardAddress(config.publicUrl, row.wish_id, row.is_public === 1) }, { admit: () => renderThrottle(request) }), false);
      },
    },
  };
});

