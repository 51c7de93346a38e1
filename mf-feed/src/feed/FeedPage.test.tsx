import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMBEDDED_ELEMENT_ID, setOptions } from '@wishes/kit-client';
import { type FeedPage as FeedPageData } from '@wishes/kit-contract';
import FeedPage from './FeedPage';
import { feedPage, makeWish, OPTIONS, wishes } from '../test/fixtures';
import { deferred, flushRealClock, renderAt, resetSharedState, signInForTest } from '@wishes/kit-test';
import { answer, API, pages, refuse } from '../test/http';

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

it('uses the embedded first page instead of requesting it', async () => {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = EMBEDDED_ELEMENT_ID;
  script.textContent = JSON.stringify({ path: '/feed', feed: feedPage([makeWish({ id: 77, text: 'Embedded wish' })], 1, 2) });
  document.body.appendChild(script);
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
