/**
 * The feed's first paint: the first page of wishes as plain HTML and CSS, written into the page by
 * the server so the first card shows while the JavaScript is still on its way (the cold-load
 * budget: first card ≤ 0.6 s unthrottled, ≤ 2 s on slow 4G with a 4× slower CPU, which no
 * client-rendered page can meet: the scripts alone take longer to arrive on that network).
 *
 * No React here (the server imports it). The markup mirrors mf-feed's WishCard, class for class,
 * and the CSS mirrors the rules of mf-feed's feed.css, wish.css and vote.css that those classes
 * use, so nothing moves when the live page replaces it; mf-feed's firstPaint.test.tsx fails when
 * the two drift apart. The shell keeps this element on screen as the route's loading state until
 * the feed remote has rendered (shell/src/remotes/firstPaint.tsx), then drops it. Links are real
 * links, so a click before the scripts arrive still goes where it says; the vote arrows are
 * buttons whose first press is held until the live card takes it (./earlyTap).
 */
import { authorAvatar, authorName } from './format';
import { escapeHtml } from './html';
import { ICON_PATHS } from './ui/iconPaths';
import { EARLY_MEMBER_CLASS, EARLY_TAP_ATTRIBUTE, EARLY_TAP_HELD_CLASS } from './earlyTap';

/** The element the server writes and the shell adopts. */
export const FIRST_PAINT_ELEMENT_ID = 'first-paint';
/** Set by the shell on that element when it stays beside a failure notice (its remote is dead). */
export const FIRST_PAINT_STALE_CLASS = 'first-paint--stale';

export interface FirstPaintWish {
  id: number;
  text: string;
  user_id: number;
  vote_count: number;
  /** The reader's own vote, drawn pressed as the live control draws it. */
  vote_type?: 'upvote' | 'downvote' | null;
  published_at?: string | null;
  created_at?: string | null;
  edited_at?: string | null;
  author?: string | null;
  user?: { full_name?: string | null; first_name?: string | null; last_name?: string | null; avatar_url?: string | null; avatar_thumbnail?: string | null } | null;
}

function icon(name: string, size: number, className = 'w-icon'): string {
  const paths = (ICON_PATHS[name] ?? []).map((d) => `<path d="${d}"></path>`).join('');
  return `<svg class="${className}" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><g>${paths}</g></svg>`;
}

/** The date as the live card shows it in an en-US browser (the live card uses the reader's locale). */
function shortDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US', { timeZone: 'UTC' });
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

function card(wish: FirstPaintWish): string {
  const name = escapeHtml(authorName(wish));
  const avatar = authorAvatar(wish);
  const profile = `/user/${wish.user_id}`;
  const path = `/wish/${wish.id}`;
  const when = wish.published_at || wish.created_at || '';
  const avatarHtml = avatar
    ? `<img class="feed-card__avatar" src="${escapeHtml(avatar)}" alt="" width="40" height="40">`
    : `<span class="feed-card__avatar feed-card__avatar--initial">${escapeHtml(authorName(wish).charAt(0).toUpperCase())}</span>`;
  // Drawn like a visitor's buttons (no vote-coloured hover); a press is held for the live card (./earlyTap).
  const pressed = (type: 'upvote' | 'downvote') => (wish.vote_type === type ? ` is-${type}` : '');
  const arrow = (type: 'upvote' | 'downvote') =>
    `<button type="button" class="feed-vote__btn feed-vote__btn--${type} feed-vote__btn--visitor${pressed(type)}" ${EARLY_TAP_ATTRIBUTE}="vote:${wish.id}:${type}" aria-label="${type === 'upvote' ? 'Upvote' : 'Downvote'}" aria-pressed="${wish.vote_type === type}">${icon(type, 20)}</button>`;
  const edited = wish.edited_at ? `<p class="feed-card__flags"><span class="feed-card__flag">Edited <time datetime="${escapeHtml(wish.edited_at)}">${shortDate(wish.edited_at)}</time></span></p>` : '';
  return (
    `<li class="feed-list__item"><article class="feed-card" aria-label="Wish by ${name}">` +
    `<header class="feed-card__header"><a class="feed-card__avatar-link" tabindex="-1" aria-hidden="true" href="${profile}">${avatarHtml}</a>` +
    `<div class="feed-card__meta"><a class="feed-card__author" href="${profile}">${name}</a>` +
    `<a class="feed-card__date" href="${path}"><time datetime="${escapeHtml(when)}">${shortDate(when)}</time></a></div>` +
    `<div class="feed-menu"><span class="feed-menu__button">${icon('more', 24)}</span></div></header>` +
    `<a class="feed-card__text feed-card__text--link" href="${path}">${escapeHtml(wish.text)}</a>${edited}` +
    `<footer class="feed-card__footer"><div class="feed-vote" role="group" aria-label="Votes">${arrow('upvote')}` +
    `<span class="feed-vote__count"><span>${signed(wish.vote_count)}</span>${icon('subscriptions', 16, 'w-icon feed-vote__count-icon')}</span>` +
    `${arrow('downvote')}</div></footer></article></li>`
  );
}

/**
 * The feed page's first paint for `path` (the page it stands in for): the title and the cards of
 * the first page. Empty when there is nothing to show (the live page's empty state is better).
 */
export function renderFeedFirstPaint(path: string, wishes: readonly FirstPaintWish[]): string {
  if (wishes.length === 0) return '';
  return (
    `<div id="${FIRST_PAINT_ELEMENT_ID}" class="first-paint" data-path="${escapeHtml(path)}">` +
    `<div class="feed-page"><h1 class="feed-page__title">Feed</h1><div class="first-paint__switch" aria-hidden="true"></div><ul class="feed-list">${wishes.map(card).join('')}</ul></div></div>`
  );
}

/**
 * The rules the first paint needs before any script: the shell's main area (only while the element
 * sits straight in #root; inside the shell's <main> that padding is already there) and mf-feed's
 * card rules for the classes above.
 */
export const FIRST_PAINT_CSS = [
  '#root>.first-paint{max-width:1100px;margin:0 auto;padding:16px 12px 32px}',
  '@media (min-width:640px){#root>.first-paint{padding:24px 20px 40px}}',
  '.first-paint,.first-paint *{box-sizing:border-box}',
  '.first-paint .w-icon{display:inline-block;vertical-align:middle;flex:none}',
  '.first-paint .feed-page{max-width:720px;margin:0 auto;padding:16px 12px 32px}',
  '.first-paint .feed-page__title{font-size:1.6rem;margin:0 0 16px}',
  '.first-paint .feed-list{list-style:none;margin:0;padding:0;display:grid;gap:16px}',
  '.first-paint .feed-card{background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:14px 16px;box-shadow:0 1px 3px rgba(0,0,0,.06);color:#1f2937}',
  '.first-paint .feed-card__header{display:flex;align-items:center;gap:10px}',
  '.first-paint .feed-card__avatar{width:40px;height:40px;border-radius:50%;object-fit:cover;display:inline-flex;align-items:center;justify-content:center}',
  '.first-paint .feed-card__avatar--initial{background:#7c3aed;color:#fff;font-weight:700}',
  '.first-paint .feed-card__avatar-link{flex:none;line-height:0}',
  '.first-paint .feed-card__meta{display:flex;flex-direction:column;min-width:0;flex:1}',
  '.first-paint .feed-card__author{font-weight:700;color:#1f2937;text-decoration:none;overflow-wrap:anywhere}',
  '.first-paint .feed-card__date{font-size:.85rem;color:#4b5563;text-decoration:none}',
  '.first-paint .feed-card__text{display:block;margin:12px 0;white-space:pre-wrap;overflow-wrap:anywhere;line-height:1.5;color:inherit;text-decoration:none}',
  '.first-paint .feed-card__footer{display:flex;justify-content:flex-start}',
  '.first-paint .feed-menu{position:relative;flex:none}',
  '.first-paint .feed-menu__button{width:40px;height:40px;border-radius:50%;color:#1f2937;display:inline-flex;align-items:center;justify-content:center}',
  '.first-paint .feed-vote{display:inline-flex;align-items:center;gap:6px;flex-wrap:wrap}',
  '.first-paint .feed-vote__btn,.first-paint .feed-vote__count{display:inline-flex;align-items:center;justify-content:center;gap:4px;min-width:44px;min-height:44px;border:1px solid #d1d5db;border-radius:999px;background:#fff;color:#1f2937;font-weight:700}',
  '.first-paint .feed-vote__count{padding:0 12px;color:#5b21b6;border-color:#c4b5fd;font-variant-numeric:tabular-nums}',
  '.first-paint .feed-vote__count-icon{opacity:.85}',
  // Buttons laid out as the live card's (vote.css), so nothing moves when it replaces them.
  '.first-paint button.feed-vote__btn{font:inherit;font-weight:700;cursor:pointer;-webkit-tap-highlight-color:transparent}',
  '.first-paint .feed-vote__btn:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}',
  // The held press (./earlyTap): pressed in and busy, the count untouched (it is the server's).
  `.first-paint .feed-vote__btn.${EARLY_TAP_HELD_CLASS}{background:#ede9fe;border:2px dashed #5b21b6;color:#5b21b6;transform:scale(.95);cursor:progress}`,
  `.first-paint .feed-vote__btn[aria-disabled=true]:not(.${EARLY_TAP_HELD_CLASS}){cursor:progress}`,
  // A member's All / Following switch (the live page draws it): its space is kept from the start.
  `.${EARLY_MEMBER_CLASS} .first-paint__switch{height:44px;margin:0 0 16px}`,
  '.first-paint .feed-vote__btn.is-upvote{background:#15803d;border-color:#15803d;color:#fff}',
  '.first-paint .feed-vote__btn.is-downvote{background:#b91c1c;border-color:#b91c1c;color:#fff}',
  '.first-paint .feed-card__flags{display:flex;flex-wrap:wrap;gap:6px;margin-top:8px}',
  '.first-paint .feed-card__flag{font-size:.8rem;padding:2px 8px;border-radius:999px;background:#f3f4f6;color:#374151}',
  // Beside the failure notice (the remote could not load) the drawn controls never come alive:
  // hidden, so nobody presses a vote or menu that does nothing. The count and the links stay.
  `.${FIRST_PAINT_STALE_CLASS} .feed-menu,.${FIRST_PAINT_STALE_CLASS} .feed-vote__btn{display:none}`,
].join('');
