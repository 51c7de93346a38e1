import { useEffect } from 'react';
import { accessTokenSecondsLeft, getAccessToken, refreshNow, useKeyedState, useSessionUser } from '@wishes/shared';

export const UNREAD_STREAM_PATH = '/api/notifications/stream/';
/** Longest wait between reconnection attempts after the stream was refused or closed for good. */
const MAX_BACKOFF_MS = 30_000;

/**
 * The signed-in member's unread notification count, live: an EventSource on the server's
 * Server-Sent Events stream (the token goes in `?access_token=`, since EventSource cannot send
 * headers). The browser itself reconnects after a dropped connection (the server asks for 3 s);
 * when the stream ends for good (401 after the access token expired, or the server closed it at
 * expiry) a new one is opened with a fresh token, backing off up to 30 s. null while unknown.
 */
export function useUnreadCount(): number | null {
  const user = useSessionUser();
  const userId = user?.userId ?? null;
  // Unknown again for another member (or none).
  const [count, setCount] = useKeyedState<number | null>(userId, null);

  useEffect(() => {
    if (userId === null || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let stopped = false;

    const schedule = () => {
      if (stopped) return;
      retry = setTimeout(() => void open(), Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempts++));
    };
    const open = async () => {
      if (stopped) return;
      const left = accessTokenSecondsLeft();
      if (left !== null && left < 30) await refreshNow();
      const token = getAccessToken();
      if (!token || stopped) return;
      const next = new EventSource(`${UNREAD_STREAM_PATH}?access_token=${encodeURIComponent(token)}`);
      source = next;
      next.addEventListener('unread', (event) => {
        attempts = 0;
        try {
          const value = (JSON.parse((event as MessageEvent<string>).data) as { unread_count?: unknown }).unread_count;
          if (typeof value === 'number') setCount(value);
        } catch {
          // A malformed event changes nothing; the next one will.
        }
      });
      next.onerror = () => {
        // CONNECTING: the browser is already retrying. CLOSED: it gave up (e.g. 401); start afresh.
        if (next.readyState === EventSource.CLOSED && source === next) {
          next.close();
          schedule();
        }
      };
    };
    void open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [userId, setCount]);

  return count;
}
