/** The PNG cards: one per wish in a theme and a format (og:image, downloads), the themes, and the site's own card. */
import type { CardFormat } from '@wishes/kit-contract/api';
import { defineRoutes, type AppDeps } from '../app/deps';

/** A rendering the read model keeps beside a card (its type as deps.readModel takes it). */
type CardAnswer = Parameters<AppDeps['readModel']['keepCardAnswer']>[3];
import { HttpError } from '../platform/errors';
import { parseId } from '../platform/params';
import { loadOptions } from '../options/load';
import { cardAddress, cardCacheFor, chosenTheme, etagMatches, sendNotModified, sendPng } from './service';
import { cardSource, cardVisibleTo } from './queries';
import { cardIdentity } from './card';
import { cardThemeList } from './card-themes';
import { cardRenderThrottle } from './render-queue';

const NOT_FOUND = 'Wish not found';
const SITE_DESCRIPTION = 'Write a wish for someone with help from AI, share it, and see what others wrote.';
export default defineRoutes((app, deps) => {
  const { db, config } = deps;
  const cardFor = cardCacheFor(config.dataDir, config.cardRenderQueue);
  // Counted only when a card must be drawn (render-queue.ts): a cached card costs nothing.
  const throttle = cardRenderThrottle(app, config.cardRendersPerIpMinute, config.rateLimitScale);
  const siteName = () => loadOptions(config.optionsPath, config.siteName).options.site_name;

  return {
    getWishCard: {
      handler: async (request, reply) => {
        const id = parseId(request.params.id, NOT_FOUND);
        const viewerId = request.userId ?? null;
        // The wish's card as the read model holds it (read-model.ts: dropped on every change to
        // the wish, its author or its visibility), else read now and not held.
        const model = deps.readModel;
        const found = model.enabled ? model.heldCard(id, () => cardSource(db, id)) : cardSource(db, id).then((source) => source && { source, answers: new Map<string, CardAnswer>(), bytes: 0 });
        const held = found instanceof Promise ? await found : found;
        // Visitors (crawlers) get visible public wishes' cards; the author also their private ones; a hidden wish has none.
        if (!held || !cardVisibleTo(held.source, viewerId)) throw new HttpError(404, NOT_FOUND);
        const wish = held.source;
        const theme = chosenTheme(request.query.theme, wish.cardTheme);
        const format: CardFormat = request.query.format ?? 'og';
        const site = siteName();
        // A text too long for the card ends with "…" and, for a public wish, its address.
        const address = cardAddress(config.publicUrl, id, wish.isPublic);
        const key = `${theme ?? ''}\u0000${format}\u0000${site}`;
        let answer = held.answers.get(key);
        if (!answer) {
          // The ETag names what is drawn, so a client holding this card is answered before any PNG is looked up.
          const { etag } = cardIdentity(`wish-${id}`, wish.text, wish.author, site, { theme, format, address });
          if (etagMatches(request.headers['if-none-match'], etag)) return sendNotModified(reply, etag, wish.isPublic);
          answer = await cardFor(`wish-${id}`, wish.text, wish.author, site, { theme, format, address }, { admit: () => throttle(request) });
          model.keepCardAnswer(id, held, key, answer);
        }
        return sendPng(reply, request.headers['if-none-match'], answer, wish.isPublic);
      },
    },

    listCardThemes: { handler: async () => cardThemeList() },

    getSiteCard: {
      handler: async (request, reply) => sendPng(reply, request.headers['if-none-match'], await cardFor('site', SITE_DESCRIPTION, siteName(), siteName(), {}, { admit: () => throttle(request) })),
    },
  };
});

