import type { ReactNode } from 'react';
import { ensureUiStyles } from './styles';
import { Button, buttonClassName } from './Button';

/** An accessible loading indicator with its text. */
export function Spinner({ label, showLabel = true }: { label: string; showLabel?: boolean }) {
  ensureUiStyles();
  return (
    <div className="w-status" role="status" aria-live="polite">
      <span className="w-spinner" aria-hidden="true" />
      <span className={showLabel ? undefined : 'w-visually-hidden'}>{label}</span>
    </div>
  );
}

/** An empty or informational state. */
export function EmptyState({ children }: { children: ReactNode }) {
  ensureUiStyles();
  return <div className="w-status">{children}</div>;
}

/** An error state with an optional retry button. */
export function ErrorState({ message, onRetry, retryLabel = 'Retry' }: { message: string; onRetry?: () => void; retryLabel?: string }) {
  ensureUiStyles();
  return (
    <div className="w-status w-status--error" role="alert">
      <span>{message}</span>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}

/** The link component of the app's router (react-router's Link), passed in: the kit does not import the router. */
export type WayBackLink = (props: { to: string; className?: string; children?: ReactNode }) => ReactNode;

export const WAY_BACK_TEXTS = { label: 'Where to next', feed: 'Go to the feed', search: 'Search wishes', home: 'Go to the home page' } as const;

/**
 * The ways on from a dead end (a missing wish or profile), like the not-found page's: the feed,
 * search and the home page.
 */
export function WayBack({ Link }: { Link: WayBackLink }) {
  ensureUiStyles();
  return (
    <nav className="w-way-back" aria-label={WAY_BACK_TEXTS.label}>
      <Link to="/feed" className={buttonClassName('rounded-rect', 'normal', 'primary')}>
        {WAY_BACK_TEXTS.feed}
      </Link>
      <Link to="/search" className={buttonClassName('rounded-rect', 'normal', 'secondary')}>
        {WAY_BACK_TEXTS.search}
      </Link>
      <Link to="/" className={buttonClassName('rounded-rect', 'normal', 'secondary')}>
        {WAY_BACK_TEXTS.home}
      </Link>
    </nav>
  );
}
