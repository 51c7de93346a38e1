/** The PNG cards: one per wish in a theme and a format (og:image, downloads), the themes, and the site's own card. */
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { CardFormat } from '@wishes/shared/contract';
import { defineRoutes } from '../app/operations';
import { HttpError } from '../app/errors';
import { parseId } from '../app/params';
import { loadOptions } from '../options/load';
import { getVisibleWish } from '../wishes/queries';
import { createCardCache } from './card';
import { cardThemeList, isCardTheme } from './card-themes';

const NOT_FOUND = 'Wish not found';
const SITE_DESCRIPTION = 'Write a wish for someone with help from AI, share it, and see what others wrote.';
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

export default defineRoutes((_app, deps) => {
  const { db, config } = deps;
  const cardFor = cardCacheFor(config.dataDir);
  const siteName = () => loadOptions(config.optionsPath, config.siteName).options.site_name;

  return {
    getWishCard: {
      handler: async (request, reply) => {
        const id = parseId(request.params.id, NOT_FOUND);
        // Visitors (crawlers) see visible public wishes; the author also their private ones.
        const wish = await getVisibleWish(db, id, request.userId ?? null);
        if (!wish || (!wish.is_public && wish.user_id !== request.userId)) throw new HttpError(404, NOT_FOUND);
        // A wish hidden by moderation has no card, for its author neither (a card is for sharing).
        const row = await db.selectFrom('wishes').select(['hidden', 'card_theme']).where('id', '=', id).executeTakeFirst();
        if (!row || row.hidden !== 0) throw new HttpError(404, NOT_FOUND);
        const theme = chosenTheme(request.query.theme, row.card_theme);
        const format: CardFormat = request.query.format ?? 'og';
        const card = await cardFor(`wish-${id}`, wish.text, wish.author, siteName(), { theme, format });
        return sendPng(reply, request.headers['if-none-match'], card, wish.is_public);
      },
    },

    listCardThemes: { handler: async () => cardThemeList() },

    getSiteCard: {
      handler: async (request, reply) => sendPng(reply, request.headers['if-none-match'], await cardFor('site', SITE_DESCRIPTION, siteName(), siteName())),
    },
  };
});

