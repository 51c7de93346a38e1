/**
 * Link previews: the OpenGraph and Twitter tags a shared link unfurls with (docs/features.md → Link
 * previews). Crawlers are visitors, so every lookup is made as a visitor: a private wish (or one
 * that is otherwise not visible) gets the site's generic tags and no trace of its text. Every value
 * is HTML-escaped into an attribute; nothing user-written reaches the page unescaped.
 */
import type { Kysely } from 'kysely';
import { OPERATIONS } from '@wishes/kit-contract/api';
import type { Database } from '../db/types';
import { getVisibleWish } from '../wishes/queries';
import { findUser } from '../profiles/queries';
import { fullName } from '../wishes/visibility';
import { ANONYMOUS } from '@wishes/kit-contract/constants';
import { escapeHtml } from '@wishes/kit-ui/html';

export const DESCRIPTION_MAX = 200;
const SITE_DESCRIPTION = 'Write a wish for someone with help from AI, share it, and see what others wrote.';

export interface Preview {
  title: string;
  description: string;
  url: string;
  image: string;
  type: 'website' | 'article' | 'profile';
}

/** The site's own card (generic previews): GET /api/base/card.png. */
export const SITE_CARD_PATH = OPERATIONS.getSiteCard.path;
export const wishCardPath = (id: number) => `/api/base/wish/${id}/card.png`;

export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

const ID = /^[1-9]\d{0,9}$/;

/** The preview for a page path; generic for every path that is not a visible wish or a known user. */
export async function previewFor(db: Kysely<Database>, pathname: string, publicUrl: string, siteName: string): Promise<Preview> {
  const base = publicUrl.replace(/\/+$/, '');
  const generic: Preview = { title: siteName, description: SITE_DESCRIPTION, url: base + (pathname === '/' ? '/' : pathname), image: base + SITE_CARD_PATH, type: 'website' };
  const trimmed = pathname.replace(/\/+$/, '');
  const wish = /^\/wish\/(\d+)$/.exec(trimmed);
  if (wish && ID.test(wish[1]!) && Number(wish[1]) <= 2_147_483_647) {
    const id = Number(wish[1]);
    const found = await getVisibleWish(db, id, null);
    if (!found || !found.is_public) return { ...generic, url: base + '/' };
    return {
      title: `Wish by ${found.author} | ${siteName}`,
      description: truncate(found.text, DESCRIPTION_MAX),
      url: `${base}/wish/${id}`,
      image: base + wishCardPath(id),
      type: 'article',
    };
  }
  const user = /^\/user\/(\d+)$/.exec(trimmed);
  if (user && ID.test(user[1]!) && Number(user[1]) <= 2_147_483_647) {
    const found = await findUser(db, Number(user[1]));
    if (!found) return { ...generic, url: base + '/' };
    const name = fullName(found.first_name, found.last_name) || ANONYMOUS;
    return {
      title: name,
      description: `Wishes by ${name} on ${siteName}`,
      url: `${base}/user/${found.id}`,
      image: found.avatar_url ? base + found.avatar_url : base + SITE_CARD_PATH,
      type: 'profile',
    };
  }
  return generic;
}

/**
 * A written value (a name, a wish's text, the site's name) for HTML text or a double-quoted
 * attribute: plain UTF-8 text (the page is UTF-8), with only the four characters that could end a
 * double-quoted value or start markup escaped as named references (&amp; &lt; &gt; &quot;). The
 * apostrophe stays as it is: every value here is in double quotes, so it ends nothing. Inert in both
 * contexts, decoded back to the exact text by every HTML parser and unfurler, and readable in the
 * source: no numeric character reference at all.
 */
export function encodeUserText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The <meta> elements for a preview (og:*, twitter:*), each value escaped. */
export function previewTags(preview: Preview, siteName: string): string {
  const og: Array<[string, string]> = [
    ['og:site_name', siteName],
    ['og:type', preview.type],
    ['og:title', preview.title],
    ['og:description', preview.description],
    ['og:url', preview.url],
    ['og:image', preview.image],
  ];
  if (preview.image.endsWith('.png') && !preview.image.includes('/media/')) og.push(['og:image:width', '1200'], ['og:image:height', '630']);
  const twitter: Array<[string, string]> = [
    ['twitter:card', 'summary_large_image'],
    ['twitter:title', preview.title],
    ['twitter:description', preview.description],
    ['twitter:image', preview.image],
  ];
  // Titles, descriptions and the site's name are text; URLs and the type are built here (escaped all the same).
  const value = (key: string, content: string) => (/title|description|site_name/.test(key) ? encodeUserText(content) : escapeHtml(content));
  return [
    ...og.map(([property, content]) => `<meta property="${property}" content="${value(property, content)}">`),
    ...twitter.map(([name, content]) => `<meta name="${name}" content="${value(name, content)}">`),
  ].join('');
}
