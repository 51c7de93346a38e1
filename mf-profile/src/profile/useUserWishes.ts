/**
 * A user's wishes, page by page (`getUserWishesPage`) as one infinite query under 'wishes', so a
 * vote or edit anywhere on the page (updateCachedWish) shows here too; starts from the page the
 * server embedded when present.
 */
import { useCallback, useMemo } from 'react';
import { FEED, toast } from '@wishes/kit-session';
import { call, queryKeys, useInfiniteQuery } from '@wishes/kit-client';
import { type FeedPage, type Wish } from '@wishes/kit-contract';

export const WISHES_TEXT = {
  firstPageFailed: "Could not load user's wishes",
  laterPageFailed: 'Could not load more wishes',
} as const;

/** Each wish once, in page order (a wish published meanwhile shifts the next page by one). */
function distinct(pages: FeedPage[]): Wish[] {
  const seen = new Set<number>();
  return pages.flatMap((page) => page.wishes).filter((wish) => (seen.has(wish.id) ? false : (seen.add(wish.id), true)));
}

export function useUserWishes(userId: number, initial?: FeedPage) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.userWishesInfinite(userId),
    queryFn: ({ pageParam }) =>
      call('getUserWishesPage', { params: { id: userId, page: pageParam } }).catch((error: unknown) => {
        // One toast per failed request, as the page said before: the first page or a later one.
        toast.error(pageParam === FEED.firstPage ? WISHES_TEXT.firstPageFailed : WISHES_TEXT.laterPageFailed);
        throw error;
      }),
    initialPageParam: FEED.firstPage,
    getNextPageParam: (last: FeedPage) => last.next_page_number ?? undefined,
    initialData: initial ? { pages: [initial], pageParams: [FEED.firstPage] } : undefined,
    refetchOnMount: initial ? false : true,
  });
  const { data, fetchNextPage, isFetchingNextPage, refetch } = query;
  const wishes = useMemo(() => distinct(data?.pages ?? []), [data]);

  let status: 'loading' | 'ready' | 'error';
  if (data) status = 'ready';
  else if (query.isError && !query.isFetching) status = 'error';
  else status = 'loading';

  // A second click while a page loads does nothing (cancelRefetch: false).
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const retry = useCallback(() => void refetch(), [refetch]);

  return { wishes, status, hasMore: !!query.hasNextPage, loadingMore: isFetchingNextPage, loadMore, retry };
}
