/** The data a page carries so its first screen needs no API call: /feed's first page, /user/{id}'s profile and wishes. */
import type { FastifyRequest } from 'fastify';
import type { EmbeddedData } from '@wishes/kit-contract/api';
import { FEED } from '@wishes/kit-contract/constants';
import { FIRST_PAINT_CSS, renderFeedFirstPaint } from '@wishes/kit-ui/firstPaint';
import { EARLY_TAP_SCRIPT } from '@wishes/kit-ui/earlyTap';
import type { AppDeps } from '../app/deps';
import { feedPage, userWishesPage } from '../wishes/feeds';
import { getProfile } from '../profiles/queries';

export async function embeddedFor({ db, readModel }: Pick<AppDeps, 'db' | 'readModel'>, request: FastifyRequest, pathname: string): Promise<EmbeddedData | undefined> {
  const viewerId = request.userId ?? null;
  const trimmed = pathname.replace(/\/+$/, '');
  if (trimmed === '/feed') {
    return { path: '/feed', feed: await feedPage(readModel, FEED.firstPage, FEED.pageSize, viewerId) };
  }
  const match = /^\/user\/(\d{1,15})$/.exec(trimmed);
  if (match) {
    const userId = Number(match[1]);
    if (!Number.isSafeInteger(userId) || userId <= 0) return undefined;
    const profile = await getProfile(db, userId, viewerId);
    // An unknown user: the page asks the API itself and shows its own not-found message.
    if (!profile) return undefined;
    const wishes = await userWishesPage(db, userId, FEED.firstPage, FEED.pageSize, viewerId);
    return { path: `/user/${userId}`, profile: { profile, wishes } };
  }
  return undefined;
}

/** The feed's first page drawn in HTML: the first card shows before any script has arrived. */
export function firstPaintOf(embedded: EmbeddedData | undefined): { html: string; css: string; script: string } | undefined {
  const html = embedded?.feed ? renderFeedFirstPaint(embedded.path, embedded.feed.wishes) : '';
  // The script holds a press on a drawn vote arrow for the live card (@wishes/kit-ui/earlyTap).
  return html ? { html, css: FIRST_PAINT_CSS, script: EARLY_TAP_SCRIPT } : undefined;
}
