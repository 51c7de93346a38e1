/**
 * Renders one exposed module of a remote in its own area: a spinner while it loads, and the
 * failure message with Retry when it is down, slow (10 s) or throws while rendering. Header,
 * footer and other routes keep working. React.lazy caches a rejected import, so Retry builds a
 * new lazy component and remounts the boundary with a new key.
 */
import { Component, Suspense, lazy, useCallback, useMemo, useState, type ErrorInfo, type ReactNode } from 'react';
import { Spinner, useDocumentTitle } from '@wishes/shared';
import { loadExposed, REMOTE_TIMEOUT_MS, type RemoteComponent } from './loadExposed';
import { RemoteFailure, RemoteRetryContext } from './RemoteFailure';
import { FirstPaintOr } from './firstPaint';

interface BoundaryProps {
  children: ReactNode;
  onRetry: () => void;
  moduleId: string;
}

class RemoteBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[wishes] ${this.props.moduleId} failed`, error, info.componentStack);
  }

  render() {
    return this.state.failed ? <RemoteFailure onRetry={this.props.onRetry} /> : this.props.children;
  }
}

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

export function RemoteArea({ module, props, timeoutMs = REMOTE_TIMEOUT_MS, loadingLabel = 'Loading...', page = false, loadingTitle }: RemoteAreaProps) {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // A new lazy component per attempt (and per module), because lazy() remembers a failure forever.
  const Lazy = useMemo(() => lazy(() => loadExposed(module, timeoutMs)), [module, timeoutMs, attempt]);
  return (
    <RemoteRetryContext.Provider value={retry}>
      <RemoteBoundary key={`${module}#${attempt}`} onRetry={retry} moduleId={module}>
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
      </RemoteBoundary>
    </RemoteRetryContext.Provider>
  );
}

/** A route element for an exposed page: `remotePage('mf_feed/FeedPage')`. */
export function remotePage(module: string): ReactNode {
  return <RemoteArea module={module} page />;
}

export type { RemoteComponent };
