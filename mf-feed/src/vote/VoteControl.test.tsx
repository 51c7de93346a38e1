import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { api, type Wish } from '@wishes/shared';
import { VoteControl, type VoteDisplayMode } from './VoteControl';
import { makeWish, voteResponse } from '../test/fixtures';
import { apiError, deferred, renderAt, resetSharedState, signInForTest, toastsEachTest } from '@wishes/shared/testing';

function Harness({ initial, onChange, mode }: { initial: Wish; onChange?: (wish: Wish) => void; mode?: VoteDisplayMode }) {
  const [wish, setWish] = useState(initial);
  return (
    <VoteControl
      wish={wish}
      mode={mode}
      onChange={(updated) => {
        setWish(updated);
        onChange?.(updated);
      }}
    />
  );
}

const upvote = () => screen.getByRole('button', { name: 'Upvote' });
const downvote = () => screen.getByRole('button', { name: 'Downvote' });
const showVoters = () => screen.getByRole('button', { name: /show voters/i });

const toasts = toastsEachTest();
beforeEach(() => signInForTest());

describe('vote state machine', () => {
  it('none → upvoted: POSTs an upvote and shows the server counts', async () => {
    const vote = jest.spyOn(api, 'vote').mockResolvedValue(voteResponse('Upvoted', { up: 5, down: 1, vote_type: 'upvote' }));
    const onChange = jest.fn();
    renderAt(<Harness initial={makeWish({ upvote_count: 1, downvote_count: 1 })} onChange={onChange} />);
    await userEvent.click(upvote());
    expect(vote).toHaveBeenCalledWith(1, 'upvote');
    await waitFor(() => expect(upvote()).toHaveAttribute('aria-pressed', 'true'));
    // Replaced by the server's numbers, not incremented locally (1 + 1 would be 2).
    expect(screen.getByTestId('upvote-count')).toHaveTextContent(/^5/);
    expect(screen.getByTestId('downvote-count')).toHaveTextContent(/^1/);
    expect(showVoters()).toHaveTextContent('+4');
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ id: 1, upvote_count: 5, downvote_count: 1, vote_count: 4, vote_type: 'upvote', text: 'Wish number 1' }));
    expect(toasts.texts()).toEqual(['success: Upvoted']);
  });

  it('upvoted → none: pressing Upvote again DELETEs the vote', async () => {
    const vote = jest.spyOn(api, 'vote');
    const remove = jest.spyOn(api, 'removeVote').mockResolvedValue(voteResponse('Vote removed', { up: 2, down: 0, vote_type: null }));
    renderAt(<Harness initial={makeWish({ upvote_count: 3, vote_count: 3, vote_type: 'upvote' })} />);
    expect(upvote()).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(upvote());
    expect(remove).toHaveBeenCalledWith(1);
    expect(vote).not.toHaveBeenCalled();
    await waitFor(() => expect(upvote()).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByTestId('upvote-count')).toHaveTextContent(/^2/);
    expect(toasts.texts()).toEqual(['success: Vote removed']);
  });

  it('upvoted → downvoted: Downvote POSTs a downvote', async () => {
    const vote = jest.spyOn(api, 'vote').mockResolvedValue(voteResponse('Downvoted', { up: 0, down: 1, vote_type: 'downvote' }));
    renderAt(<Harness initial={makeWish({ upvote_count: 1, vote_count: 1, vote_type: 'upvote' })} />);
    await userEvent.click(downvote());
    expect(vote).toHaveBeenCalledWith(1, 'downvote');
    await waitFor(() => expect(downvote()).toHaveAttribute('aria-pressed', 'true'));
    expect(upvote()).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('upvote-count')).toHaveTextContent(/^0/);
    expect(screen.getByTestId('downvote-count')).toHaveTextContent(/^1/);
    expect(showVoters()).toHaveTextContent('-1');
    expect(toasts.texts()).toEqual(['success: Downvoted']);
  });

  it('downvoted → none: pressing Downvote again DELETEs the vote', async () => {
    const remove = jest.spyOn(api, 'removeVote').mockResolvedValue(voteResponse('Vote removed', { up: 0, down: 0, vote_type: null }));
    renderAt(<Harness initial={makeWish({ downvote_count: 1, vote_count: -1, vote_type: 'downvote' })} />);
    await userEvent.click(downvote());
    expect(remove).toHaveBeenCalledWith(1);
    await waitFor(() => expect(downvote()).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByTestId('downvote-count')).toHaveTextContent(/^0/);
    expect(toasts.texts()).toEqual(['success: Vote removed']);
  });

  it('downvoted → upvoted: Upvote POSTs an upvote', async () => {
    const vote = jest.spyOn(api, 'vote').mockResolvedValue(voteResponse('Upvoted', { up: 1, down: 0, vote_type: 'upvote' }));
    renderAt(<Harness initial={makeWish({ downvote_count: 1, vote_count: -1, vote_type: 'downvote' })} />);
    await userEvent.click(upvote());
    expect(vote).toHaveBeenCalledWith(1, 'upvote');
    await waitFor(() => expect(upvote()).toHaveAttribute('aria-pressed', 'true'));
    expect(downvote()).toHaveAttribute('aria-pressed', 'false');
    expect(toasts.texts()).toEqual(['success: Upvoted']);
  });

  it("trusts the server's vote_type even when it differs from the expected state", async () => {
    jest.spyOn(api, 'vote').mockResolvedValue(voteResponse('Upvoted', { up: 0, down: 0, vote_type: null }));
    renderAt(<Harness initial={makeWish()} />);
    await userEvent.click(upvote());
    await waitFor(() => expect(toasts.texts()).toEqual(['success: Upvoted']));
    expect(upvote()).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('while a vote is pending', () => {
  it('disables both buttons and ignores further presses', async () => {
    const pending = deferred<ReturnType<typeof voteResponse>>();
    const vote = jest.spyOn(api, 'vote').mockReturnValue(pending.promise);
    renderAt(<Harness initial={makeWish()} />);
    await userEvent.click(upvote());
    expect(upvote()).toHaveAttribute('aria-disabled', 'true');
    expect(downvote()).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(downvote());
    await userEvent.click(upvote());
    expect(vote).toHaveBeenCalledTimes(1);
    await act(async () => pending.resolve(voteResponse('Upvoted', { up: 1, down: 0, vote_type: 'upvote' })));
    expect(upvote()).not.toHaveAttribute('aria-disabled');
    expect(downvote()).not.toHaveAttribute('aria-disabled');
  });

  it('keeps keyboard focus on the pressed button while and after the request runs', async () => {
    const pending = deferred<ReturnType<typeof voteResponse>>();
    jest.spyOn(api, 'vote').mockReturnValue(pending.promise);
    renderAt(<Harness initial={makeWish()} />);
    upvote().focus();
    await userEvent.keyboard('{Enter}');
    expect(upvote()).toHaveFocus();
    await act(async () => pending.resolve(voteResponse('Upvoted', { up: 1, down: 0, vote_type: 'upvote' })));
    expect(upvote()).toHaveFocus();
  });
});

describe('signed-out visitor', () => {
  it("toasts 'Please sign in to vote' and sends nothing", async () => {
    resetSharedState();
    const vote = jest.spyOn(api, 'vote');
    const remove = jest.spyOn(api, 'removeVote');
    renderAt(<Harness initial={makeWish()} />);
    await userEvent.click(upvote());
    await userEvent.click(downvote());
    expect(vote).not.toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
    expect(toasts.texts()).toEqual(['error: Please sign in to vote', 'error: Please sign in to vote']);
  });

  it('offers a Sign in action that returns to this page', async () => {
    resetSharedState();
    renderAt(<Harness initial={makeWish()} />, { path: '/wish/:id', route: '/wish/1' });
    await userEvent.click(upvote());
    expect(toasts.toasts[0]).toEqual(expect.objectContaining({ text: 'Please sign in to vote', action: { label: 'Sign in', to: '/auth/sign_in?next=%2Fwish%2F1' } }));
  });

  it('says "1 upvote", not "1 upvotes"', () => {
    renderAt(<Harness initial={makeWish({ upvote_count: 1, downvote_count: 0, vote_count: 1 })} />);
    expect(screen.getByTestId('upvote-count')).toHaveTextContent(/^1 upvote$/);
    expect(showVoters()).toHaveAccessibleName('+1 net score. Show voters');
    // Only the vote button answers to "Upvote".
    expect(screen.getAllByRole('button', { name: /upvote/i })).toHaveLength(1);
  });
});

describe('failures', () => {
  it.each([
    ['upvote', null, 'Failed to upvote. Please try again.'],
    ['downvote', null, 'Failed to downvote. Please try again.'],
    ['remove', null, 'Failed to remove vote. Please try again.'],
  ] as const)('%s without a server error shows the default text', async (action, _vote, expected) => {
    const failure = apiError(500, null, action === 'remove' ? 'Failed to remove vote' : 'Failed to vote');
    jest.spyOn(api, 'vote').mockRejectedValue(failure);
    jest.spyOn(api, 'removeVote').mockRejectedValue(failure);
    const initial = makeWish(action === 'remove' ? { upvote_count: 1, vote_count: 1, vote_type: 'upvote' } : { upvote_count: 2, vote_count: 2 });
    const onChange = jest.fn();
    renderAt(<Harness initial={initial} onChange={onChange} />);
    await userEvent.click(action === 'downvote' ? downvote() : upvote());
    await waitFor(() => expect(toasts.texts()).toEqual([`error: ${expected}`]));
    expect(onChange).not.toHaveBeenCalled();
    expect(upvote()).not.toHaveAttribute('aria-disabled');
    expect(upvote()).toHaveAttribute('aria-pressed', action === 'remove' ? 'true' : 'false');
  });

  it("shows the server's error text when the response had one", async () => {
    jest.spyOn(api, 'vote').mockRejectedValue(apiError(404, { error: 'Wish not found' }, 'Failed to vote'));
    renderAt(<Harness initial={makeWish()} />);
    await userEvent.click(downvote());
    await waitFor(() => expect(toasts.texts()).toEqual(['error: Wish not found']));
  });

  it("shows the server's error text for a failed removal", async () => {
    jest.spyOn(api, 'removeVote').mockRejectedValue(apiError(429, { error: 'Slow down' }, 'Failed to remove vote'));
    renderAt(<Harness initial={makeWish({ vote_type: 'downvote', downvote_count: 1, vote_count: -1 })} />);
    await userEvent.click(downvote());
    await waitFor(() => expect(toasts.texts()).toEqual(['error: Slow down']));
  });

  it('a network failure (not an ApiError) still gets the default text', async () => {
    jest.spyOn(api, 'vote').mockRejectedValue(new TypeError('network'));
    renderAt(<Harness initial={makeWish()} />);
    await userEvent.click(upvote());
    await waitFor(() => expect(toasts.texts()).toEqual(['error: Failed to upvote. Please try again.']));
  });
});

describe('display modes', () => {
  const wish = makeWish({ upvote_count: 4, downvote_count: 1, vote_count: 3 });

  it("'both' shows both buttons, both counts and the net count", () => {
    renderAt(<Harness initial={wish} />);
    expect(upvote()).toBeInTheDocument();
    expect(downvote()).toBeInTheDocument();
    expect(showVoters()).toHaveTextContent(/^\+3$/);
    // Screen readers hear the counts with the right plurals; the net figure shows once.
    expect(screen.getByTestId('upvote-count')).toHaveTextContent('4 upvotes');
    expect(screen.getByTestId('downvote-count')).toHaveTextContent(/^1 downvote$/);
    expect(showVoters()).toHaveAccessibleName('+3 net score. Show voters');
    const visible = screen.getByRole('group', { name: 'Votes' }).cloneNode(true) as HTMLElement;
    visible.querySelectorAll('.w-visually-hidden').forEach((hidden) => hidden.remove());
    expect(visible.textContent).toBe('+3');
  });

  it("'count' shows only the count", () => {
    renderAt(<Harness initial={wish} mode="count" />);
    expect(screen.queryByRole('button', { name: 'Upvote' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Downvote' })).toBeNull();
    expect(showVoters()).toHaveTextContent('+3');
  });

  it("'upvote' shows the upvote button and the upvote count", () => {
    renderAt(<Harness initial={wish} mode="upvote" />);
    const group = screen.getByRole('group', { name: 'Votes' });
    expect(within(group).getByRole('button', { name: 'Upvote' })).toBeInTheDocument();
    expect(within(group).queryByRole('button', { name: 'Downvote' })).toBeNull();
    expect(showVoters()).toHaveTextContent('4');
  });

  it("'downvote' shows the downvote button and the downvote count", () => {
    renderAt(<Harness initial={wish} mode="downvote" />);
    expect(screen.queryByRole('button', { name: 'Upvote' })).toBeNull();
    expect(downvote()).toBeInTheDocument();
    expect(showVoters()).toHaveTextContent('1');
  });

  it("the count opens the 'People who voted' modal", async () => {
    jest.spyOn(api, 'getVoters').mockResolvedValue({ voters: [], count: 0, upvote_count: 0, downvote_count: 0, total_count: 0, net_count: 0, current_user_vote: null });
    renderAt(<Harness initial={wish} />);
    await userEvent.click(showVoters());
    expect(await screen.findByRole('dialog', { name: 'People who voted' })).toBeInTheDocument();
  });
});
