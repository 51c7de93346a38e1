import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from '../api';
import { useKeyedState } from '../useKeyedState';

/** A paged list's state: loading, ready, the caller lacks the role (403, when asked to tell), or failed. */
export type PagedListState<T> =
  | { status: 'loading' }
  | { status: 'forbidden' }
  | { status: 'error'; message: string }
  | { status: 'ready'; page: T };

export interface PagedListOptions {
  /** The message when the request fails without one of the server's own. */
  failed: string;
  /** What else the list depends on (e.g. a filter): a change loads again. */
  key?: string;
  /** Report a 403 as 'forbidden' (a role the server decides on every call) instead of an error. */
  forbidden?: boolean;
}

/**
 * Loads page `page` of a list with `load(page)`, again on `setPage`, `reload` or a new `key`.
 * `load` may be a new function every render: the latest one is used.
 */
export function usePagedList<T>(load: (page: number) => Promise<T>, { failed, key = '', forbidden = false }: PagedListOptions) {
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  // Loading again (in the same render) for a new page, attempt, key or rule.
  const [state, setState] = useKeyedState<PagedListState<T>>([page, attempt, key, failed, forbidden], { status: 'loading' });
  const loadRef = useRef(load);
  useLayoutEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    let active = true;
    loadRef.current(page).then(
      (result) => {
        if (active) setState({ status: 'ready', page: result });
      },
      (error: unknown) => {
        if (!active) return;
        if (forbidden && error instanceof ApiError && error.status === 403) setState({ status: 'forbidden' });
        else setState({ status: 'error', message: error instanceof ApiError && error.message ? error.message : failed });
      },
    );
    return () => {
      active = false;
    };
  }, [page, attempt, key, failed, forbidden, setState]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, page, setPage, reload };
}
