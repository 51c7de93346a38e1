import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { type InfiniteData } from '@tanstack/react-query';
import { call, errorMessage, queryKeys, takeEmbeddedPublic, useDocumentTitle, useInfiniteQuery, useQueryClient, useSessionUser } from '@wishes/kit-client';
import { EmptyState, ErrorState, Spinner } from '@wishes/kit-ui';
import { FEED, getAccessToken } from '@wishes/kit-session';
import { type FeedPage as FeedPageData, type Wish } from '@wishes/kit-contract';
import { appendUnique, nextPageOf } from '../common/paging';
import WishList from '../wish/WishList';
import { distanceToPageBottom } from './scrollGeometry';
import { LIVE_FIRST, takeDrawnCards } from './drawnCards';
import { layOverPages, OwnVoteContext, OwnVotes } from '../vote/ownVotes';
import './feed.css';

export const FEED_TEXTS = {
  loading: 'Loading more wishes...',
  end: "You've seen all wishes!",
  empty: 'No wishes yet.',
  failed: 'Could not load wishes.',
  followingEmpty: 'Follow people to see their wishes here',
  followingEmptyLink: 'Find people in the feed',
  all: 'All',
  following: 'Following',
} as const;

/** Which feed: everyone's public wishes, or (members) the people they follow (`/feed?view=following`). */
export type FeedView = 'all' | 'following';
const FOLLOWING_PARAM = 'following';

type FeedKey = ReturnType<typeof queryKeys.feedInfinite> | ReturnType<typeof queryKeys.followingInfinite>;

const feeds: Record<FeedView, { key: () => FeedKey; load: (page: number, signal?: AbortSignal) => Promise<FeedPageData> }> = {
  all: { key: queryKeys.feedInfinite, load: (page, signal) => call('getFeedPage', { params: { page }, signal }) },
  following: { key: queryKeys.followingInfinite, load: (page, signal) => call('getFollowingFeedPage', { params: { page }, signal }) },
};

/**
 * The feed (docs/product.md#2-screens-and-routes Feed, docs/product.md#4-states Paging): everyone's public wishes, and for members an "All /
 * Following" switch; both lists scroll the same way.
 */
export default function FeedPage() {
  useDocumentTitle('Feed');
  const user = useSessionUser();
  const [params] = useSearchParams();
  const view: FeedView = user && params.get('view') === FOLLOWING_PARAM ? 'following' : 'all';
  return (
    <div className="feed-page">
      <h1 id="feed-title" className="feed-page__title">
        Feed
      </h1>
      {user ? <FeedSwitch view={view} /> : null}
      {/* A new list per view: switching starts again at page 1. */}
      <FeedList key={view} view={view} />
    </div>
  );
}

/** Two links styled as a segmented control; the current one carries aria-current. */
function FeedSwitch({ view }: { view: FeedView }) {
  const entries: Array<{ view: FeedView; to: string; label: string }> = [
    { view: 'all', to: '/feed', label: FEED_TEXTS.all },
    { view: 'following', to: `/feed?view=${FOLLOWING_PARAM}`, label: FEED_TEXTS.following },
  ];
  return (
    <nav className="feed-switch" aria-label="Which wishes">
      {entries.map((entry) => (
        <Link key={entry.view} to={entry.to} className={`feed-switch__option${entry.view === view ? ' is-current' : ''}`} aria-current={entry.view === view ? 'page' : undefined}>
          {entry.label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * One list with infinite scroll (useInfiniteQuery, in the site's cache: a vote anywhere patches
 * these cards): page 1 at once, the next page when the end comes near.
 */
function FeedList({ view }: { view: FeedView }) {
  // The server embeds page 1 of the public feed into /feed's HTML; use it once instead of requesting it.
  // A member sees it at once too (the counts are everyone's) with their own votes laid over it when
  // their page 1 answers (../vote/ownVotes): only pressed states change, no card moves.
  const [embedded] = useState(() => (view === 'all' ? takeEmbeddedPublic('feed', '/feed') : null));
  const queryClient = useQueryClient();
  const [ownVotes] = useState(() => {
    if (!embedded || !getAccessToken()) return null;
    const key = feeds.all.key();
    return new OwnVotes(
      (embedded.wishes ?? []).map((wish) => wish.id),
      {
        loadPage: () => feeds.all.load(FEED.firstPage),
        loadWish: async (id) => (await call('getWish', { params: { id } })).wish,
        lay: (own) => queryClient.setQueryData<InfiniteData<FeedPageData>>(key, (data) => (data ? { ...data, pages: layOverPages(data.pages, own) } : data)),
      },
    );
  });
  useEffect(() => {
    void ownVotes?.start();
  }, [ownVotes]);
  // The server drew that page too: past the first few cards, the first render keeps its drawn
  // cards and the next one (a transition after the first commit) makes them live (./drawnCards).
  const [drawn, setDrawn] = useState(() => {
    if (!embedded) return null;
    const cards = takeDrawnCards('/feed');
    if (!cards) return null;
    for (const wish of (embedded.wishes ?? []).slice(0, LIVE_FIRST)) cards.delete(wish.id);
    return cards.size > 0 ? cards : null;
  });
  useEffect(() => {
    if (drawn) startTransition(() => setDrawn(null));
  }, [drawn]);
  const feed = useInfiniteQuery({
    queryKey: feeds[view].key(),
    queryFn: ({ pageParam, signal }) => feeds[view].load(pageParam, signal),
    initialPageParam: FEED.firstPage,
    getNextPageParam: (last: FeedPageData) => nextPageOf(last) ?? undefined,
    ...(embedded ? { initialData: { pages: [embedded], pageParams: [FEED.firstPage] }, staleTime: Infinity } : {}),
  });
  const { data, error, isError, isFetching, isFetchingNextPage, isFetchNextPageError, hasNextPage, fetchNextPage, refetch } = feed;
  // Pages can overlap as new wishes arrive: a wish shows once.
  const wishes = useMemo(() => (data?.pages ?? []).reduce<Wish[]>((list, page) => appendUnique(list, page.wishes ?? []), []), [data]);
  const failed = isError && !isFetching;
  const loading = isFetchingNextPage || (isFetching && wishes.length === 0) || (!data && !isError);

  // What the scroll handler and the 1 s check read: this render's, kept after it renders.
  const latest = useRef({ hasNextPage, isFetching, isError, fetchNextPage, empty: wishes.length === 0 });
  useEffect(() => {
    latest.current = { hasNextPage, isFetching, isError, fetchNextPage, empty: wishes.length === 0 };
  });
  const loadMoreIfNearBottom = useCallback(() => {
    const now = latest.current;
    // After a failure the retry control takes over, so scrolling does not hammer the server.
    if (!now.hasNextPage || now.isFetching || now.isError) return;
    if (distanceToPageBottom() <= FEED.infiniteScrollThresholdPx) void now.fetchNextPage({ cancelRefetch: false });
  }, []);

  useEffect(() => {
    const onScroll = () => loadMoreIfNearBottom();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [loadMoreIfNearBottom]);

  // After every render: a page shorter than the viewport never scrolls, so check here too.
  useEffect(() => {
    loadMoreIfNearBottom();
  });

  // If the list is still empty 1 s after mount, ask for page 1 once more.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (latest.current.empty && !latest.current.isFetching) void refetch();
    }, FEED.emptyRetryMs);
    return () => clearTimeout(timer);
  }, [refetch]);

  const retry = () => void (isFetchNextPageError ? fetchNextPage({ cancelRefetch: false }) : refetch());

  const empty =
    view === 'following' ? (
      <EmptyState>
        {FEED_TEXTS.followingEmpty}. <Link to="/feed">{FEED_TEXTS.followingEmptyLink}</Link>
      </EmptyState>
    ) : (
      <EmptyState>{FEED_TEXTS.empty}</EmptyState>
    );

  return (
    <>
      {wishes.length > 0 ? (
        <OwnVoteContext.Provider value={ownVotes}>
          <WishList wishes={wishes} drawn={drawn} />
        </OwnVoteContext.Provider>
      ) : null}
      {loading ? <Spinner label={FEED_TEXTS.loading} /> : null}
      {failed ? <ErrorState message={errorMessage(error, FEED_TEXTS.failed)} onRetry={retry} /> : null}
      {!loading && !isError && data && !hasNextPage ? wishes.length > 0 ? <EmptyState>{FEED_TEXTS.end}</EmptyState> : empty : null}
    </>
  );
}
