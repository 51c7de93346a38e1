/** A user's wishes, page by page (api.getUserWishes), starting from embedded data when present. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { FEED, api, toast, type FeedPage, type Wish } from '@wishes/shared';

export const WISHES_TEXT = {
  firstPageFailed: "Could not load user's wishes",
  laterPageFailed: 'Could not load more wishes',
} as const;

type Status = 'loading' | 'ready' | 'error';

function appendNew(current: Wish[], incoming: Wish[]): Wish[] {
  const seen = new Set(current.map((wish) => wish.id));
  return [...current, ...incoming.filter((wish) => !seen.has(wish.id))];
}

export function useUserWishes(userId: number, initial?: FeedPage) {
  const [wishes, setWishes] = useState<Wish[]>(initial?.wishes ?? []);
  const [nextPage, setNextPage] = useState<number | null>(initial ? (initial.next_page_number ?? null) : null);
  const [status, setStatus] = useState<Status>(initial ? 'ready' : 'loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const loadingMoreRef = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (status !== 'loading') return;
    let cancelled = false;
    api.getUserWishes(userId, FEED.firstPage).then(
      (page) => {
        if (cancelled) return;
        setWishes(page.wishes);
        setNextPage(page.next_page_number ?? null);
        setStatus('ready');
      },
      () => {
        if (cancelled) return;
        toast.error(WISHES_TEXT.firstPageFailed);
        setStatus('error');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [status, userId]);

  const loadMore = useCallback(async () => {
    if (nextPage === null || loadingMoreRef.current) return;
    loadingMoreRef.current = true;
    setLoadingMore(true);
    try {
      const page = await api.getUserWishes(userId, nextPage);
      if (!mounted.current) return;
      setWishes((current) => appendNew(current, page.wishes));
      setNextPage(page.next_page_number ?? null);
    } catch {
      if (mounted.current) toast.error(WISHES_TEXT.laterPageFailed);
    } finally {
      loadingMoreRef.current = false;
      if (mounted.current) setLoadingMore(false);
    }
  }, [nextPage, userId]);

  const retry = useCallback(() => setStatus('loading'), []);
  /** Keeps a wish's new counts after a vote in mf-feed's card. */
  const replaceWish = useCallback((changed: Wish) => {
    setWishes((current) => current.map((wish) => (wish.id === changed.id ? changed : wish)));
  }, []);

  return { wishes, status, hasMore: nextPage !== null, loadingMore, loadMore, retry, replaceWish };
}
