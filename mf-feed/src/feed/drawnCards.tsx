/**
 * The server's drawn cards (@wishes/kit-ui/firstPaint) below the first few, kept on screen through
 * the feed's first live render, so that render builds only the cards a visitor sees first.
 *
 * On a cold /feed the live page's first render and commit were most of the main-thread time
 * between the scripts' arrival and the live card (at 4x CPU: React building ten cards, their
 * links, menus and vote controls). The cards past the first LIVE_FIRST are almost always below
 * the fold then, so the first render puts the server's drawn <article> of each (already parsed,
 * laid out and painted, class for class the live card's markup: mf-feed's firstPaint.test.tsx)
 * in its place instead, and the next render, a transition right after the first commit, replaces
 * them with live cards. Nothing moves and nothing the first paint showed goes missing; a drawn
 * card's links are real links, its vote and menu controls come alive with that next render.
 */
import { useLayoutEffect, useRef } from 'react';

/**
 * @wishes/kit-ui/firstPaint's FIRST_PAINT_ELEMENT_ID, written out: importing that module would
 * bundle its drawing code and CSS (~1 KB gzip) into the feed's page chunk (drawnCards.test.tsx
 * holds the two equal).
 */
export const FIRST_PAINT_ID = 'first-paint';

/** Live cards in the first render: a phone's first screen holds three or four, a laptop's fewer. */
export const LIVE_FIRST = 4;

/**
 * The drawn cards of the server's first paint for `path`, by wish id (the <article> of each), or
 * null when there is none (not the page first loaded, or no first paint at all).
 */
export function takeDrawnCards(path: string, doc: Document = document): Map<number, HTMLElement> | null {
  const root = doc.getElementById(FIRST_PAINT_ID);
  if (!root || root.dataset.path !== path) return null;
  const cards = new Map<number, HTMLElement>();
  for (const article of root.querySelectorAll<HTMLElement>('article.feed-card')) {
    const id = /^\/wish\/(\d+)$/.exec(article.querySelector('a.feed-card__text')?.getAttribute('href') ?? '')?.[1];
    if (id) cards.set(Number(id), article);
  }
  return cards.size > 0 ? cards : null;
}

/**
 * A list item holding a drawn card. The `first-paint` class gives it the first paint's card rules
 * (FIRST_PAINT_CSS); the node moves in before the browser paints (a layout effect), so the frame
 * shows it where the server drew it.
 */
export function DrawnCard({ node }: { node: HTMLElement }) {
  const item = useRef<HTMLLIElement>(null);
  useLayoutEffect(() => {
    item.current?.appendChild(node);
  }, [node]);
  return <li ref={item} className="feed-list__item first-paint" />;
}
