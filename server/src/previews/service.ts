/** The cards other areas draw and send too (wishes, deliveries): the chosen theme, sending a PNG, the card cache. */
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { HttpError } from '../app/errors';
import { createCardCache } from './card';
import { isCardTheme } from './card-themes';

export const UNKNOWN_THEME = 'Unknown card theme.';

/** The theme asked for (400 when unknown), else the wish's own. */
export function chosenTheme(asked: string | undefined, stored: string | null | undefined): string | null {
  if (asked === undefined || asked === '') return stored ?? null;
  if (!isCardTheme(asked)) throw new HttpError(400, UNKNOWN_THEME, { fields: { theme: UNKNOWN_THEME } });
  return asked;
}

/** Sends a card; `shared` cards (public wishes) may sit in public caches for a while, others stay private. */
export function sendPng(reply: FastifyReply, ifNoneMatch: string | undefined, card: { png: Buffer; etag: string }, shared = true) {
  // Short-lived: a wish made private must stop showing its card soon in caches too.
  reply.header('ETag', card.etag).header('Cache-Control', shared ? 'public, max-age=300' : 'private, no-store').header('X-Content-Type-Options', 'nosniff');
  if (ifNoneMatch === card.etag) return reply.code(304).send();
  return reply.type('image/png').send(card.png);
}

const caches = new Map<string, ReturnType<typeof createCardCache>>();
/** One card cache per data folder, shared by every area that draws cards (previews, deliveries, mail). */
export function cardCacheFor(dataDir: string) {
  let cache = caches.get(dataDir);
  if (!cache) caches.set(dataDir, (cache = createCardCache(path.join(dataDir, 'cards'))));
  return cache;
}
