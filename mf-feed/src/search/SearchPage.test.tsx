import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
import { setOptions } from '@wishes/kit-client';
import { type SearchPage as SearchResult } from '@wishes/kit-contract';
import SearchPage, { AUTO_SEARCH_DEBOUNCE_MS } from './SearchPage';
import { makeWish, OPTIONS, searchPage, wishes } from '../test/fixtures';
import { deferred, flushRealClock, renderAt, toastsEachTest } from '@wishes/kit-test';
import { answer, API, HttpResponse } from '../test/http';

/** Search requests (page 1 and later pages) answered alike, recorded in one list. */
function searches(...answers: Array<Parameters<typeof answer>[2]>) {
  const first = answer('post', API.search, ...answers);
  const later = answer('post', API.searchPage, ...answers);
  return {
    /** Each request as the old client's arguments read: (query, page). */
    calls: () => [...first.map((r) => ({ r, page: 1 })), ...later.map((r) => ({ r, page: Number(r.params.page) }))].map(({ r, page }) => [r.body?.query, page]),
  };
}

const toasts = toastsEachTest();
beforeEach(() => setOptions(OPTIONS));
afterEach(() => jest.useRealTimers());

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      back
    </button>
  );
}

const open = (route = '/search') =>
  renderAt(
    <>
      <SearchPage />
      <BackButton />
    </>,
    { path: '/search', route },
  );
const box = () => screen.getByRole('searchbox', { name: 'Search wishes' });
const location = () => screen.getByTestId('location').textContent;
/** A card's text, whole, though the searched words in it are wrapped in <mark>. */
const cardText = (text: string) => (_content: string, element: Element | null) => element?.classList.contains('feed-card__text') === true && element.textContent === text;
const cardCount = () => screen.queryAllByRole('article').length;

/** userEvent on jest's fake clock; debounce timers are then moved by hand. */
function fakeClockUser() {
  // The network (MSW, fetch) keeps Node's own ticks.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}
async function advance(ms: number) {
  await act(async () => jest.advanceTimersByTime(ms));
  await flushRealClock();
}

it('has a labelled search box inside a search landmark and the title Search', () => {
  open();
  expect(screen.getByRole('search')).toContainElement(box());
  expect(document.title).toBe('Search | Wishes');
});

it('puts focus in the search box on arrival', () => {
  open();
  expect(box()).toHaveFocus();
});

it('marks the searched words in the results', async () => {
  searches(searchPage('birthday', [makeWish({ id: 1, text: 'A Birthday cake for a birthday girl' })], 1, null));
  open('/search?q=birthday');
  await waitFor(() => expect(cardCount()).toBe(1));
  const marks = screen.getByRole('article').querySelectorAll('mark');
  expect(Array.from(marks).map((mark) => mark.textContent)).toEqual(['Birthday', 'birthday']);
});

it('runs on Enter (even below 3 characters) and keeps the term in the URL', async () => {
  const search = searches(searchPage('ab', wishes(1, 2), 1, null));
  open();
  await userEvent.type(box(), 'ab{Enter}');
  await waitFor(() => expect(cardCount()).toBe(2));
  expect(search.calls()).toEqual([['ab', 1]]);
  expect(location()).toBe('/search?q=ab');
});

it("shows 'Searching...' while the request runs", async () => {
  searches(deferred<SearchResult>().promise);
  open();
  await userEvent.type(box(), 'moon{Enter}');
  expect(screen.getByRole('status')).toHaveTextContent('Searching...');
});

it(`searches automatically ${AUTO_SEARCH_DEBOUNCE_MS} ms after typing 3 characters`, async () => {
  const user = fakeClockUser();
  const search = searches(searchPage('cat', wishes(1, 1), 1, null));
  open();
  await user.type(box(), 'cat');
  await advance(AUTO_SEARCH_DEBOUNCE_MS - 1);
  expect(search.calls()).toEqual([]);
  await advance(1);
  await advance(0);
  expect(search.calls()).toEqual([['cat', 1]]);
});

it('does not search automatically with 2 characters (spaces do not count)', async () => {
  const user = fakeClockUser();
  const search = searches(searchPage('ca', [], 1, null));
  open();
  await user.type(box(), ' ca ');
  await advance(5000);
  expect(search.calls()).toEqual([]);
});

it('does not search again when the trimmed text has not changed', async () => {
  const user = fakeClockUser();
  const search = searches(searchPage('cat', wishes(1, 1), 1, null));
  open();
  await user.type(box(), 'cat');
  await advance(AUTO_SEARCH_DEBOUNCE_MS);
  await advance(0);
  expect(search.calls()).toHaveLength(1);
  await user.type(box(), '  ');
  await advance(5000);
  await user.type(box(), '{Backspace}{Backspace}s{Backspace}');
  await advance(5000);
  expect(search.calls()).toHaveLength(1);
  await user.type(box(), 's');
  await advance(AUTO_SEARCH_DEBOUNCE_MS);
  await advance(0);
  expect(search.calls()).toEqual([['cat', 1], ['cats', 1]]);
});

it('clearing the box resets the results and the URL', async () => {
  searches(searchPage('moon', wishes(1, 2), 1, null));
  open();
  await userEvent.type(box(), 'moon{Enter}');
  await waitFor(() => expect(cardCount()).toBe(2));
  await userEvent.clear(box());
  expect(cardCount()).toBe(0);
  expect(screen.queryByText('End of search results')).toBeNull();
  expect(location()).toBe('/search');
});

it('says so when nothing matches', async () => {
  searches(searchPage('zebra', [], 1, null));
  open();
  await userEvent.type(box(), 'zebra{Enter}');
  expect(await screen.findByText('No results found for "zebra". Try a different search term.')).toBeInTheDocument();
});

it("pages with 'Load More' by page number, then says 'End of search results'", async () => {
  answer('post', API.search, searchPage('sun', wishes(1, 10), 1, 2));
  const later = answer('post', API.searchPage, searchPage('sun', wishes(11, 3), 2, null));
  open();
  await userEvent.type(box(), 'sun{Enter}');
  await waitFor(() => expect(cardCount()).toBe(10));
  expect(screen.queryByText('End of search results')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
  await waitFor(() => expect(cardCount()).toBe(13));
  expect(later.map((r) => [r.body?.query, r.params.page])).toEqual([['sun', '2']]);
  expect(screen.getByText('End of search results')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
});

it("toasts 'Failed to load more results' and keeps the results when Load More fails", async () => {
  answer('post', API.search, searchPage('sun', wishes(1, 10), 1, 2));
  answer('post', API.searchPage, () => new HttpResponse(null, { status: 500 }));
  open();
  await userEvent.type(box(), 'sun{Enter}');
  await waitFor(() => expect(cardCount()).toBe(10));
  await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
  await waitFor(() => expect(toasts.texts()).toEqual(['error: Failed to load more results']));
  expect(cardCount()).toBe(10);
  expect(screen.getByRole('button', { name: 'Load More' })).toBeEnabled();
});

it("shows the server's error as a toast and inline", async () => {
  answer('post', API.search, () => HttpResponse.json({ success: false, error: 'Please enter a search term.' }, { status: 400 }));
  open();
  await userEvent.type(box(), 'x{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a search term.');
  expect(toasts.texts()).toEqual(['error: Please enter a search term.']);
});

it("falls back to 'Search failed. Please try again.', with a retry", async () => {
  const search = searches('network-error', searchPage('moon', wishes(1, 1), 1, null));
  open();
  await userEvent.type(box(), 'moon{Enter}');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Search failed. Please try again.');
  expect(toasts.texts()).toEqual(['error: Search failed. Please try again.']);
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(cardCount()).toBe(1));
  expect(search.calls()).toEqual([['moon', 1], ['moon', 1]]);
});

it('treats a 200 response with success:false as a failure', async () => {
  searches({ ...searchPage('moon', [], 1, null), success: false, error: 'Search is down' } as SearchResult);
  open();
  await userEvent.type(box(), 'moon{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent('Search is down');
});

it('ignores the response to a superseded search', async () => {
  const first = deferred<SearchResult>();
  const second = deferred<SearchResult>();
  // Each term gets its own answer, whatever order the requests reach the server in.
  searches(({ body }) => (body?.query === 'cat' ? first.promise : second.promise));
  open();
  await userEvent.type(box(), 'cat{Enter}');
  await userEvent.clear(box());
  await userEvent.type(box(), 'dog{Enter}');
  await act(async () => second.resolve(searchPage('dog', [makeWish({ id: 2, text: 'A dog wish' })], 1, null)));
  await act(async () => first.resolve(searchPage('cat', [makeWish({ id: 1, text: 'A cat wish' })], 1, null)));
  expect(await screen.findByText(cardText('A dog wish'))).toBeInTheDocument();
  await flushRealClock();
  expect(screen.queryByText(cardText('A cat wish'))).toBeNull();
});

it('runs the search in the URL on arrival, and back/forward re-runs the earlier search', async () => {
  const search = searches(({ body }) => {
    const query = String(body?.query);
    return searchPage(query, [makeWish({ id: query.length, text: `About ${query}` })], 1, null);
  });
  open('/search?q=moon');
  expect(box()).toHaveValue('moon');
  expect(await screen.findByText(cardText('About moon'))).toBeInTheDocument();
  await userEvent.clear(box());
  await userEvent.type(box(), 'stars{Enter}');
  expect(await screen.findByText(cardText('About stars'))).toBeInTheDocument();
  expect(location()).toBe('/search?q=stars');
  // Back first reaches the cleared box, then the earlier search.
  await userEvent.click(screen.getByRole('button', { name: 'back' }));
  expect(location()).toBe('/search');
  expect(box()).toHaveValue('');
  expect(cardCount()).toBe(0);
  await userEvent.click(screen.getByRole('button', { name: 'back' }));
  expect(location()).toBe('/search?q=moon');
  expect(box()).toHaveValue('moon');
  expect(await screen.findByText(cardText('About moon'))).toBeInTheDocument();
  await waitFor(() => expect(search.calls().map(([query]) => query)).toEqual(['moon', 'stars', 'moon']));
});
