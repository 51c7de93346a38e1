import type { ReactNode } from 'react';
import { ensureUiStyles } from './styles';
import { Button } from './Button';

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
