import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api, EmptyState, ErrorState, FEED, Spinner, takeEmbedded, useDocumentTitle, useSessionUser, type FeedPage as FeedPageData, type Wish } from '@wishes/shared';
import { errorMessage } from '../common/errors';
import { appendUnique, nextPageOf, replaceWish } from '../common/paging';
import WishList from '../wish/WishList';
import { distanceToPageBottom } from './scrollGeometry';
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

interface FeedState {
  wishes: Wish[];
  /** The page to load next; null once the server says there is no more. */
  nextPage: number | null;
  loading: boolean;
  error: string | null;
}

function initialState(view: FeedView): FeedState {
  // The server embeds page 1 of the public feed into /feed's HTML; use it once instead of requesting it.
  const embedded = view === 'all' ? takeEmbedded('feed', '/feed') : null;
  if (embedded) return { wishes: appendUnique([], embedded.wishes ?? []), nextPage: nextPageOf(embedded), loading: false, error: null };
  return { wishes: [], nextPage: FEED.firstPage, loading: true, error: null };
}

const loaders: Record<FeedView, (page: number) => Promise<FeedPageData>> = {
  all: (page) => api.getFeed(page),
  following: (page) => api.getFollowingFeed(page),
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

/** One list with infinite scroll: page 1 at once, the next page when the end comes near. */
function FeedList({ view }: { view: FeedView }) {
  const [state, setState] = useState<FeedState>(() => initialState(view));
  const stateRef = useRef(state);
  stateRef.current = state;
  const inFlight = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const loadPage = useCallback(async (page: number) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setState((current) => ({ ...current, loading: true, error: null }));
    try {
      const result = await loaders[view](page);
      if (!mounted.current) return;
      setState((current) => ({
        wishes: appendUnique(current.wishes, result.wishes ?? []),
        nextPage: nextPageOf(result),
        loading: false,
        error: null,
      }));
    } catch (error) {
      if (!mounted.current) return;
      setState((current) => ({ ...current, loading: false, error: errorMessage(error, FEED_TEXTS.failed) }));
    } finally {
      inFlight.current = false;
    }
  }, [view]);

  const loadMoreIfNearBottom = useCallback(() => {
    const { nextPage, loading, error } = stateRef.current;
    // After a failure the retry control takes over, so scrolling does not hammer the server.
    if (nextPage === null || loading || error || inFlight.current) return;
    if (distanceToPageBottom() <= FEED.infiniteScrollThresholdPx) void loadPage(nextPage);
  }, [loadPage]);

  useEffect(() => {
    const onScroll = () => loadMoreIfNearBottom();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [loadMoreIfNearBottom]);

  // Page 1 is requested straight away unless it came embedded in the page.
  useEffect(() => {
    if (stateRef.current.wishes.length === 0 && stateRef.current.loading) void loadPage(FEED.firstPage);
  }, [loadPage]);

  // After every render: a page shorter than the viewport never scrolls, so check here too.
  useEffect(() => {
    loadMoreIfNearBottom();
  });

  // If the list is still empty 1 s after mount, ask for page 1 once more.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (stateRef.current.wishes.length === 0 && !inFlight.current) void loadPage(FEED.firstPage);
    }, FEED.emptyRetryMs);
    return () => clearTimeout(timer);
  }, [loadPage]);

  const onChange = useCallback((updated: Wish) => setState((current) => ({ ...current, wishes: replaceWish(current.wishes, updated) })), []);

  const { wishes, nextPage, loading, error } = state;
  const retry = () => void loadPage(nextPage ?? FEED.firstPage);

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
      {wishes.length > 0 ? <WishList wishes={wishes} onChange={onChange} /> : null}
      {loading ? <Spinner label={FEED_TEXTS.loading} /> : null}
      {error ? <ErrorState message={error} onRetry={retry} /> : null}
      {!loading && !error && nextPage === null ? wishes.length > 0 ? <EmptyState>{FEED_TEXTS.end}</EmptyState> : empty : null}
    </>
  );
}
