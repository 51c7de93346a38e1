import { useCallback, useEffect, useId, useState } from 'react';
import { ANONYMOUS, api, EmptyState, ErrorState, formatDate, Icon, Spinner, toast, type VotersResult, type VoteType } from '@wishes/shared';
import { ModalLink } from '../common/ModalLink';

type VoterFilter = 'all' | VoteType;

// Lower-case labels (capitalised by CSS) so the empty text reads 'No upvotes to display.'
const FILTERS: Array<{ value: VoterFilter; label: string }> = [
  { value: 'all', label: 'all' },
  { value: 'upvote', label: 'upvotes' },
  { value: 'downvote', label: 'downvotes' },
];

export const VOTERS_TEXTS = {
  loading: 'Loading voters...',
  failedToast: 'Failed to load voters',
  failed: 'Failed to load voters. Please try again.',
  empty: 'No one has voted for this wish yet.',
} as const;

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; result: VotersResult };

/**
 * The voters modal's body. All voters are fetched once and filtered here, so the upvote and
 * downvote counts shown are always the totals.
 */
export function VotersPanel({ wishId, onNavigate }: { wishId: number; onNavigate?: () => void }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [filter, setFilter] = useState<VoterFilter>('all');
  const groupName = useId();

  const load = useCallback(() => {
    let active = true;
    setState({ status: 'loading' });
    api.getVoters(wishId).then(
      (result) => {
        if (active) setState({ status: 'ready', result });
      },
      () => {
        if (!active) return;
        toast.error(VOTERS_TEXTS.failedToast);
        setState({ status: 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, [wishId]);

  const [attempt, setAttempt] = useState(0);
  useEffect(() => load(), [load, attempt]);

  if (state.status === 'loading') return <Spinner label={VOTERS_TEXTS.loading} />;
  if (state.status === 'error') return <ErrorState message={VOTERS_TEXTS.failed} onRetry={() => setAttempt((n) => n + 1)} />;

  const { result } = state;
  const voters = result.voters ?? [];
  if (voters.length === 0 && (result.total_count ?? 0) === 0) return <EmptyState>{VOTERS_TEXTS.empty}</EmptyState>;

  const shown = filter === 'all' ? voters : voters.filter((voter) => voter.vote_type === filter);
  const filterLabel = FILTERS.find((item) => item.value === filter)?.label ?? filter;

  return (
    <div className="feed-voters">
      <p className="feed-voters__totals">
        <span>
          <Icon name="upvote" size={18} /> Upvotes: <strong>{result.upvote_count}</strong>
        </span>
        <span>
          <Icon name="downvote" size={18} /> Downvotes: <strong>{result.downvote_count}</strong>
        </span>
      </p>
      <fieldset className="feed-voters__filter">
        <legend className="w-visually-hidden">Show</legend>
        {FILTERS.map((item) => (
          <label key={item.value} className={filter === item.value ? 'feed-voters__option is-active' : 'feed-voters__option'}>
            <input type="radio" name={groupName} value={item.value} checked={filter === item.value} onChange={() => setFilter(item.value)} />
            <span className="feed-voters__option-label">{item.label}</span>
          </label>
        ))}
      </fieldset>
      {shown.length === 0 ? (
        <EmptyState>{filter === 'all' ? VOTERS_TEXTS.empty : `No ${filterLabel} to display.`}</EmptyState>
      ) : (
        <ul className="feed-voters__list">
          {shown.map((voter) => (
            <li key={voter.id} className="feed-voters__item">
              <ModalLink to={`/user/${voter.voter_id}`} onNavigate={onNavigate} className="feed-voters__name">
                {voter.voter_name?.trim() || ANONYMOUS}
              </ModalLink>
              <span className={`feed-voters__type feed-voters__type--${voter.vote_type}`}>
                <Icon name={voter.vote_type} size={16} />
                {voter.vote_type === 'upvote' ? 'Upvote' : 'Downvote'}
              </span>
              <time className="feed-voters__date" dateTime={voter.created_at}>
                {formatDate(voter.created_at, true)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
