/** The PNG cards: one per wish in a theme and a format (og:image, downloads), the themes, and the site's own card. */
import type { CardFormat } from '@wishes/shared/contract';
import { defineRoutes } from '../app/operations';
import { HttpError } from '../app/errors';
import { parseId } from '../app/params';
import { loadOptions } from '../options/load';
import { getVisibleWish } from '../wishes/queries';
import { cardCacheFor, chosenTheme, sendPng } from './service';
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

