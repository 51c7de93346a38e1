/**
 * Renders one exposed module of a remote in its own area: a spinner while it loads, and the
 * failure message with Retry when it is down, slow (10 s) or throws while rendering. Header,
 * footer and other routes keep working. React.lazy caches a rejected import, so Retry builds a
 * new lazy component and remounts the boundary with a new key.
 */
import { Suspense, lazy, useCallback, useState } from 'react';
import { ErrorBoundary, REMOTE_TIMEOUT_MS, Spinner, useDocumentTitle } from '@wishes/shared';
import { loadExposed } from './loadExposed';
import { RemoteFailure, RemoteRetryContext } from './RemoteFailure';
import { FirstPaintOr, FirstPaintUsed } from './firstPaint';

export interface RemoteAreaProps {
  /** '<remote name>/<expose>', e.g. 'mf_feed/FeedPage' (an ExposedModule, or one a release declares). */
  module: string;
  /** Props passed to the exposed component. */
  props?: Record<string, unknown>;
  timeoutMs?: number;
  loadingLabel?: string;
  /**
   * A whole page (a route's element): while it loads, the area keeps a screen's height, so the
   * footer starts below the fold and does not jump down when the page arrives (layout shift).
   */
  page?: boolean;
  /** Document title while the page loads (its declared title); the page sets its own once it runs. */
  loadingTitle?: string;
}

/** Sets the declared title while mounted (a component: hooks cannot be conditional). */
function LoadingTitle({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

export function RemoteArea(props: RemoteAreaProps) {
  // Another module (or time limit) is another area: a fresh load and a fresh boundary.
  return <LoadedRemoteArea key={`${props.module}#${props.timeoutMs ?? REMOTE_TIMEOUT_MS}`} {...props} />;
}

function LoadedRemoteArea({ module, props, timeoutMs = REMOTE_TIMEOUT_MS, loadingLabel = 'Loading...', page = false, loadingTitle }: RemoteAreaProps) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt, because lazy() remembers a failure forever.
  const [Lazy, setLazy] = useState(() => lazy(() => loadExposed(module, timeoutMs)));
  const retry = useCallback(() => {
    setLazy(() => lazy(() => loadExposed(module, timeoutMs)));
    setAttempt((n) => n + 1);
  }, [module, timeoutMs]);
  return (
    <RemoteRetryContext.Provider value={retry}>
      <ErrorBoundary
        key={`${module}#${attempt}`}
        fallback={
          page ? (
            // The notice, and below it what the server already drew for this page (if anything).
            <>
              <RemoteFailure onRetry={retry} />
              <FirstPaintOr fallback={null} />
            </>
          ) : (
            <RemoteFailure onRetry={retry} />
          )
        } onError={(error, info) => console.error(`[wishes] ${module} failed`, error, info.componentStack)}>
        <Suspense
          fallback={
            <>
              {loadingTitle ? <LoadingTitle title={loadingTitle} /> : null}
              {page ? (
                <FirstPaintOr
                  fallback={
                    <div className="shell-page-loading">
                      <Spinner label={loadingLabel} />
                    </div>
                  }
                />
              ) : (
                <Spinner label={loadingLabel} />
              )}
            </>
          }
        >
          {page ? <FirstPaintUsed /> : null}
          <Lazy {...props} />
        </Suspense>
      </ErrorBoundary>
    </RemoteRetryContext.Provider>
  );
}

