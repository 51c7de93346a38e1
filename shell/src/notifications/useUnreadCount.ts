import { useEffect } from 'react';
import { ApiError, streamUnreadCount, useSessionUser } from '@wishes/kit-client';
import { useKeyedState } from '@wishes/kit-ui';

/** Longest wait between reconnection attempts after the stream was refused or broke off. */
const MAX_BACKOFF_MS = 30_000;
/** Wait before reopening a stream the server ended normally (token expiry, idle timeout), unless it asked for another. */
const DEFAULT_RETRY_MS = 3000;

/**
 * The signed-in member's unread notification count, live: a fetch-based Server-Sent Events stream
 * (streamUnreadCount: the access token goes in the Authorization header, never in the URL,
 * and an expired one is refreshed first). When the server ends the stream (token expiry, session
 * end, idle timeout) a new one is opened after its `retry:` delay; after a refusal (401, 429) or a
 * network failure, backing off up to 30 s. null while unknown.
 */
export function useUnreadCount(): number | null {
  const user = useSessionUser();
  const userId = user?.userId ?? null;
  // Unknown again for another member (or none).
  const [count, setCount] = useKeyedState<number | null>(userId, null);

  useEffect(() => {
    if (userId === null || typeof fetch === 'undefined') return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let retryMs = DEFAULT_RETRY_MS;

    const schedule = (ms: number) => {
      if (controller.signal.aborted) return;
      retry = setTimeout(() => void open(), ms);
    };
    const open = async () => {
      if (controller.signal.aborted) return;
      try {
        await streamUnreadCount({
          signal: controller.signal,
          onRetry: (ms) => (retryMs = ms),
          onCount: (value) => {
            attempts = 0;
            setCount(value);
          },
        });
        schedule(attempts === 0 ? retryMs : Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempts++));
      } catch (error) {
        if (controller.signal.aborted) return;
        // Signed out meanwhile: nothing to reopen until someone signs in (the effect runs again).
        if (error instanceof ApiError && error.status === 401 && attempts > 3) return;
        schedule(Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempts++));
      }
    };
    void open();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [userId, setCount]);

  return count;
}
