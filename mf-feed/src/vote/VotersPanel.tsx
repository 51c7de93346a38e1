import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ANONYMOUS, toast, VOTERS_PAGE } from '@wishes/kit-session';
import { Button, EmptyState, ErrorState, formatDate, Icon, Spinner } from '@wishes/kit-ui';
import { call, queryKeys, useInfiniteQuery, useQueryClient } from '@wishes/kit-client';
import { type Voter, type VotersResult, type VoteType } from '@wishes/kit-contract';
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

type Totals = Pick<VotersResult, 'upvote_count' | 'downvote_count' | 'total_count'>;

/**
 * The voters modal's body. Voters come a page at a time (VOTERS_PAGE.modalLimit, newest first) from
 * the server, each filter its own infinite query (queryKeys.voters) kept while the modal is open;
 * the rest loads when the end of the list scrolls into view or with the "Load more voters" button.
 * The upvote and downvote figures are the totals of the latest answer, never the length of what is
 * loaded.
 */
export function VotersPanel({ wishId, onNavigate }: { wishId: number; onNavigate?: () => void }) {
  const [filter, setFilter] = useState<VoterFilter>('all');
  const groupName = useId();
  const client = useQueryClient();
  // Each opening starts from the server (votes may have changed since); while open, a filter seen
  // once is not asked again.
  useState(() => client.removeQueries({ queryKey: queryKeys.voters(wishId, 'all').slice(0, 2) }));

  const list = useInfiniteQuery({
    queryKey: queryKeys.voters(wishId, filter),
    queryFn: async ({ pageParam, signal }) => {
      try {
        return await call('listVoters', { params: { id: wishId }, query: { vote_type: filter === 'all' ? undefined : filter, limit: VOTERS_PAGE.modalLimit, ...(pageParam ? { cursor: pageParam } : {}) }, signal });
      } catch (error) {
        if (!signal.aborted) toast.error(VOTERS_TEXTS.failedToast);
        throw error;
      }
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: VotersResult) => last.next_cursor ?? undefined,
    staleTime: Infinity,
  });
  const { data, isError, isFetching, isFetchingNextPage, isFetchNextPageError, hasNextPage, fetchNextPage, refetch } = list;

  // Keyset pages never overlap, but a double trigger must not list anyone twice.
  const voters = useMemo(() => {
    const byId = new Map<number, Voter>();
    for (const page of data?.pages ?? []) for (const voter of page.voters) if (!byId.has(voter.id)) byId.set(voter.id, voter);
    return [...byId.values()];
  }, [data]);
  const status: 'loading' | 'ready' | 'error' = isError && !isFetchNextPageError ? (isFetching ? 'loading' : 'error') : data ? 'ready' : 'loading';
  const more: 'idle' | 'loading' | 'error' = isFetchingNextPage ? 'loading' : isFetchNextPageError && !isFetching ? 'error' : 'idle';
  const lastPage = data?.pages[data.pages.length - 1];
  const count = lastPage?.count ?? 0;

  // The totals of the latest answer of any filter (switching filters keeps them on screen).
  const latest = client
    .getQueryCache()
    .findAll({ queryKey: queryKeys.voters(wishId, 'all').slice(0, 2) })
    .filter((query) => query.state.data)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)[0]?.state.data as { pages: VotersResult[] } | undefined;
  const newest = latest?.pages[latest.pages.length - 1];
  const totals: Totals | null = newest ? { upvote_count: newest.upvote_count, downvote_count: newest.downvote_count, total_count: newest.total_count } : null;

  const choose = (which: VoterFilter) => setFilter(which);

  const loadMore = useCallback(() => {
    if (status === 'ready' && hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [status, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const retry = () => void refetch();

  // Scrolling the end of the list into view loads the next page (the button does the same by hand).
  // An error stops it until the person presses the button again, so a failing server is not hammered.
  const sentinel = useRef<HTMLDivElement>(null);
  const canAutoLoad = status === 'ready' && Boolean(hasNextPage) && more === 'idle';
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !canAutoLoad || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore();
    }, { rootMargin: '0px 0px 200px 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [canAutoLoad, loadMore]);

  if (!totals && status === 'loading') return <Spinner label={VOTERS_TEXTS.loading} />;
  if (!totals && status === 'error') return <ErrorState message={VOTERS_TEXTS.failed} onRetry={retry} />;
  if (totals && totals.total_count === 0 && filter === 'all' && status === 'ready' && voters.length === 0) return <EmptyState>{VOTERS_TEXTS.empty}</EmptyState>;

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
      {status === 'loading' ? (
        <Spinner label={VOTERS_TEXTS.loading} />
      ) : status === 'error' ? (
        <ErrorState message={VOTERS_TEXTS.failed} onRetry={retry} />
      ) : voters.length === 0 ? (
        <EmptyState>{filter === 'all' ? VOTERS_TEXTS.empty : `No ${filterLabel} to display.`}</EmptyState>
      ) : (
        <>
          <ul className="feed-voters__list" aria-busy={more === 'loading'}>
            {voters.map((voter) => (
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
            {!hasNextPage ? (
              <p className="feed-voters__end">{VOTERS_TEXTS.end(count)}</p>
            ) : more === 'loading' ? (
              <Spinner label={VOTERS_TEXTS.loadingMore} />
            ) : (
              <>
                {more === 'error' ? (
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
