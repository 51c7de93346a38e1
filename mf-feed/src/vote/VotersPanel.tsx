import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ANONYMOUS, api, Button, EmptyState, ErrorState, formatDate, Icon, Spinner, toast, VOTERS_PAGE, type Voter, type VotersResult, type VoteType } from '@wishes/shared';
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
  loadMore: 'Load more voters',
  loadingMore: 'Loading more voters...',
  failedMore: 'Could not load more voters.',
  end: (count: number) => (count === 1 ? 'That is the only voter.' : `That is all ${count} voters.`),
} as const;

/** One filter's list: the pages loaded so far, where the next one starts, and its own count. */
type FilterList = {
  status: 'loading' | 'ready' | 'error';
  voters: Voter[];
  nextCursor: string | null;
  count: number;
  more: 'idle' | 'loading' | 'error';
};

type Totals = Pick<VotersResult, 'upvote_count' | 'downvote_count' | 'total_count'>;

const emptyList = (): FilterList => ({ status: 'loading', voters: [], nextCursor: null, count: 0, more: 'idle' });

/**
 * The voters modal's body. Voters come a page at a time (VOTERS_PAGE.modalLimit, newest first) from
 * the server, each filter its own list kept while the modal is open; the rest loads when the end of
 * the list scrolls into view or with the "Load more voters" button. The upvote and downvote figures
 * are the totals of every answer, never the length of what is loaded.
 */
export function VotersPanel({ wishId, onNavigate }: { wishId: number; onNavigate?: () => void }) {
  const [filter, setFilter] = useState<VoterFilter>('all');
  // The first filter shown ('all') is loading from the start (the effect below asks for it).
  const [lists, setLists] = useState<Partial<Record<VoterFilter, FilterList>>>(() => ({ all: emptyList() }));
  const [totals, setTotals] = useState<Totals | null>(null);
  const groupName = useId();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const update = useCallback((which: VoterFilter, change: (list: FilterList) => FilterList) => {
    setLists((all) => ({ ...all, [which]: change(all[which] ?? emptyList()) }));
  }, []);

  /** Asks for the first page of `which` (cursor null) or the page after `cursor`, already shown loading. */
  const requestPage = useCallback(
    (which: VoterFilter, cursor: string | null) => {
      api.getVoters(wishId, which === 'all' ? undefined : which, cursor === null ? { limit: VOTERS_PAGE.modalLimit } : { limit: VOTERS_PAGE.modalLimit, cursor }).then(
        (result) => {
          if (!mounted.current) return;
          setTotals({ upvote_count: result.upvote_count, downvote_count: result.downvote_count, total_count: result.total_count });
          update(which, (list) => {
            // Keyset pages never overlap, but a double trigger must not list anyone twice.
            const known = new Set(list.voters.map((voter) => voter.id));
            const voters = cursor === null ? result.voters : [...list.voters, ...result.voters.filter((voter) => !known.has(voter.id))];
            return { status: 'ready', voters, nextCursor: result.next_cursor ?? null, count: result.count, more: 'idle' };
          });
        },
        () => {
          if (!mounted.current) return;
          toast.error(VOTERS_TEXTS.failedToast);
          update(which, (list) => (cursor === null ? { ...list, status: 'error' } : { ...list, more: 'error' }));
        },
      );
    },
    [update, wishId],
  );

  /** Loads the first page of `which` (cursor null) or the page after `cursor`. */
  const fetchPage = useCallback(
    (which: VoterFilter, cursor: string | null) => {
      if (cursor === null) update(which, () => emptyList());
      else update(which, (list) => ({ ...list, more: 'loading' }));
      requestPage(which, cursor);
    },
    [update, requestPage],
  );

  useEffect(() => {
    requestPage('all', null);
  }, [requestPage]);

  /** Shows another filter; its first page loads the first time it is shown. */
  const choose = (which: VoterFilter) => {
    setFilter(which);
    if (!lists[which]) fetchPage(which, null);
  };

  const current = lists[filter];

  const loadMore = useCallback(() => {
    if (current?.status === 'ready' && current.nextCursor && current.more !== 'loading') fetchPage(filter, current.nextCursor);
  }, [current, fetchPage, filter]);

  // Scrolling the end of the list into view loads the next page (the button does the same by hand).
  // An error stops it until the person presses the button again, so a failing server is not hammered.
  const sentinel = useRef<HTMLDivElement>(null);
  const canAutoLoad = current?.status === 'ready' && current.nextCursor !== null && current.more === 'idle';
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !canAutoLoad || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore();
    }, { rootMargin: '0px 0px 200px 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [canAutoLoad, loadMore]);

  if (!totals && (!current || current.status === 'loading')) return <Spinner label={VOTERS_TEXTS.loading} />;
  if (!totals && current?.status === 'error') return <ErrorState message={VOTERS_TEXTS.failed} onRetry={() => fetchPage(filter, null)} />;
  if (totals && totals.total_count === 0 && filter === 'all' && current?.status === 'ready' && current.voters.length === 0) return <EmptyState>{VOTERS_TEXTS.empty}</EmptyState>;

  const filterLabel = FILTERS.find((item) => item.value === filter)?.label ?? filter;

  return (
    <div className="feed-voters">
      <p className="feed-voters__totals">
        <span>
          <Icon name="upvote" size={18} /> Upvotes: <strong>{totals?.upvote_count ?? 0}</strong>
        </span>
        <span>
          <Icon name="downvote" size={18} /> Downvotes: <strong>{totals?.downvote_count ?? 0}</strong>
        </span>
      </p>
      <fieldset className="feed-voters__filter">
        <legend className="w-visually-hidden">Show</legend>
        {FILTERS.map((item) => (
          <label key={item.value} className={filter === item.value ? 'feed-voters__option is-active' : 'feed-voters__option'}>
            <input type="radio" name={groupName} value={item.value} checked={filter === item.value} onChange={() => choose(item.value)} />
            <span className="feed-voters__option-label">{item.label}</span>
          </label>
        ))}
      </fieldset>
      {!current || current.status === 'loading' ? (
        <Spinner label={VOTERS_TEXTS.loading} />
      ) : current.status === 'error' ? (
        <ErrorState message={VOTERS_TEXTS.failed} onRetry={() => fetchPage(filter, null)} />
      ) : current.voters.length === 0 ? (
        <EmptyState>{filter === 'all' ? VOTERS_TEXTS.empty : `No ${filterLabel} to display.`}</EmptyState>
      ) : (
        <>
          <ul className="feed-voters__list" aria-busy={current.more === 'loading'}>
            {current.voters.map((voter) => (
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
          <div ref={sentinel} className="feed-voters__more">
            {current.nextCursor === null ? (
              <p className="feed-voters__end">{VOTERS_TEXTS.end(current.count)}</p>
            ) : current.more === 'loading' ? (
              <Spinner label={VOTERS_TEXTS.loadingMore} />
            ) : (
              <>
                {current.more === 'error' ? (
                  <p className="feed-voters__more-error" role="alert">
                    {VOTERS_TEXTS.failedMore}
                  </p>
                ) : null}
                <Button variant="secondary" onClick={loadMore}>
                  {VOTERS_TEXTS.loadMore}
                </Button>
              </>
            )}
          </div>
        </>
      )}
    </div>
  );
}
