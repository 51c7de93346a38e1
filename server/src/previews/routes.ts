/** The PNG cards behind og:image: one per public wish, and the site's own card for generic previews. */
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { defineRoutes } from '../app/operations';
import { HttpError } from '../app/errors';
import { parseId } from '../app/params';
import { loadOptions } from '../options/load';
import { getVisibleWish } from '../wishes/queries';
import { createCardCache } from './card';

const NOT_FOUND = 'Wish not found';
const SITE_DESCRIPTION = 'Write a wish for someone with help from AI, share it, and see what others wrote.';

export default defineRoutes((_app, deps) => {
  const { db, config } = deps;
  const cardFor = createCardCache(path.join(config.dataDir, 'cards'));
  const siteName = () => loadOptions(config.optionsPath, config.siteName).options.site_name;

  const sendPng = (reply: FastifyReply, ifNoneMatch: string | undefined, card: { png: Buffer; etag: string }) => {
    // Short-lived: a wish made private must stop showing its card soon in caches too.
    reply.header('ETag', card.etag).header('Cache-Control', 'public, max-age=300').header('X-Content-Type-Options', 'nosniff');
    if (ifNoneMatch === card.etag) return reply.code(304).send();
    return reply.type('image/png').send(card.png);
  };

  return {
    getWishCard: {
      handler: async (request, reply) => {
        const id = parseId(request.params.id, NOT_FOUND);
        // As a visitor: the card is public by nature (crawlers fetch it anonymously).
        const wish = await getVisibleWish(db, id, null);
        if (!wish || !wish.is_public) throw new HttpError(404, NOT_FOUND);
        return sendPng(reply, request.headers['if-none-match'], await cardFor(`wish-${id}`, wish.text, wish.author, siteName()));
      },
    },

    getSiteCard: {
      handler: async (request, reply) => sendPng(reply, request.headers['if-none-match'], await cardFor('site', SITE_DESCRIPTION, siteName(), siteName())),
    },
  };
});
