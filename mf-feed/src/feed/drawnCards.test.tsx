/**
 * The feed's first render keeps the server's drawn cards past the first few (./drawnCards) and the
 * next render makes them live: the same nodes the first paint showed, then live cards.
 */
import { act, within } from '@testing-library/react';
import { EMBEDDED_ELEMENT_ID, setOptions } from '@wishes/kit-client';
import { FIRST_PAINT_ELEMENT_ID, renderFeedFirstPaint } from '@wishes/kit-ui/firstPaint';
import { renderAt, resetSharedState } from '@wishes/kit-test';
import FeedPage from './FeedPage';
import WishList from '../wish/WishList';
import { FIRST_PAINT_ID, LIVE_FIRST, takeDrawnCards } from './drawnCards';
import { feedPage, OPTIONS, wishes } from '../test/fixtures';
import { answer, API } from '../test/http';

/** The server's first paint of /feed for `list`, in the page as the server writes it. */
function drawFirstPaint(list: ReturnType<typeof wishes>, path = '/feed'): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = renderFeedFirstPaint(path, list);
  const element = holder.firstElementChild as HTMLElement;
  document.body.appendChild(element);
  return element;
}

function embed(list: ReturnType<typeof wishes>) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = EMBEDDED_ELEMENT_ID;
  script.textContent = JSON.stringify({ path: '/feed', feed: feedPage(list, 1, 2) });
  document.body.appendChild(script);
}

beforeEach(() => {
  resetSharedState();
  setOptions(OPTIONS);
});
afterEach(() => {
  document.getElementById('first-paint')?.remove();
  document.getElementById(EMBEDDED_ELEMENT_ID)?.remove();
});

it("looks for the server's first-paint element by its id", () => {
  expect(FIRST_PAINT_ID).toBe(FIRST_PAINT_ELEMENT_ID);
});

it('finds the drawn card of each wish, only for the page the first paint stands for', () => {
  const list = wishes(1, 3);
  drawFirstPaint(list);
  const cards = takeDrawnCards('/feed');
  expect([...(cards?.keys() ?? [])]).toEqual(list.map((wish) => wish.id));
  expect(cards?.get(list[1].id)?.textContent).toContain(list[1].text);
  expect(takeDrawnCards('/wish/1')).toBeNull();
});

it('shows a drawn card in place of the live one (its first-paint rules, its links)', () => {
  const list = wishes(1, 2);
  drawFirstPaint(list);
  const drawn = takeDrawnCards('/feed');
  const node = drawn?.get(list[1].id);
  const { container } = renderAt(<WishList wishes={list} drawn={drawn && new Map([[list[1].id, node!]])} />);
  const items = container.querySelectorAll('.feed-list > li');
  expect(items).toHaveLength(2);
  expect(items[0].querySelector('.feed-vote button:not([data-early-tap])')).not.toBeNull();
  expect(items[1]).toHaveClass('feed-list__item', 'first-paint');
  expect(items[1].firstElementChild).toBe(node);
  // The drawn arrows: a press is held for the live card (@wishes/kit-ui earlyTap), not a live control.
  expect(items[1].querySelectorAll('.feed-vote button')).toHaveLength(2);
  expect(items[1].querySelectorAll('.feed-vote button[data-early-tap]')).toHaveLength(2);
});

it('makes every card of the embedded page live once the first render has committed', async () => {
  const list = wishes(1, 10);
  embed(list);
  const firstPaint = drawFirstPaint(list);
  const drawnNodes = [...firstPaint.querySelectorAll('article.feed-card')];
  answer('get', API.feed, feedPage([], 2, null));
  const { container } = renderAt(<FeedPage />, { path: '/feed' });
  await act(async () => undefined);
  // (The shell's first commit empties #root, first paint and all; here it stays beside the page.)
  const articles = within(container).getAllByRole('article');
  expect(articles).toHaveLength(10);
  for (const article of articles) {
    expect(drawnNodes).not.toContain(article);
    expect(article.querySelector('.feed-vote button')).not.toBeNull();
  }
  expect(container.querySelector('.feed-list .first-paint')).toBeNull();
  expect(LIVE_FIRST).toBeLessThan(10);
});
