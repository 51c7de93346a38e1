/** The PNG cards: one per wish in a theme and a format (og:image, downloads), the themes, and the site's own card. */
import type { CardFormat } from '@wishes/shared/contract';
import { defineRoutes } from '../app/operations';
import { HttpError } from '../app/errors';
import { parseId } from '../app/params';
import { loadOptions } from '../options/load';
import { cardCacheFor, chosenTheme, etagMatches, sendNotModified, sendPng } from './service';
import { cardSource } from './queries';
import { cardIdentity } from './card';
import { cardThemeList } from './card-themes';

const NOT_FOUND = 'Wish not found';
const SITE_DESCRIPTION = 'Write a wish for someone with help from AI, share it, and see what others wrote.';
export default defineRoutes((_app, deps) => {
  const { db, config } = deps;
  const cardFor = cardCacheFor(config.dataDir);
  const siteName = () => loadOptions(config.optionsPath, config.siteName).options.site_name;

  return {
    getWishCard: {
      handler: async (request, reply) => {
        const id = parseId(request.params.id, NOT_FOUND);
        // Visitors (crawlers) see visible public wishes; the author also their private ones.
        const wish = await cardSource(db, id, request.userId ?? null);
        if (!wish || (!wish.isPublic && wish.userId !== request.userId)) throw new HttpError(404, NOT_FOUND);
        // A wish hidden by moderation has no card, for its author neither (a card is for sharing).
        if (wish.hidden) throw new HttpError(404, NOT_FOUND);
        const theme = chosenTheme(request.query.theme, wish.cardTheme);
        const format: CardFormat = request.query.format ?? 'og';
        const site = siteName();
        // The ETag names what is drawn, so a client holding this card is answered before any PNG is looked up.
        const { etag } = cardIdentity(`wish-${id}`, wish.text, wish.author, site, { theme, format });
        if (etagMatches(request.headers['if-none-match'], etag)) return sendNotModified(reply, etag, wish.isPublic);
        const card = await cardFor(`wish-${id}`, wish.text, wish.author, site, { theme, format });
        return sendPng(reply, undefined, card, wish.isPublic);
      },
    },

    listCardThemes: { handler: async () => cardThemeList() },

    getSiteCard: {
      handler: async (request, reply) => sendPng(reply, request.headers['if-none-match'], await cardFor('site', SITE_DESCRIPTION, siteName(), siteName())),
    },
  };
});

