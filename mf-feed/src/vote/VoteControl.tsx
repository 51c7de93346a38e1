import { useContext, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { authPathReturningTo, openModal, toast } from '@wishes/kit-session';
import { call, useSessionUser, useWishMutation } from '@wishes/kit-client';
import { Icon, useEarlyTap } from '@wishes/kit-ui';
import { type VoteType, type Wish } from '@wishes/kit-contract';
import { serverErrorText } from '../common/errors';
import { applyVoteSummary, failureText, nextVoteAction, successText, VOTE_TEXTS, voteUpdate, type VoteAction } from './voteMachine';
import { withLazyPanel } from '../common/lazyPanel';
import { OwnVoteContext } from './ownVotes';
import './vote.css';

export type VoteDisplayMode = 'both' | 'count' | 'upvote' | 'downvote';

export interface VoteControlProps {
  wish: Wish;
  /** Receives the wish with the server's counts and vote_type after each successful change. */
  onChange: (wish: Wish) => void;
  mode?: VoteDisplayMode;
}

/** The voters modal; its panel is fetched at the first use (../common/lazyPanel), not with the card. */
export function openVotersModal(wishId: number): void {
  void withLazyPanel(
    () => import('./VotersPanel'),
    ({ VotersPanel }) => openModal({ title: 'People who voted', render: (close) => <VotersPanel wishId={wishId} onNavigate={close} /> }),
  );
}

/** "1 upvote", "2 upvotes", "0 downvotes". */
export function countText(count: number, type: VoteType): string {
  return `${count} ${type}${Math.abs(count) === 1 ? '' : 's'}`;
}

/** The net score as people read it: "+2", "0", "-1". */
export function signedCount(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

/**
 * The vote control. In 'both' mode it reads ▲ +2 ▼: the middle figure is the net score and a button
 * (with a people icon) that opens the voters ("+2 net score. Show voters"); the up and down counts
 * are read by screen readers from hidden text beside it ("2 upvotes", "1 downvote") and shown in
 * the voters modal, so no number shows twice.
 */
export function VoteControl({ wish, onChange, mode = 'both' }: VoteControlProps) {
  const user = useSessionUser();
  const location = useLocation();
  // A ref as well as the mutation's state: two quick presses in one tick must not send two requests.
  const pendingRef = useRef(false);
  // The arrow pressed while its request runs (pressed in, busy); the counts wait for the answer.
  const [sending, setSending] = useState<VoteType | null>(null);
  // A press on the server-drawn arrow before this card was live (@wishes/kit-ui earlyTap): answered
  // now, as a press here; `settle` lets the drawn arrows take presses again once it is answered.
  const settleEarly = useRef<(() => void) | null>(null);
  // The member's own vote on a wish of a shared page (./ownVotes): a press waits until it is known.
  const ownVotes = useContext(OwnVoteContext);
  const release = () => {
    pendingRef.current = false;
    setSending(null);
    settleEarly.current?.();
    settleEarly.current = null;
  };
  // Not optimistic (the counts are the server's, never computed here); its answer patches every
  // cached copy of the wish, so the same wish shown by another remote updates too.
  const vote = useWishMutation({
    mutationFn: (action: VoteAction) =>
      action.kind === 'remove' ? call('removeVote', { params: { id: wish.id } }) : call('voteOnWish', { params: { id: wish.id }, body: { vote_type: action.voteType } }),
    settled: (response) => voteUpdate(response.wish),
    onSuccess: (response, action) => {
      onChange(applyVoteSummary(wish, response.wish));
      toast.success(successText(action));
    },
    onError: (error, action) => toast.error(serverErrorText(error) ?? failureText(action)),
    onSettled: release,
  });
  // Busy from the press: a press held for the member's own vote has no request running yet.
  const pending = vote.isPending || sending !== null;

  const press = (pressed: VoteType) => {
    if (!user) {
      // The prompt offers the way to sign in, which brings the visitor back to this page.
      toast.error(VOTE_TEXTS.signIn, undefined, { label: 'Sign in', to: authPathReturningTo(location.pathname + location.search) });
      return false;
    }
    if (pendingRef.current) return false;
    pendingRef.current = true;
    setSending(pressed);
    if (ownVotes?.unknown(wish.id)) {
      // Whether this press casts or removes depends on the member's own vote: held (pressed in,
      // busy, the counts as they are) until it is known, then sent; if it cannot be learned, released.
      void ownVotes.resolve(wish.id).then((own) => {
        if (own) vote.mutate(nextVoteAction(own.vote_type ?? null, pressed));
        else {
          toast.error(failureText({ kind: 'cast', voteType: pressed }));
          release();
        }
      });
      return true;
    }
    vote.mutate(nextVoteAction(wish.vote_type, pressed));
    return true;
  };

  useEarlyTap('vote', String(wish.id), (value, settle) => {
    if ((value !== 'upvote' && value !== 'downvote') || !press(value)) settle();
    else settleEarly.current = settle;
  });

  const voteButton = (type: VoteType) => (
    <button
      type="button"
      // A visitor's press is refused (sign in first): no vote-coloured hover that would look pressed.
      className={`feed-vote__btn feed-vote__btn--${type}${user ? '' : ' feed-vote__btn--visitor'}${sending === type ? ' is-sending' : ''}`}
      aria-label={type === 'upvote' ? 'Upvote' : 'Downvote'}
      aria-pressed={wish.vote_type === type}
      // aria-disabled rather than disabled: a disabled button loses focus in Chromium, which would
      // drop a keyboard user to the top of the page after every vote. `press` ignores it meanwhile.
      aria-disabled={pending || undefined}
      onClick={() => press(type)}
    >
      <Icon name={type} size={20} />
    </button>
  );

  const tallies = (
    <>
      <span className="w-visually-hidden" data-testid="upvote-count">
        {countText(wish.upvote_count, 'upvote')}
      </span>
      <span className="w-visually-hidden" data-testid="downvote-count">
        {countText(wish.downvote_count, 'downvote')}
      </span>
    </>
  );

  // The accessible name starts with the visible figure (label in name), then says what it opens.
  const countButton = (value: number, shown: string, meaning: string) => (
    <button
      type="button"
      className="feed-vote__count"
      aria-label={`${shown} ${meaning}. Show voters`}
      title="Show voters"
      onClick={() => openVotersModal(wish.id)}
      data-value={value}
    >
      <span aria-hidden="true">{shown}</span>
      <Icon name="subscriptions" size={16} className="feed-vote__count-icon" />
    </button>
  );

  // Never the words "upvote"/"downvote" in this name: it would also answer to the vote buttons' names.
  const net = 'net score';
  const votes = (count: number, direction: 'up' | 'down') => `${count === 1 ? 'vote' : 'votes'} ${direction}`;

  return (
    <div className="feed-vote" role="group" aria-label="Votes">
      {mode === 'both' ? (
        <>
          {voteButton('upvote')}
          {countButton(wish.vote_count, signedCount(wish.vote_count), net)}
          {voteButton('downvote')}
          {tallies}
        </>
      ) : null}
      {mode === 'count' ? countButton(wish.vote_count, signedCount(wish.vote_count), net) : null}
      {mode === 'upvote' ? (
        <>
          {voteButton('upvote')}
          {countButton(wish.upvote_count, String(wish.upvote_count), votes(wish.upvote_count, 'up'))}
        </>
      ) : null}
      {mode === 'downvote' ? (
        <>
          {voteButton('downvote')}
          {countButton(wish.downvote_count, String(wish.downvote_count), votes(wish.downvote_count, 'down'))}
        </>
      ) : null}
    </div>
  );
}
