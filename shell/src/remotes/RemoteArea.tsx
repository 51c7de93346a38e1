/**
 * Renders one exposed module of a remote in its own area: a spinner while it loads, and the
 * failure message with Retry when it is down, slow (10 s) or throws while rendering. Header,
 * footer and other routes keep working. React.lazy caches a rejected import, so Retry builds a
 * new lazy component and remounts the boundary with a new key.
 */
import { Suspense, lazy, useCallback, useEffect, useState, type ComponentType } from 'react';
import { ErrorBoundary, REMOTE_TIMEOUT_MS, Spinner } from '@wishes/kit-ui';
import { useDocumentTitle } from '@wishes/kit-client';
import { loadExposed } from './loadExposed';
import { RemoteFailure, RemoteRetryContext } from './RemoteFailure';
import { FAILED_REMOTE } from './fallback-plugin';
import { FirstPaintOr, FirstPaintUsed } from './firstPaint';
import { reportRemoteError, reportRemoteMounted } from './releaseWatch';

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

/** Rendered after the module: its effect runs once the module's tree committed (mounted), never when it threw. */
function Mounted({ module }: { module: string }) {
  useEffect(() => reportRemoteMounted(module), [module]);
  return null;
}

/**
 * The area's module. For a page: the failure module the federation runtime answers for a dead
 * remote (fallback-plugin.ts) keeps the first paint beside the notice; a live page gives it up
 * once mounted. A live module reports its mount (a canary's load counts only then).
 */
type AreaModule = { default: ComponentType<Record<string, unknown>> };

async function loadArea(module: string, timeoutMs: number, page: boolean): Promise<AreaModule> {
  const loaded = await loadExposed(module, timeoutMs);
  if ((loaded as unknown as Record<symbol, unknown>)[FAILED_REMOTE]) return page ? { default: FailedPage } : loaded;
  const Area = loaded.default;
  return {
    default: function LiveArea(props: Record<string, unknown>) {
      return (
        <>
          {page ? <FirstPaintUsed /> : null}
          <Area {...props} />
          <Mounted module={module} />
        </>
      );
    },
  };
}

/** A page module started before the first render: its load, and the module once it has arrived. */
type Preload = { promise: Promise<AreaModule>; loaded?: AreaModule };

/** Page modules started before the first render (preloadPage), by area (module and time limit). */
const preloaded = new Map<string, Preload>();
/** One area per module and time limit: RemoteArea's key, and the preloads'. */
const areaKey = (module: string, timeoutMs: number) => `${module}#${timeoutMs}`;

/**
 * Starts loading a page's module before React renders (start-up, for the address loaded): the
 * remote's scripts then run while the shell renders, and if the module is ready when the page's
 * area renders, React renders the page at once instead of the first paint holder and then the
 * page (one render and one commit fewer on the live card's path). Failures surface when the area
 * takes the load over, exactly as if it had started it.
 */
export function preloadPage(module: string, timeoutMs = REMOTE_TIMEOUT_MS): void {
  const key = areaKey(module, timeoutMs);
  if (preloaded.has(key)) return;
  const entry: Preload = { promise: loadArea(module, timeoutMs, true) };
  entry.promise.then(
    (loaded) => {
      entry.loaded = loaded;
    },
    // Reported by the area that takes it (its error boundary); not an unhandled rejection before.
    () => {},
  );
  preloaded.set(key, entry);
}

/**
 * The area's component for its first attempt: a preloaded page (already loaded: itself, so
 * nothing suspends; still loading: lazy on the same load), else a fresh lazy load.
 */
function firstComponent(module: string, timeoutMs: number, page: boolean): ComponentType<Record<string, unknown>> {
  const entry = page ? preloaded.get(areaKey(module, timeoutMs)) : undefined;
  if (!entry) return lazy(() => loadArea(module, timeoutMs, page));
  const promise = entry.promise;
  return entry.loaded?.default ?? lazy(() => promise);
}

export function RemoteArea(props: RemoteAreaProps) {
  // Another module (or time limit) is another area: a fresh load and a fresh boundary.
  return <LoadedRemoteArea key={areaKey(props.module, props.timeoutMs ?? REMOTE_TIMEOUT_MS)} {...props} />;
}

function LoadedRemoteArea({ module, props, timeoutMs = REMOTE_TIMEOUT_MS, loadingLabel = 'Loading...', page = false, loadingTitle }: RemoteAreaProps) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt, because lazy() remembers a failure forever.
  const [Lazy, setLazy] = useState(() => firstComponent(module, timeoutMs, page));
  // A preload serves one mount (taken here, not in the state initialiser, which React may call
  // twice): a later visit to this page, or Retry, loads afresh as before.
  useEffect(() => {
    if (page) preloaded.delete(areaKey(module, timeoutMs));
  }, [module, timeoutMs, page]);
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

