import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, type NavigateEvent } from '@wishes/kit-session';
import { formatDate } from '@wishes/kit-ui';
import { type VotersResult } from '@wishes/kit-contract';
import { openVotersModal } from './VoteControl';
import { deferred, renderAt, toastsEachTest } from '@wishes/kit-test';
import { answer, API, HttpResponse, type Seen } from '../test/http';

/** What a voters request asked: the wish, then the query as the old client's arguments read (type, { limit, cursor }). */
const asked = (seen: Seen[]) =>
  seen.map((r) => [Number(r.params.id), r.query.get('vote_type') ?? undefined, { limit: Number(r.query.get('limit')), ...(r.query.get('cursor') ? { cursor: r.query.get('cursor') } : {}) }]);
/** A 500 without an `error` field (the client's 'Failed to fetch voters'). */
const failure = () => new HttpResponse(null, { status: 500 });

function votersResult(overrides: Partial<VotersResult> = {}): VotersResult {
  return {
    voters: [
      { id: 11, voter_id: 4, voter_name: 'Grace Hopper', vote_type: 'upvote', created_at: '2026-11-21T09:30:00.000Z' },
      { id: 10, voter_id: 5, voter_name: '', vote_type: 'upvote', created_at: '2026-11-20T08:00:00.000Z' },
    ],
    count: 2,
    upvote_count: 2,
    downvote_count: 0,
    total_count: 2,
    net_count: 2,
    current_user_vote: null,
    ...overrides,
  };
}

const toasts = toastsEachTest();

function open() {
  renderAt(<p>page</p>);
  act(() => openVotersModal(1));
}

it("shows 'Loading voters...' in a dialog titled 'People who voted'", async () => {
  answer('get', API.voters, deferred<VotersResult>().promise);
  open();
  const dialog = await screen.findByRole('dialog', { name: 'People who voted' });
  expect(within(dialog).getByRole('status')).toHaveTextContent('Loading voters...');
});

it('lists voters with name, vote type and date; an empty name is Anonymous; the name links to the profile', async () => {
  const getVoters = answer('get', API.voters, votersResult());
  const navigations: NavigateEvent[] = [];
  const subscription = bus.navigate$.subscribe((event) => navigations.push(event));
  open();
  const grace = await screen.findByRole('link', { name: 'Grace Hopper' });
  expect(asked(getVoters)).toEqual([[1, undefined, { limit: 50 }]]);
  expect(screen.getByText('That is all 2 voters.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Load more voters' })).toBeNull();
  expect(grace).toHaveAttribute('href', '/user/4');
  expect(screen.getByRole('link', { name: 'Anonymous' })).toHaveAttribute('href', '/user/5');
  expect(screen.getByText(formatDate('2026-11-21T09:30:00.000Z', true))).toBeInTheDocument();
  expect(screen.getAllByText('Upvote')).toHaveLength(2);
  expect(screen.getByText(/Upvotes:/)).toHaveTextContent('Upvotes: 2');
  expect(screen.getByText(/Downvotes:/)).toHaveTextContent('Downvotes: 0');
  await userEvent.click(grace);
  expect(navigations).toEqual([{ to: '/user/4', replace: undefined }]);
  // Following a voter closes the modal.
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  subscription.unsubscribe();
});

it("shows 'No one has voted for this wish yet.' when there are no voters", async () => {
  answer('get', API.voters, votersResult({ voters: [], count: 0, upvote_count: 0, total_count: 0, net_count: 0 }));
  open();
  expect(await screen.findByText('No one has voted for this wish yet.')).toBeInTheDocument();
});

const grace = { id: 3, voter_id: 4, voter_name: 'Grace Hopper', vote_type: 'upvote' as const, created_at: '2026-11-21T09:30:00.000Z' };
const alan = { id: 2, voter_id: 6, voter_name: 'Alan Turing', vote_type: 'downvote' as const, created_at: '2026-11-21T09:00:00.000Z' };
const totals = { upvote_count: 1, downvote_count: 1, total_count: 2, net_count: 0 };

it('asks the server for each filter once, while the counts stay totals', async () => {
  const getVoters = answer('get', API.voters, ({ query }) => {
    const type = query.get('vote_type');
    return votersResult({ ...totals, voters: type === 'upvote' ? [grace] : type === 'downvote' ? [alan] : [grace, alan], count: type ? 1 : 2 });
  });
  open();
  await screen.findByRole('link', { name: 'Grace Hopper' });
  expect(screen.getByRole('radio', { name: 'all' })).toBeChecked();

  await userEvent.click(screen.getByRole('radio', { name: 'upvotes' }));
  expect(await screen.findByText('That is the only voter.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Alan Turing' })).toBeNull();
  expect(screen.getByText(/Downvotes:/)).toHaveTextContent('Downvotes: 1');

  await userEvent.click(screen.getByRole('radio', { name: 'downvotes' }));
  expect(await screen.findByRole('link', { name: 'Alan Turing' })).toBeInTheDocument();
  expect(screen.getByText('Downvote')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Grace Hopper' })).toBeNull();

  await userEvent.click(screen.getByRole('radio', { name: 'all' }));
  expect(screen.getByRole('link', { name: 'Alan Turing' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
  expect(asked(getVoters)).toEqual([
    [1, undefined, { limit: 50 }],
    [1, 'upvote', { limit: 50 }],
    [1, 'downvote', { limit: 50 }],
  ]);
});

it("says 'No downvotes to display.' when the downvote filter matches nobody", async () => {
  answer('get', API.voters, ({ query }) => (query.get('vote_type') === 'downvote' ? votersResult({ voters: [], count: 0 }) : votersResult()));
  open();
  await screen.findByRole('link', { name: 'Grace Hopper' });
  await userEvent.click(screen.getByRole('radio', { name: 'downvotes' }));
  expect(await screen.findByText('No downvotes to display.')).toBeInTheDocument();
});

it("says 'No upvotes to display.' when only downvotes exist and the upvote filter is chosen", async () => {
  const only = { upvote_count: 0, downvote_count: 1, total_count: 1, net_count: -1 };
  answer('get', API.voters, ({ query }) => votersResult({ ...only, voters: query.get('vote_type') === 'upvote' ? [] : [alan], count: query.get('vote_type') === 'upvote' ? 0 : 1 }));
  open();
  await screen.findByRole('link', { name: 'Alan Turing' });
  await userEvent.click(screen.getByRole('radio', { name: 'upvotes' }));
  expect(await screen.findByText('No upvotes to display.')).toBeInTheDocument();
});

/** Voters numbered from `from` down, as one page of a 120-voter wish. */
const voterPage = (from: number, n: number, next: string | null) =>
  votersResult({
    voters: Array.from({ length: n }, (_, k) => ({ id: from - k, voter_id: from - k, voter_name: `Voter ${from - k}`, vote_type: 'upvote' as const, created_at: '2026-11-21T09:30:00.000Z' })),
    count: 120,
    upvote_count: 120,
    total_count: 120,
    net_count: 120,
    next_cursor: next,
  });

it('loads the next page with the keyboard-reachable "Load more voters" button until the end', async () => {
  const getVoters = answer('get', API.voters, voterPage(120, 50, 'c1'), failure(), voterPage(70, 50, 'c2'), voterPage(20, 20, null));
  open();
  await screen.findByRole('link', { name: 'Voter 120' });
  expect(screen.getAllByRole('listitem')).toHaveLength(50);
  expect(screen.getByText(/Upvotes:/)).toHaveTextContent('Upvotes: 120');

  const more = screen.getByRole('button', { name: 'Load more voters' });
  more.focus();
  await userEvent.keyboard('{Enter}');
  // A failed page keeps what is listed, says so, and the button tries again.
  expect(await screen.findByText('Could not load more voters.')).toBeInTheDocument();
  expect(toasts.texts()).toEqual(['error: Failed to load voters']);
  expect(screen.getAllByRole('listitem')).toHaveLength(50);
  await userEvent.click(screen.getByRole('button', { name: 'Load more voters' }));
  await screen.findByRole('link', { name: 'Voter 70' });
  expect(screen.getAllByRole('listitem')).toHaveLength(100);
  await userEvent.click(screen.getByRole('button', { name: 'Load more voters' }));
  expect(await screen.findByText('That is all 120 voters.')).toBeInTheDocument();
  expect(screen.getAllByRole('listitem')).toHaveLength(120);
  expect(screen.queryByRole('button', { name: 'Load more voters' })).toBeNull();
  expect(asked(getVoters).slice(1)).toEqual([
    [1, undefined, { limit: 50, cursor: 'c1' }],
    [1, undefined, { limit: 50, cursor: 'c1' }],
    [1, undefined, { limit: 50, cursor: 'c2' }],
  ]);
});

it('loads the next page when the end of the list scrolls into view, with a loading line meanwhile', async () => {
  const observed: Array<{ callback: IntersectionObserverCallback; node: Element }> = [];
  const original = (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
    constructor(private callback: IntersectionObserverCallback) {}
    observe(node: Element) {
      observed.push({ callback: this.callback, node });
    }
    disconnect() {
      const at = observed.findIndex((entry) => entry.callback === this.callback);
      if (at >= 0) observed.splice(at, 1);
    }
  };
  try {
    const second = deferred<VotersResult>();
    answer('get', API.voters, voterPage(120, 50, 'c1'), second.promise);
    open();
    await screen.findByRole('link', { name: 'Voter 120' });
    await waitFor(() => expect(observed).toHaveLength(1));
    act(() => observed[0]!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(await screen.findByText('Loading more voters...')).toBeInTheDocument();
    expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'true');
    await act(async () => second.resolve(voterPage(70, 50, null)));
    expect(await screen.findByRole('link', { name: 'Voter 21' })).toBeInTheDocument();
    expect(screen.getByText('That is all 120 voters.')).toBeInTheDocument();
    expect(observed).toHaveLength(0);
  } finally {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = original;
  }
});

it("on failure toasts 'Failed to load voters', shows the error state, and Retry reloads", async () => {
  const getVoters = answer('get', API.voters, failure(), votersResult());
  open();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to load voters. Please try again.');
  expect(toasts.texts()).toEqual(['error: Failed to load voters']);
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
  expect(getVoters).toHaveLength(2);
});

it('closes with Escape', async () => {
  answer('get', API.voters, votersResult());
  open();
  await screen.findByRole('link', { name: 'Grace Hopper' });
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).toBeNull();
});
