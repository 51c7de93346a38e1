import type { QueryKey } from '@tanstack/react-query';
import { toast } from '@wishes/kit-session';
import { useInfiniteQuery } from '@wishes/kit-client';

/** A numbered page of a list that grows with "Show older": the server says which page comes next. */
export interface NumberedPage {
  next_page_number?: number | null;
}

/**
 * A list that starts with page 1 and appends the next page on `fetchNextPage()` (a member's
 * notifications, sent wishes). The first page failing shows the screen's error with Retry
 * (`status: 'error'`); a later page failing toasts `failed` and keeps what is shown.
 */
export function useShowOlder<P extends NumberedPage>({ queryKey, load, failed }: { queryKey: QueryKey; load: (page: number) => Promise<P>; failed: string }) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }: { pageParam: number }) =>
      load(pageParam).catch((error: unknown) => {
        if (pageParam > 1) toast.error(failed);
        throw error;
      }),
    initialPageParam: 1,
    getNextPageParam: (last: P) => last.next_page_number ?? undefined,
  });
  const status: 'ready' | 'error' | 'loading' = query.data ? 'ready' : query.isError && !query.isFetching ? 'error' : 'loading';
  return { query, status };
}
