/** The cards other areas draw and send too (wishes, deliveries): the chosen theme, sending a PNG, the card cache. */
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { HttpError } from '../platform/errors';
import { CARD_MEMORY, createCardCache } from './card';
import { renderQueueFor } from './render-queue';
import { isCardTheme } from './card-themes';

export const UNKNOWN_THEME = 'Unknown card theme.';

/** The theme asked for (400 when unknown), else the wish's own. */
export function chosenTheme(asked: string | undefined, stored: string | null | undefined): string | null {
  if (asked === undefined || asked === '') return stored ?? null;
  if (!isCardTheme(asked)) throw new HttpError(400, UNKNOWN_THEME, { fields: { theme: UNKNOWN_THEME } });
  return asked;
}

/** Whether an If-None-Match header names this ETag (a list, weak validators and `*` included). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** The headers every card answer carries, a 304 included: `shared` cards (public wishes) may sit in public caches for a while, others stay private. */
function cardHeaders(reply: FastifyReply, etag: string, shared: boolean) {
  // Short-lived: a wish made private must stop showing its card soon in caches too.
  return reply.header('ETag', etag).header('Cache-Control', shared ? 'public, max-age=300' : 'private, no-store').header('X-Content-Type-Options', 'nosniff');
}

/** 304 for a card the client already holds (its ETag is known before the PNG is looked up). */
export function sendNotModified(reply: FastifyReply, etag: string, shared = true) {
  return cardHeaders(reply, etag, shared).code(304).send();
}

/** Sends a card, or 304 when the client holds this one. */
export function sendPng(reply: FastifyReply, ifNoneMatch: string | undefined, card: { png: Buffer; etag: string }, shared = true) {
  if (etagMatches(ifNoneMatch, card.etag)) return sendNotModified(reply, card.etag, shared);
  return cardHeaders(reply, card.etag, shared).type('image/png').send(card.png);
}

/**
 * What a card too long to be drawn whole ends with after "…": a public wish's address (without the
 * scheme), so the reader knows where the rest is; a private wish's card names no address. Every card
 * of a wish (its page's, the mail's, the recipient page's) is drawn with it, so they are one card.
 */
export function cardAddress(publicUrl: string, wishId: number, isPublic: boolean): string | undefined {
  return isPublic ? `${publicUrl.replace(/^https?:\/\//u, '').replace(/\/+$/u, '')}/wish/${wishId}` : undefined;
}

const caches = new Map<string, ReturnType<typeof createCardCache>>();
/** Renders at once and renders waiting when a config does not say (Config.cardRenderQueue). */
const DEFAULT_QUEUE = { concurrency: 2, waiting: 16 };
/** One card cache per data folder, shared by every area that draws cards (previews, deliveries, mail), with its render queue. */
export function cardCacheFor(dataDir: string, queue: { concurrency: number; waiting: number } = DEFAULT_QUEUE) {
  let cache = caches.get(dataDir);
  if (!cache) caches.set(dataDir, (cache = createCardCache(path.join(dataDir, 'cards'), CARD_MEMORY, renderQueueFor(path.join(dataDir, 'cards'), queue))));
  return cache;
}
