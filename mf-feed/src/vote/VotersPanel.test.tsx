import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, bus, formatDate, type NavigateEvent, type VotersResult } from '@wishes/shared';
import { openVotersModal } from './VoteControl';
import { apiError, deferred, recordToasts, renderAt, resetSharedState } from '@wishes/shared/testing';

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

let toasts: ReturnType<typeof recordToasts>;
beforeEach(() => {
  resetSharedState();
  toasts = recordToasts();
});
afterEach(() => {
  toasts.stop();
  jest.restoreAllMocks();
});

function open() {
  renderAt(<p>page</p>);
  act(() => openVotersModal(1));
}

it("shows 'Loading voters...' in a dialog titled 'People who voted'", async () => {
  jest.spyOn(api, 'getVoters').mockReturnValue(deferred<VotersResult>().promise);
  open();
  const dialog = await screen.findByRole('dialog', { name: 'People who voted' });
  expect(within(dialog).getByRole('status')).toHaveTextContent('Loading voters...');
});

it('lists voters with name, vote type and date; an empty name is Anonymous; the name links to the profile', async () => {
  const getVoters = jest.spyOn(api, 'getVoters').mockResolvedValue(votersResult());
  const navigations: NavigateEvent[] = [];
  const subscription = bus.navigate$.subscribe((event) => navigations.push(event));
  open();
  const grace = await screen.findByRole('link', { name: 'Grace Hopper' });
  expect(getVoters).toHaveBeenCalledWith(1);
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
  jest.spyOn(api, 'getVoters').mockResolvedValue(votersResult({ voters: [], count: 0, upvote_count: 0, total_count: 0, net_count: 0 }));
  open();
  expect(await screen.findByText('No one has voted for this wish yet.')).toBeInTheDocument();
});

it('filters all / upvotes / downvotes locally while the counts stay totals', async () => {
  jest.spyOn(api, 'getVoters').mockResolvedValue(
    votersResult({
      voters: [
        { id: 3, voter_id: 4, voter_name: 'Grace Hopper', vote_type: 'upvote', created_at: '2026-11-21T09:30:00.000Z' },
        { id: 2, voter_id: 6, voter_name: 'Alan Turing', vote_type: 'downvote', created_at: '2026-11-21T09:00:00.000Z' },
      ],
      upvote_count: 1,
      downvote_count: 1,
      total_count: 2,
      net_count: 0,
    }),
  );
  open();
  await screen.findByRole('link', { name: 'Grace Hopper' });
  expect(screen.getByRole('radio', { name: 'all' })).toBeChecked();

  await userEvent.click(screen.getByRole('radio', { name: 'upvotes' }));
  expect(screen.getByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Alan Turing' })).toBeNull();
  expect(screen.getByText(/Downvotes:/)).toHaveTextContent('Downvotes: 1');

  await userEvent.click(screen.getByRole('radio', { name: 'downvotes' }));
  expect(screen.getByRole('link', { name: 'Alan Turing' })).toBeInTheDocument();
  expect(screen.getByText('Downvote')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Grace Hopper' })).toBeNull();
});

it("says 'No downvotes to display.' when the downvote filter matches nobody", async () => {
  jest.spyOn(api, 'getVoters').mockResolvedValue(votersResult());
  open();
  await screen.findByRole('link', { name: 'Grace Hopper' });
  await userEvent.click(screen.getByRole('radio', { name: 'downvotes' }));
  expect(screen.getByText('No downvotes to display.')).toBeInTheDocument();
});

it("says 'No upvotes to display.' when only downvotes exist and the upvote filter is chosen", async () => {
  jest.spyOn(api, 'getVoters').mockResolvedValue(
    votersResult({
      voters: [{ id: 2, voter_id: 6, voter_name: 'Alan Turing', vote_type: 'downvote', created_at: '2026-11-21T09:00:00.000Z' }],
      upvote_count: 0,
      downvote_count: 1,
      total_count: 1,
      net_count: -1,
    }),
  );
  open();
  await screen.findByRole('link', { name: 'Alan Turing' });
  await userEvent.click(screen.getByRole('radio', { name: 'upvotes' }));
  expect(screen.getByText('No upvotes to display.')).toBeInTheDocument();
});

it("on failure toasts 'Failed to load voters', shows the error state, and Retry reloads", async () => {
  const getVoters = jest
    .spyOn(api, 'getVoters')
    .mockRejectedValueOnce(apiError(500, null, 'Failed to fetch voters'))
    .mockResolvedValueOnce(votersResult());
  open();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to load voters. Please try again.');
  expect(toasts.texts()).toEqual(['error: Failed to load voters']);
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
  expect(getVoters).toHaveBeenCalledTimes(2);
});

it('closes with Escape', async () => {
  jest.spyOn(api, 'getVoters').mockResolvedValue(votersResult());
  open();
  await screen.findByRole('link', { name: 'Grace Hopper' });
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).toBeNull();
});
