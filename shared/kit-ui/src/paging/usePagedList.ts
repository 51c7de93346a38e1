import { useCallback, useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { useQuery } from '@wishes/kit-client';
import { errorMessage, isForbidden } from '@wishes/kit-client';

/** A paged list's state: loading, ready, the caller lacks the role (403, when asked to tell), or failed. */
export type PagedListState<T> =
  | { status: 'loading' }
  | { status: 'forbidden' }
  | { status: 'error'; message: string }
  | { status: 'ready'; page: T };

export interface PagedListOptions<T> {
  /** The page's key in the site's scheme (contract/queryKeys.ts), the page number last: `(p) => queryKeys.moderationLog(p)`. */
  queryKey: (page: number) => QueryKey;
  /** Loads one page, e.g. `(p) => call('getModerationLog', { query: { page: p } })`. */
  load: (page: number) => Promise<T>;
  /** The message when the request fails without one of the server's own. */
  failed: string;
  /** Report a 403 as 'forbidden' (a role the server decides on every call) instead of an error. */
  forbidden?: boolean;
}

/**
 * One page of a list through TanStack Query: page 1 first, another on `setPage` (the page shown
 * stays until the next arrives: keepPreviousData), again on `reload`. A new key (a filter) starts
 * at its own cached page or loading.
 */
export function usePagedList<T>({ queryKey, load, failed, forbidden = false }: PagedListOptions<T>) {
  const [page, setPage] = useState(1);
  const key = queryKey(page);
  // The previous page stays on screen while the next loads, but not across lists (a new filter
  // loads): the page is the key's last element, so the rest names the list.
  const list = JSON.stringify(key.slice(0, -1));
  const query = useQuery({
    queryKey: key,
    queryFn: () => load(page),
    placeholderData: (previous, previousQuery) => (previousQuery && JSON.stringify(previousQuery.queryKey.slice(0, -1)) === list ? previous : undefined),
  });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  let state: PagedListState<T>;
  if (query.isError && !query.isFetching) {
    state = forbidden && isForbidden(query.error) ? { status: 'forbidden' } : { status: 'error', message: errorMessage(query.error, failed) };
  } else if (query.data === undefined || (query.isError && query.isFetching)) {
    state = { status: 'loading' };
  } else {
    state = { status: 'ready', page: query.data };
  }
  return { state, page, setPage, reload };
}
