/**
 * Renders one exposed module of a remote in its own area: a spinner while it loads, and the
 * failure message with Retry when it is down, slow (10 s) or throws while rendering. Header,
 * footer and other routes keep working. React.lazy caches a rejected import, so Retry builds a
 * new lazy component and remounts the boundary with a new key.
 */
import { Suspense, lazy, useCallback, useState, type ComponentType } from 'react';
import { ErrorBoundary, REMOTE_TIMEOUT_MS, Spinner } from '@wishes/kit-ui';
import { useDocumentTitle } from '@wishes/kit-client';
import { loadExposed } from './loadExposed';
import { RemoteFailure, RemoteRetryContext } from './RemoteFailure';
import { FAILED_REMOTE } from './fallback-plugin';
import { FirstPaintOr, FirstPaintUsed } from './firstPaint';
import { reportRemoteError } from './releaseWatch';

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

/** A page whose remote could not be loaded: the notice, and below it what the server drew (if anything). */
function FailedPage() {
  return (
    <>
      <RemoteFailure />
      <FirstPaintOr fallback={null} stale />
    </>
  );
}

/**
 * The area's module. For a page: the failure module the federation runtime answers for a dead
 * remote (fallback-plugin.ts) keeps the first paint beside the notice; a live page gives it up
 * once mounted.
 */
async function loadArea(module: string, timeoutMs: number, page: boolean): Promise<{ default: ComponentType<Record<string, unknown>> }> {
  const loaded = await loadExposed(module, timeoutMs);
  if (!page) return loaded;
  if ((loaded as unknown as Record<symbol, unknown>)[FAILED_REMOTE]) return { default: FailedPage };
  const Page = loaded.default;
  return {
    default: function LivePage(props: Record<string, unknown>) {
      return (
        <>
          <FirstPaintUsed />
          <Page {...props} />
        </>
      );
    },
  };
}

export function RemoteArea(props: RemoteAreaProps) {
  // Another module (or time limit) is another area: a fresh load and a fresh boundary.
  return <LoadedRemoteArea key={`${props.module}#${props.timeoutMs ?? REMOTE_TIMEOUT_MS}`} {...props} />;
}

function LoadedRemoteArea({ module, props, timeoutMs = REMOTE_TIMEOUT_MS, loadingLabel = 'Loading...', page = false, loadingTitle }: RemoteAreaProps) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt, because lazy() remembers a failure forever.
  const [Lazy, setLazy] = useState(() => lazy(() => loadArea(module, timeoutMs, page)));
  const retry = useCallback(() => {
    setLazy(() => lazy(() => loadArea(module, timeoutMs, page)));
    setAttempt((n) => n + 1);
  }, [module, timeoutMs, page]);
  return (
    <RemoteRetryContext.Provider value={retry}>
      <ErrorBoundary
        key={`${module}#${attempt}`}
        fallback={
          page ? (
            // The notice, and below it what the server already drew for this page (if anything).
            <>
              <RemoteFailure onRetry={retry} />
              <FirstPaintOr fallback={null} stale />
            </>
          ) : (
            <RemoteFailure onRetry={retry} />
          )
        }
        onError={(error, info) => {
          console.error(`[wishes] ${module} failed`, error, info.componentStack);
          reportRemoteError('render', error, module);
        }}
      >
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
          <Lazy {...props} />
        </Suspense>
      </ErrorBoundary>
    </RemoteRetryContext.Provider>
  );
}

