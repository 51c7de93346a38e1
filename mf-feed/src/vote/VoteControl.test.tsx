import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { call, queryKeys, useQuery } from '@wishes/kit-client';
import { type Wish } from '@wishes/kit-contract';
import WishList from '../wish/WishList';
import { VoteControl, type VoteDisplayMode } from './VoteControl';
import { feedPage, makeWish, voteResponse } from '../test/fixtures';
import { deferred, renderAt, resetSharedState, signInForTest, toastsEachTest } from '@wishes/kit-test';
import { answer, API, HttpResponse, refuse } from '../test/http';
import { renderFeedFirstPaint } from '@wishes/kit-ui/firstPaint';
import { EARLY_TAP_GLOBAL, EARLY_TAP_SCRIPT } from '@wishes/kit-ui/earlyTap';

/** Both vote requests answered alike: POST (cast) and DELETE (remove). */
const votes = (...answers: Parameters<typeof answer>[2][]) => ({ cast: answer('post', API.vote, ...answers), remove: answer('delete', API.vote, ...answers) });

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
    const vote = answer('post', API.vote, voteResponse('Upvoted', { up: 5, down: 1, vote_type: 'upvote' }));
    const onChange = jest.fn();
    renderAt(<Harness initial={makeWish({ upvote_count: 1, downvote_count: 1 })} onChange={onChange} />);
    await userEvent.click(upvote());
    await waitFor(() => expect(upvote()).toHaveAttribute('aria-pressed', 'true'));
    expect(vote.map((r) => [r.params.id, r.body])).toEqual([['1', { vote_type: 'upvote' }]]);
    // Replaced by the server's numbers, not incremented locally (1 + 1 would be 2).
    expect(screen.getByTestId('upvote-count')).toHaveTextContent(/^5/);
    expect(screen.getByTestId('downvote-count')).toHaveTextContent(/^1/);
    expect(showVoters()).toHaveTextContent('+4');
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ id: 1, upvote_count: 5, downvote_count: 1, vote_count: 4, vote_type: 'upvote', text: 'Wish number 1' }));
    expect(toasts.texts()).toEqual(['success: Upvoted']);
  });

  it('upvoted → none: pressing Upvote again DELETEs the vote', async () => {
    const { cast: vote, remove } = votes(voteResponse('Vote removed', { up: 2, down: 0, vote_type: null }));
    renderAt(<Harness initial={makeWish({ upvote_count: 3, vote_count: 3, vote_type: 'upvote' })} />);
    expect(upvote()).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(upvote());
    await waitFor(() => expect(upvote()).toHaveAttribute('aria-pressed', 'false'));
    expect(remove.map((r) => r.params.id)).toEqual(['1']);
    expect(vote).toHaveLength(0);
    expect(screen.getByTestId('upvote-count')).toHaveTextContent(/^2/);
    expect(toasts.texts()).toEqual(['success: Vote removed']);
  });

  it('upvoted → downvoted: Downvote POSTs a downvote', async () => {
    const vote = answer('post', API.vote, voteResponse('Downvoted', { up: 0, down: 1, vote_type: 'downvote' }));
    renderAt(<Harness initial={makeWish({ upvote_count: 1, vote_count: 1, vote_type: 'upvote' })} />);
    await userEvent.click(downvote());
    await waitFor(() => expect(downvote()).toHaveAttribute('aria-pressed', 'true'));
    expect(vote.map((r) => r.body)).toEqual([{ vote_type: 'downvote' }]);
    expect(upvote()).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('upvote-count')).toHaveTextContent(/^0/);
    expect(screen.getByTestId('downvote-count')).toHaveTextContent(/^1/);
    expect(showVoters()).toHaveTextContent('-1');
    expect(toasts.texts()).toEqual(['success: Downvoted']);
  });

  it('downvoted → none: pressing Downvote again DELETEs the vote', async () => {
    const remove = answer('delete', API.vote, voteResponse('Vote removed', { up: 0, down: 0, vote_type: null }));
    renderAt(<Harness initial={makeWish({ downvote_count: 1, vote_count: -1, vote_type: 'downvote' })} />);
    await userEvent.click(downvote());
    await waitFor(() => expect(downvote()).toHaveAttribute('aria-pressed', 'false'));
    expect(remove.map((r) => r.params.id)).toEqual(['1']);
    expect(screen.getByTestId('downvote-count')).toHaveTextContent(/^0/);
    expect(toasts.texts()).toEqual(['success: Vote removed']);
  });

  it('downvoted → upvoted: Upvote POSTs an upvote', async () => {
    const vote = answer('post', API.vote, voteResponse('Upvoted', { up: 1, down: 0, vote_type: 'upvote' }));
    renderAt(<Harness initial={makeWish({ downvote_count: 1, vote_count: -1, vote_type: 'downvote' })} />);
    await userEvent.click(upvote());
    await waitFor(() => expect(upvote()).toHaveAttribute('aria-pressed', 'true'));
    expect(vote.map((r) => r.body)).toEqual([{ vote_type: 'upvote' }]);
    expect(downvote()).toHaveAttribute('aria-pressed', 'false');
    expect(toasts.texts()).toEqual(['success: Upvoted']);
  });

  it("trusts the server's vote_type even when it differs from the expected state", async () => {
    answer('post', API.vote, voteResponse('Upvoted', { up: 0, down: 0, vote_type: null }));
    renderAt(<Harness initial={makeWish()} />);
    await userEvent.click(upvote());
    await waitFor(() => expect(toasts.texts()).toEqual(['success: Upvoted']));
    expect(upvote()).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('while a vote is pending', () => {
  it('disables both buttons and ignores further presses', async () => {
    const pending = deferred<ReturnType<typeof voteResponse>>();
    const vote = answer('post', API.vote, pending.promise);
    renderAt(<Harness initial={makeWish()} />);
    await userEvent.click(upvote());
    await waitFor(() => expect(upvote()).toHaveAttribute('aria-disabled', 'true'));
    expect(downvote()).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(downvote());
    await userEvent.click(upvote());
    expect(vote).toHaveLength(1);
    await act(async () => pending.resolve(voteResponse('Upvoted', { up: 1, down: 0, vote_type: 'upvote' })));
    await waitFor(() => expect(upvote()).not.toHaveAttribute('aria-disabled'));
    expect(downvote()).not.toHaveAttribute('aria-disabled');
  });

  it('keeps keyboard focus on the pressed button while and after the request runs', async () => {
    const pending = deferred<ReturnType<typeof voteResponse>>();
    answer('post', API.vote, pending.promise);
    renderAt(<Harness initial={makeWish()} />);
    upvote().focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(upvote()).toHaveAttribute('aria-disabled', 'true'));
    expect(upvote()).toHaveFocus();
    await act(async () => pending.resolve(voteResponse('Upvoted', { up: 1, down: 0, vote_type: 'upvote' })));
    await waitFor(() => expect(upvote()).toHaveAttribute('aria-pressed', 'true'));
    expect(upvote()).toHaveFocus();
  });
});

describe('a press on the server-drawn arrow before the card was live (early tap)', () => {
  /** The server's page: the first paint and its inline script; returns the drawn card. */
  function drawnPage(wish: Wish): HTMLElement {
    const holder = document.createElement('div');
    holder.innerHTML = renderFeedFirstPaint('/feed', [wish]);
    document.body.appendChild(holder);
    new Function(EARLY_TAP_SCRIPT)();
    return holder.querySelector('article') as HTMLElement;
  }
  const drawnArrow = (card: HTMLElement, name: 'Upvote' | 'Downvote') => within(card).getByRole('button', { name });
  type Live = ReturnType<typeof within>;
  const liveUp = (live: Live) => live.getByRole('button', { name: 'Upvote' });
  const liveDown = (live: Live) => live.getByRole('button', { name: 'Downvote' });
  afterEach(() => {
    document.body.innerHTML = '';
    // The script's listener stays on the document; each test's script sets a new state object.
    delete (window as unknown as Record<string, unknown>)[EARLY_TAP_GLOBAL];
  });

  it('holds the first press (pressed, counts untouched), ignores the rest, and the live card sends it once', async () => {
    const pending = deferred<ReturnType<typeof voteResponse>>();
    const { cast: vote, remove } = votes(pending.promise);
    const wish = makeWish({ upvote_count: 2, vote_count: 2 });
    const card = drawnPage(wish);
    drawnArrow(card, 'Upvote').click();
    drawnArrow(card, 'Upvote').click();
    drawnArrow(card, 'Downvote').click();
    expect(drawnArrow(card, 'Upvote')).toHaveClass('w-early-tapped');
    expect(drawnArrow(card, 'Downvote')).not.toHaveClass('w-early-tapped');
    expect(drawnArrow(card, 'Downvote')).toHaveAttribute('aria-disabled', 'true');
    expect(card.querySelector('.feed-vote__count')).toHaveTextContent('+2');

    const live = within(renderAt(<Harness initial={wish} />).container);
    await waitFor(() => expect(vote).toHaveLength(1));
    expect(vote[0].body).toEqual({ vote_type: 'upvote' });
    // The live arrow shows the press while its request runs; the figures wait for the answer.
    expect(liveUp(live)).toHaveClass('is-sending');
    expect(liveUp(live)).toHaveAttribute('aria-disabled', 'true');
    expect(live.getByRole('button', { name: /show voters/i })).toHaveTextContent('+2');
    await act(async () => pending.resolve(voteResponse('Upvoted', { up: 3, down: 0, vote_type: 'upvote' })));
    await waitFor(() => expect(liveUp(live)).toHaveAttribute('aria-pressed', 'true'));
    expect(live.getByRole('button', { name: /show voters/i })).toHaveTextContent('+3');
    expect(toasts.texts()).toEqual(['success: Upvoted']);
    expect(vote).toHaveLength(1);
    expect(remove).toHaveLength(0);
    // Answered: the drawn arrows take presses again.
    expect(drawnArrow(card, 'Downvote')).not.toHaveAttribute('aria-disabled');
    expect(drawnArrow(card, 'Upvote')).not.toHaveClass('w-early-tapped');
  });

  it('hands a press made after the live card mounted to it too', async () => {
    const vote = answer('post', API.vote, voteResponse('Downvoted', { up: 0, down: 1, vote_type: 'downvote' }));
    const wish = makeWish();
    const card = drawnPage(wish);
    const live = within(renderAt(<Harness initial={wish} />).container);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
    drawnArrow(card, 'Downvote').click();
    await waitFor(() => expect(liveDown(live)).toHaveAttribute('aria-pressed', 'true'));
    expect(vote.map((r) => r.body)).toEqual([{ vote_type: 'downvote' }]);
  });

  it("a visitor's held press asks them to sign in, once, and sends nothing", async () => {
    resetSharedState();
    const { cast: vote, remove } = votes(voteResponse('Upvoted', { up: 1, down: 0, vote_type: 'upvote' }));
    const wish = makeWish();
    const card = drawnPage(wish);
    drawnArrow(card, 'Upvote').click();
    drawnArrow(card, 'Upvote').click();
    renderAt(<Harness initial={wish} />);
    await waitFor(() => expect(toasts.texts()).toEqual(['error: Please sign in to vote']));
    expect(vote).toHaveLength(0);
    expect(remove).toHaveLength(0);
    expect(drawnArrow(card, 'Upvote')).not.toHaveAttribute('aria-disabled');
  });
});

describe('signed-out visitor', () => {
  it("toasts 'Please sign in to vote' and sends nothing", async () => {
    resetSharedState();
    const { cast: vote, remove } = votes(voteResponse('Upvoted', { up: 1, down: 0, vote_type: 'upvote' }));
    renderAt(<Harness initial={makeWish()} />);
    await userEvent.click(upvote());
    await userEvent.click(downvote());
    expect(vote).toHaveLength(0);
    expect(remove).toHaveLength(0);
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
    // A 500 without an `error` field: the client's text, so the control's own default shows.
    votes(() => new HttpResponse(null, { status: 500 }));
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
    answer('post', API.vote, refuse(404, 'Wish not found'));
    renderAt(<Harness initial={makeWish()} />);
    await userEvent.click(downvote());
    await waitFor(() => expect(toasts.texts()).toEqual(['error: Wish not found']));
  });

  it("shows the server's error text for a failed removal", async () => {
    answer('delete', API.vote, refuse(429, 'Slow down'));
    renderAt(<Harness initial={makeWish({ vote_type: 'downvote', downvote_count: 1, vote_count: -1 })} />);
    await userEvent.click(downvote());
    await waitFor(() => expect(toasts.texts()).toEqual(['error: Slow down']));
  });

  it('a network failure still gets the default text', async () => {
    answer('post', API.vote, 'network-error');
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
    answer('get', API.voters, { voters: [], count: 0, upvote_count: 0, downvote_count: 0, total_count: 0, net_count: 0, current_user_vote: null });
    renderAt(<Harness initial={wish} />);
    await userEvent.click(showVoters());
    expect(await screen.findByRole('dialog', { name: 'People who voted' })).toBeInTheDocument();
  });
});

describe('the site cache', () => {
  /** What another remote (mf-profile's list of a member's wishes) holds: its own query of the same wish. */
  function ProfileList() {
    const query = useQuery({ queryKey: queryKeys.userWishes('7', 1), queryFn: () => call('getUserWishesPage', { params: { id: 7, page: 1 } }) });
    return query.data ? <WishList wishes={query.data.wishes} /> : null;
  }

  it("a vote here patches the same wish in another app's cached list, without a prop chain or a refetch", async () => {
    const profile = answer('get', API.userWishes, feedPage([makeWish({ id: 1, upvote_count: 1, vote_count: 1 })], 1, null));
    answer('post', API.vote, voteResponse('Upvoted', { up: 2, down: 0, vote_type: 'upvote' }));
    renderAt(
      <>
        <section aria-label="Feed">
          <Harness initial={makeWish({ id: 1, upvote_count: 1, vote_count: 1 })} />
        </section>
        <section aria-label="Profile">
          <ProfileList />
        </section>
      </>,
    );
    const profileCard = await screen.findByRole('article');
    expect(within(profileCard).getByTestId('upvote-count')).toHaveTextContent(/^1 upvote$/);
    await userEvent.click(within(screen.getByRole('region', { name: 'Feed' })).getByRole('button', { name: 'Upvote' }));
    await waitFor(() => expect(within(profileCard).getByTestId('upvote-count')).toHaveTextContent(/^2 upvotes$/));
    expect(within(profileCard).getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
    expect(profile).toHaveLength(1);
  });

  it('a refused vote leaves the cached copies as they were', async () => {
    answer('get', API.userWishes, feedPage([makeWish({ id: 1, upvote_count: 1, vote_count: 1 })], 1, null));
    answer('post', API.vote, refuse(429, 'Slow down'));
    renderAt(
      <>
        <section aria-label="Feed">
          <Harness initial={makeWish({ id: 1, upvote_count: 1, vote_count: 1 })} />
        </section>
        <ProfileList />
      </>,
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    await userEvent.click(within(screen.getByRole('region', { name: 'Feed' })).getByRole('button', { name: 'Upvote' }));
    await waitFor(() => expect(toasts.texts()).toEqual(['error: Slow down']));
    expect(within(screen.getByRole('article')).getByTestId('upvote-count')).toHaveTextContent(/^1 upvote$/);
  });
});
