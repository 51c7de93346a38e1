import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMBEDDED_ELEMENT_ID, setOptions } from '@wishes/kit-client';
import { type FeedPage as FeedPageData } from '@wishes/kit-contract';
import FeedPage from './FeedPage';
import { feedPage, makeWish, OPTIONS, voteResponse, wishes } from '../test/fixtures';
import { deferred, flushRealClock, renderAt, resetSharedState, signInForTest, toastsEachTest } from '@wishes/kit-test';
import { answer, API, HttpResponse, pages, refuse } from '../test/http';

/** Page geometry: the distance to the bottom is scrollHeight - (scrollY + innerHeight). */
function setGeometry(distanceToBottom: number) {
  const innerHeight = 800;
  const scrollY = 1000;
  Object.defineProperty(window, 'innerHeight', { value: innerHeight, configurable: true, writable: true });
  Object.defineProperty(window, 'scrollY', { value: scrollY, configurable: true, writable: true });
  Object.defineProperty(document.documentElement, 'scrollHeight', { value: scrollY + innerHeight + distanceToBottom, configurable: true });
}

function scrollTo(distanceToBottom: number) {
  setGeometry(distanceToBottom);
  fireEvent.scroll(window);
}

/** Fake timers for the component's clock; the network (MSW, fetch) keeps Node's own ticks. */
const useFakeClock = () => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
/** Lets answered requests reach the screen (TanStack Query notifies on a 0 ms timer) without moving the clock on. */
const settle = async () => {
  for (let i = 0; i < 5; i++) {
    await flushRealClock();
    await act(async () => jest.advanceTimersByTime(0));
  }
};

const open = () => renderAt(<FeedPage />, { path: '/feed' });
const cardCount = () => screen.queryAllByRole('article').length;

beforeEach(() => {
  resetSharedState();
  setOptions(OPTIONS);
  setGeometry(5000);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

it("requests page 1, shows 'Loading more wishes...' meanwhile, then the cards; title 'Feed'", async () => {
  const pending = deferred<FeedPageData>();
  const getFeed = answer('get', API.feed, pending.promise);
  open();
  await waitFor(() => expect(pages(getFeed)).toEqual([1]));
  expect(screen.getByRole('status')).toHaveTextContent('Loading more wishes...');
  await act(async () => pending.resolve(feedPage(wishes(1, 10), 1, 2)));
  await waitFor(() => expect(cardCount()).toBe(10));
  expect(screen.queryByText('Loading more wishes...')).toBeNull();
  expect(document.title).toBe('Feed | Wishes');
});

it('loads the next page when scrolled to within 200 px of the bottom', async () => {
  const getFeed = answer('get', API.feed, feedPage(wishes(1, 10), 1, 2), feedPage(wishes(11, 10), 2, 3));
  open();
  await waitFor(() => expect(cardCount()).toBe(10));
  expect(getFeed).toHaveLength(1);
  await act(async () => {
    scrollTo(200);
    setGeometry(1200); // the new page makes the document taller
  });
  await waitFor(() => expect(cardCount()).toBe(20));
  expect(pages(getFeed)).toEqual([1, 2]);
});

it('does not load at 201 px from the bottom', async () => {
  const getFeed = answer('get', API.feed, feedPage(wishes(1, 10), 1, 2));
  open();
  await waitFor(() => expect(cardCount()).toBe(10));
  await act(async () => scrollTo(201));
  await act(async () => undefined);
  expect(getFeed).toHaveLength(1);
});

it('loads the next page right away when the page is shorter than the viewport', async () => {
  setGeometry(-300);
  const getFeed = answer('get', API.feed, feedPage(wishes(1, 2), 1, 2), feedPage(wishes(3, 2), 2, null));
  open();
  await waitFor(() => expect(cardCount()).toBe(4));
  expect(pages(getFeed)).toEqual([1, 2]);
  expect(screen.getByText("You've seen all wishes!")).toBeInTheDocument();
});

it("says \"You've seen all wishes!\" at the end and stops requesting", async () => {
  const getFeed = answer('get', API.feed, feedPage(wishes(1, 3), 1, null));
  open();
  expect(await screen.findByText("You've seen all wishes!")).toBeInTheDocument();
  await act(async () => scrollTo(0));
  await act(async () => undefined);
  expect(getFeed).toHaveLength(1);
});

it('never shows a wish twice when pages overlap', async () => {
  answer('get', API.feed, feedPage(wishes(1, 3), 1, 2), feedPage([makeWish({ id: 3 }), makeWish({ id: 4 })], 2, null));
  open();
  await waitFor(() => expect(cardCount()).toBe(3));
  await act(async () => scrollTo(100));
  await waitFor(() => expect(cardCount()).toBe(4));
  expect(screen.getAllByText('Wish number 3')).toHaveLength(1);
});

/** The page 1 the server embeds in /feed's HTML (as a signed-out visitor sees it). */
function embed(page: FeedPageData) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = EMBEDDED_ELEMENT_ID;
  script.textContent = JSON.stringify({ path: '/feed', feed: page });
  document.body.appendChild(script);
}

it('uses the embedded first page instead of requesting it', async () => {
  embed(feedPage([makeWish({ id: 77, text: 'Embedded wish' })], 1, 2));
  const getFeed = answer('get', API.feed, feedPage(wishes(1, 1), 2, null));
  open();
  expect(screen.getByText('Embedded wish')).toBeInTheDocument();
  await act(async () => undefined);
  expect(pages(getFeed)).not.toContain(1);
  // Paging continues from the embedded page.
  await act(async () => scrollTo(0));
  await waitFor(() => expect(pages(getFeed)).toContain(2));
  expect(pages(getFeed)).toEqual([2]);
});

it('requests page 1 once more when the list is still empty after 1 s', async () => {
  useFakeClock();
  const getFeed = answer('get', API.feed, feedPage([], 1, null), feedPage(wishes(1, 2), 1, null));
  open();
  await settle();
  expect(getFeed).toHaveLength(1);
  act(() => jest.advanceTimersByTime(999));
  await settle();
  expect(getFeed).toHaveLength(1);
  await act(async () => jest.advanceTimersByTime(1));
  await settle();
  expect(pages(getFeed)).toEqual([1, 1]);
  expect(cardCount()).toBe(2);
  await act(async () => jest.advanceTimersByTime(10_000));
  await settle();
  expect(getFeed).toHaveLength(2);
});

it('does not retry when the list has wishes after 1 s', async () => {
  useFakeClock();
  const getFeed = answer('get', API.feed, feedPage(wishes(1, 2), 1, null));
  open();
  await settle();
  await act(async () => jest.advanceTimersByTime(5000));
  await settle();
  expect(getFeed).toHaveLength(1);
});

it("shows 'No wishes yet.' when the feed is empty even after the retry", async () => {
  useFakeClock();
  answer('get', API.feed, feedPage([], 1, null));
  open();
  await settle();
  await act(async () => jest.advanceTimersByTime(1000));
  await settle();
  expect(screen.getByText('No wishes yet.')).toBeInTheDocument();
});

it('shows an error with a retry when page 1 fails', async () => {
  const getFeed = answer('get', API.feed, 'network-error', feedPage(wishes(1, 2), 1, null));
  open();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('An unexpected error occurred');
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(cardCount()).toBe(2));
  expect(pages(getFeed)).toEqual([1, 1]);
});

it('keeps the cards and offers a retry when a later page fails, without re-requesting on scroll', async () => {
  const getFeed = answer('get', API.feed, feedPage(wishes(1, 3), 1, 2), refuse(503, 'Service unavailable'), feedPage(wishes(4, 3), 2, null));
  open();
  await waitFor(() => expect(cardCount()).toBe(3));
  await act(async () => scrollTo(0));
  expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
  expect(cardCount()).toBe(3);
  await act(async () => scrollTo(0));
  await act(async () => undefined);
  expect(getFeed).toHaveLength(2);
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(cardCount()).toBe(6));
  expect(pages(getFeed)).toEqual([1, 2, 2]);
});

describe('All / Following (members)', () => {
  it('is not shown to visitors; ?view=following reads the public feed for them', async () => {
    const getFeed = answer('get', API.feed, feedPage(wishes(1, 2), 1, null));
    const following = answer('get', API.following, feedPage([], 1, null));
    renderAt(<FeedPage />, { path: '/feed', route: '/feed?view=following' });
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('navigation', { name: 'Which wishes' })).not.toBeInTheDocument();
    expect(pages(getFeed)).toEqual([1]);
    expect(following).toHaveLength(0);
  });

  it('switches a member to the people they follow and back; an empty Following links to the feed', async () => {
    signInForTest(3);
    answer('get', API.feed, feedPage(wishes(1, 3), 1, null));
    const following = answer('get', API.following, feedPage([], 1, null));
    renderAt(<FeedPage />, { path: '/feed' });
    const nav = await screen.findByRole('navigation', { name: 'Which wishes' });
    expect(within(nav).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    await userEvent.click(within(nav).getByRole('link', { name: 'Following' }));
    expect(await screen.findByText(/Follow people to see their wishes here/)).toBeInTheDocument();
    expect(pages(following)).toEqual([1]);
    expect(screen.getByRole('link', { name: 'Find people in the feed' })).toHaveAttribute('href', '/feed');
    expect(within(nav).getByRole('link', { name: 'Following' })).toHaveAttribute('aria-current', 'page');
    expect(cardCount()).toBe(0);
  });
});

describe("a member's first load: the embedded page at once, their own votes laid over it", () => {
  const toasts = toastsEachTest();
  const cardIds = () => screen.getAllByRole('article').map((card) => card.querySelector('a.feed-card__text')?.getAttribute('href'));
  const votesOf = (n: number) => within(screen.getAllByRole('article')[n]!);
  const shared = () => feedPage([makeWish({ id: 1, upvote_count: 2, vote_count: 2 }), makeWish({ id: 2 }), makeWish({ id: 3 })], 1, 2);

  it('shows the embedded cards live at once; when their page 1 answers only pressed states change', async () => {
    signInForTest(3);
    embed(shared());
    const own = deferred<FeedPageData>();
    const getFeed = answer('get', API.feed, own.promise);
    open();
    // Live vote controls before any answer, in the embedded order.
    expect(cardIds()).toEqual(['/wish/1', '/wish/2', '/wish/3']);
    expect(votesOf(0).getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(pages(getFeed)).toEqual([1]));
    const before = screen.getAllByRole('article');
    // Their page 1: a newer wish first (it would move every card), their upvote on wish 1.
    await act(async () => own.resolve(feedPage([makeWish({ id: 9 }), makeWish({ id: 1, upvote_count: 2, vote_count: 2, vote_type: 'upvote' }), makeWish({ id: 2 })], 1, 2)));
    await waitFor(() => expect(votesOf(0).getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true'));
    expect(cardIds()).toEqual(['/wish/1', '/wish/2', '/wish/3']);
    expect(votesOf(0).getByRole('button', { name: /show voters/i })).toHaveTextContent('+2');
    // The same elements: nothing was drawn again in another place.
    screen.getAllByRole('article').forEach((card, i) => expect(card).toBe(before[i]));
    expect(toasts.texts()).toEqual([]);
  });

  it('holds a press made before their vote is known (busy, counts as drawn), then sends it once as what it means for them', async () => {
    signInForTest(3);
    embed(shared());
    const own = deferred<FeedPageData>();
    answer('get', API.feed, own.promise);
    const remove = answer('delete', API.vote, voteResponse('Vote removed', { up: 1, down: 0, vote_type: null }));
    const cast = answer('post', API.vote, voteResponse('Upvoted', { up: 3, down: 0, vote_type: 'upvote' }));
    open();
    const up = votesOf(0).getByRole('button', { name: 'Upvote' });
    await userEvent.click(up);
    await userEvent.click(up);
    await userEvent.click(votesOf(0).getByRole('button', { name: 'Downvote' }));
    expect(up).toHaveClass('is-sending');
    expect(up).toHaveAttribute('aria-disabled', 'true');
    expect(votesOf(0).getByRole('button', { name: /show voters/i })).toHaveTextContent('+2');
    expect([cast.length, remove.length]).toEqual([0, 0]);
    // They had upvoted already: the press removes it.
    await act(async () => own.resolve(feedPage([makeWish({ id: 1, upvote_count: 2, vote_count: 2, vote_type: 'upvote' })], 1, 2)));
    await waitFor(() => expect(toasts.texts()).toEqual(['success: Vote removed']));
    expect(remove.map((r) => r.params.id)).toEqual(['1']);
    expect(cast).toHaveLength(0);
    expect(up).toHaveAttribute('aria-pressed', 'false');
    expect(up).not.toHaveAttribute('aria-disabled');
    expect(votesOf(0).getByRole('button', { name: /show voters/i })).toHaveTextContent('+1');
  });

  it('learns a held wish their page 1 lacks from the wish itself; one that cannot be learned is released with the failure text', async () => {
    signInForTest(3);
    embed(shared());
    answer('get', API.feed, feedPage([makeWish({ id: 9 }), makeWish({ id: 1 })], 1, 2));
    const detail = answer('get', API.wish, (seen) => (seen.params.id === '2' ? { wish: makeWish({ id: 2, vote_type: 'downvote', downvote_count: 1, vote_count: -1 }) } : HttpResponse.json({ detail: 'Not found' }, { status: 404 })));
    const cast = answer('post', API.vote, voteResponse('Upvoted', { up: 1, down: 0, vote_type: 'upvote' }, 2));
    open();
    await userEvent.click(votesOf(1).getByRole('button', { name: 'Upvote' }));
    await waitFor(() => expect(toasts.texts()).toEqual(['success: Upvoted']));
    expect(cast.map((r) => [r.params.id, r.body])).toEqual([['2', { vote_type: 'upvote' }]]);
    const third = votesOf(2).getByRole('button', { name: 'Downvote' });
    await userEvent.click(third);
    await waitFor(() => expect(toasts.texts()).toEqual(['success: Upvoted', 'error: Failed to downvote. Please try again.']));
    expect(third).not.toHaveAttribute('aria-disabled');
    expect(third).not.toHaveClass('is-sending');
    expect(pagesOf(detail)).toEqual(['2', '3']);
  });

  it('a visitor with the embedded page asks for nothing more', async () => {
    embed(shared());
    const getFeed = answer('get', API.feed, feedPage(wishes(11, 1), 2, null));
    open();
    await act(async () => undefined);
    expect(pages(getFeed)).not.toContain(1);
  });
});

const pagesOf = (seen: Array<{ params: Record<string, unknown> }>) => seen.map((request) => request.params.id);
