/**
 * The server draws the feed's first page before any script (@wishes/kit-ui/firstPaint) and the
 * live WishCard replaces it in place. These checks fail when the two drift apart: the same
 * elements with the same classes down the card, and every rule of the first paint's CSS naming a
 * class that mf-feed's own stylesheets style.
 */
import fs from 'node:fs';
import path from 'node:path';
import { FIRST_PAINT_CSS, renderFeedFirstPaint } from '@wishes/kit-ui/firstPaint';
import WishCardRemote from './WishCard';
import { makeWish } from '../test/fixtures';
import { renderAt, resetSharedState } from '@wishes/kit-test';

beforeEach(() => resetSharedState());

/** Tag and classes of every element that carries a class, in document order (icons aside). */
function skeleton(root: Element): string[] {
  return [...root.querySelectorAll('[class]')]
    .filter((element) => !element.closest('svg'))
    .map((element) => `${element.className}`.split(/\s+/).filter((name) => name.startsWith('feed-')).sort().join('.'))
    .filter(Boolean);
}

function firstPaintCard(wish: Parameters<typeof renderFeedFirstPaint>[1][number]): Element {
  const holder = document.createElement('div');
  holder.innerHTML = renderFeedFirstPaint('/feed', [wish]);
  const article = holder.querySelector('article.feed-card');
  if (!article) throw new Error('no card in the first paint');
  return article;
}

describe('the first paint mirrors the live card', () => {
  it.each([
    ['without an avatar', makeWish({ id: 3, vote_count: 2 })],
    ['with an avatar, edited', makeWish({ id: 4, edited_at: '2026-11-20T10:00:00.000Z', user: { id: 9, full_name: 'Grace Hopper', first_name: 'Grace', last_name: 'Hopper', avatar_url: '/media/a.png', avatar_thumbnail: '/media/a_t.png' } })],
  ])('has the same elements and classes %s', (_label, wish) => {
    const { container } = renderAt(<WishCardRemote wish={wish} />);
    const live = container.querySelector('article.feed-card');
    expect(live).not.toBeNull();
    const drawn = firstPaintCard(wish);
    expect(skeleton(drawn)).toEqual(skeleton(live as Element));
    expect(drawn.getAttribute('aria-label')).toBe(live?.getAttribute('aria-label'));
    expect(drawn.querySelector('.feed-card__text')?.textContent).toBe(live?.querySelector('.feed-card__text')?.textContent);
    expect(drawn.querySelector('.feed-card__text')?.getAttribute('href')).toBe(`/wish/${wish.id}`);
    expect(drawn.querySelector('.feed-vote__count')?.textContent).toBe(live?.querySelector('.feed-vote__count')?.textContent);
  });

  it('escapes what people wrote', () => {
    const drawn = firstPaintCard(makeWish({ text: '<img src=x onerror=alert(1)> & "quotes"', author: '<b>x</b>', user: undefined }));
    expect(drawn.querySelector('img')).toBeNull();
    expect(drawn.querySelector('.feed-card__text')?.textContent).toBe('<img src=x onerror=alert(1)> & "quotes"');
  });

  it('styles only classes that mf-feed styles too', () => {
    const sheets = ['feed/feed.css', 'wish/wish.css', 'vote/vote.css', 'own/own.css'].map((file) => fs.readFileSync(path.join(__dirname, '..', file), 'utf8')).join('\n');
    const classes = new Set([...FIRST_PAINT_CSS.matchAll(/\.(feed-[\w-]+)/g)].map((match) => match[1]));
    expect(classes.size).toBeGreaterThan(10);
    for (const name of classes) expect(sheets).toContain(`.${name}`);
  });

  it('draws nothing for an empty page', () => {
    expect(renderFeedFirstPaint('/feed', [])).toBe('');
  });
});
