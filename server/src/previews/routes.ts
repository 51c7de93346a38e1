/** The PNG cards behind og:image: one per public wish, and the site's own card for generic previews. */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdParamSchema } from '@wishes/shared/contract';
import type { AppDeps } from '../app/deps';
import { HttpError } from '../app/errors';
import { parseId } from '../app/params';
import { loadOptions } from '../app/options';
import { getVisibleWish } from '../wishes/queries';
import { createCardCache } from './card';
import { SITE_CARD_PATH } from './meta';

const NOT_FOUND = 'Wish not found';
const SITE_DESCRIPTION = 'Write a wish for someone with help from AI, share it, and see what others wrote.';

export default async function previewRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = deps;
  const cardFor = createCardCache(path.join(config.dataDir, 'cards'));
  const siteName = () => loadOptions(config.optionsPath, config.siteName).options.site_name;

  const sendPng = (reply: import('fastify').FastifyReply, ifNoneMatch: string | undefined, card: { png: Buffer; etag: string }) => {
    // Short-lived: a wish made private must stop showing its card soon in caches too.
    reply.header('ETag', card.etag).header('Cache-Control', 'public, max-age=300').header('X-Content-Type-Options', 'nosniff');
    if (ifNoneMatch === card.etag) return reply.code(304).send();
    return reply.type('image/png').send(card.png);
  };

  app.get(
    '/api/base/wish/:id/card.png',
    { schema: { tags: ['previews'], description: 'A 1200×630 PNG of a public wish (text and author) for link previews; 404 for a private, hidden or missing wish.', params: IdParamSchema } },
    async (request, reply) => {
      const id = parseId(request.params.id, NOT_FOUND);
      // As a visitor: the card is public by nature (crawlers fetch it anonymously).
      const wish = await getVisibleWish(db, id, null);
      if (!wish || !wish.is_public) throw new HttpError(404, NOT_FOUND);
      return sendPng(reply, request.headers['if-none-match'], await cardFor(`wish-${id}`, wish.text, wish.author, siteName()));
    },
  );

  app.get(SITE_CARD_PATH, { schema: { tags: ['previews'], description: "The site's 1200×630 PNG card (generic link previews)." } }, async (request, reply) =>
    sendPng(reply, request.headers['if-none-match'], await cardFor('site', SITE_DESCRIPTION, siteName(), siteName())),
  );
}
