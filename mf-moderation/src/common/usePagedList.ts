import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@wishes/shared';

/** A moderation list's state: loading, ready, the caller lacks the role (403), or failed. */
export type ListState<T> =
  | { status: 'loading' }
  | { status: 'forbidden' }
  | { status: 'error'; message: string }
  | { status: 'ready'; page: T };

/**
 * Loads one page of a moderation list with `load(page)`. A 403 means the signed-in member is not a
 * moderator (or not an admin for offers): the page then shows the not-allowed page. The role is
 * the server's to decide on every call, so a demotion shows here on the next load.
 */
export function usePagedList<T>(load: (page: number) => Promise<T>, fallback: string, deps: unknown[] = []) {
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ListState<T>>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    load(page).then(
      (result) => active && setState({ status: 'ready', page: result }),
      (error: unknown) => {
        if (!active) return;
        if (error instanceof ApiError && error.status === 403) setState({ status: 'forbidden' });
        else setState({ status: 'error', message: error instanceof ApiError && error.message ? error.message : fallback });
      },
    );
    return () => {
      active = false;
    };
    // load is recreated by callers on every render; deps name what it depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, attempt, ...deps]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, page, setPage, reload };
}
