import { useRef, useState } from 'react';
import { api, Icon, openModal, toast, useSessionUser, type VoteType, type Wish } from '@wishes/shared';
import { serverErrorText } from '../common/errors';
import { applyVoteSummary, failureText, nextVoteAction, successText, VOTE_TEXTS } from './voteMachine';
import { VotersPanel } from './VotersPanel';
import './vote.css';

export type VoteDisplayMode = 'both' | 'count' | 'upvote' | 'downvote';

export interface VoteControlProps {
  wish: Wish;
  /** Receives the wish with the server's counts and vote_type after each successful change. */
  onChange: (wish: Wish) => void;
  mode?: VoteDisplayMode;
}

export function openVotersModal(wishId: number): void {
  openModal({ title: 'People who voted', render: (close) => <VotersPanel wishId={wishId} onNavigate={close} /> });
}

export function VoteControl({ wish, onChange, mode = 'both' }: VoteControlProps) {
  const user = useSessionUser();
  const [pending, setPending] = useState(false);
  // A ref as well as state: two quick presses in one tick must not send two requests.
  const pendingRef = useRef(false);

  const press = async (pressed: VoteType) => {
    if (!user) {
      toast.error(VOTE_TEXTS.signIn);
      return;
    }
    if (pendingRef.current) return;
    const action = nextVoteAction(wish.vote_type, pressed);
    pendingRef.current = true;
    setPending(true);
    try {
      const response = action.kind === 'remove' ? await api.removeVote(wish.id) : await api.vote(wish.id, action.voteType);
      onChange(applyVoteSummary(wish, response.wish));
      toast.success(successText(action));
    } catch (error) {
      toast.error(serverErrorText(error) ?? failureText(action));
    } finally {
      pendingRef.current = false;
      setPending(false);
    }
  };

  const voteButton = (type: VoteType) => (
    <button
      type="button"
      className={`feed-vote__btn feed-vote__btn--${type}`}
      aria-label={type === 'upvote' ? 'Upvote' : 'Downvote'}
      aria-pressed={wish.vote_type === type}
      // aria-disabled rather than disabled: a disabled button loses focus in Chromium, which would
      // drop a keyboard user to the top of the page after every vote. `press` ignores it meanwhile.
      aria-disabled={pending || undefined}
      onClick={() => void press(type)}
    >
      <Icon name={type} size={20} />
    </button>
  );

  const countButton = (value: number) => (
    <button type="button" className="feed-vote__count" aria-label="Show voters" onClick={() => openVotersModal(wish.id)}>
      {value}
    </button>
  );

  return (
    <div className="feed-vote" role="group" aria-label="Votes">
      {mode === 'both' ? (
        <>
          {voteButton('upvote')}
          <span className="feed-vote__tally" data-testid="upvote-count">
            {wish.upvote_count}
            <span className="w-visually-hidden"> upvotes</span>
          </span>
          {countButton(wish.vote_count)}
          {voteButton('downvote')}
          <span className="feed-vote__tally" data-testid="downvote-count">
            {wish.downvote_count}
            <span className="w-visually-hidden"> downvotes</span>
          </span>
        </>
      ) : null}
      {mode === 'count' ? countButton(wish.vote_count) : null}
      {mode === 'upvote' ? (
        <>
          {voteButton('upvote')}
          {countButton(wish.upvote_count)}
        </>
      ) : null}
      {mode === 'downvote' ? (
        <>
          {voteButton('downvote')}
          {countButton(wish.downvote_count)}
        </>
      ) : null}
    </div>
  );
}
