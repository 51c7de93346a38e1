import { useCallback, useEffect, useRef, useState } from 'react';
import { api, EmptyState, ErrorState, FEED, Spinner, takeEmbedded, useDocumentTitle, type Wish } from '@wishes/shared';
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
} as const;

interface FeedState {
  wishes: Wish[];
  /** The page to load next; null once the server says there is no more. */
  nextPage: number | null;
  loading: boolean;
  error: string | null;
}

function initialState(): FeedState {
  // The server embeds page 1 into /feed's HTML; use it once instead of requesting it.
  const embedded = takeEmbedded('feed', '/feed');
  if (embedded) return { wishes: appendUnique([], embedded.wishes ?? []), nextPage: nextPageOf(embedded), loading: false, error: null };
  return { wishes: [], nextPage: FEED.firstPage, loading: true, error: null };
}

/** The public feed with infinite scroll (spec §2 Feed, §4 Paging). */
export default function FeedPage() {
  useDocumentTitle('Feed');
  const [state, setState] = useState<FeedState>(initialState);
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
      const result = await api.getFeed(page);
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
  }, []);

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

  return (
    <div className="feed-page">
      <h1 id="feed-title" className="feed-page__title">
        Feed
      </h1>
      {wishes.length > 0 ? <WishList wishes={wishes} onChange={onChange} /> : null}
      {loading ? <Spinner label={FEED_TEXTS.loading} /> : null}
      {error ? <ErrorState message={error} onRetry={retry} /> : null}
      {!loading && !error && nextPage === null ? <EmptyState>{wishes.length > 0 ? FEED_TEXTS.end : FEED_TEXTS.empty}</EmptyState> : null}
    </div>
  );
}
