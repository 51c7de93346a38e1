import { createContext, useContext } from 'react';
import { Button } from '@wishes/kit-ui';

export const REMOTE_FAILURE_MESSAGE = 'This part of Wishes could not be loaded.';

/** The retry of the nearest RemoteArea; outside one (e.g. a remote loading another remote's module) retry reloads the page. */
export const RemoteRetryContext = createContext<(() => void) | null>(null);

/** What a remote's area shows when the remote is down, too slow or crashed while rendering. */
export function RemoteFailure({ onRetry }: { onRetry?: () => void }) {
  const contextRetry = useContext(RemoteRetryContext);
  const retry = onRetry ?? contextRetry ?? (() => window.location.reload());
  return (
    <div className="shell-remote-failure" role="alert">
      <p>{REMOTE_FAILURE_MESSAGE}</p>
      <p className="shell-remote-failure__hint">Check your connection and try again.</p>
      <Button variant="secondary" onClick={retry}>
        Retry
      </Button>
    </div>
  );
}
