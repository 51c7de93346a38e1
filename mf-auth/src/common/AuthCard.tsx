import type { ReactNode } from 'react';
import { ensureUiStyles } from '@wishes/kit-ui';
import './auth.css';

/** The centred card every auth page sits in (inside the shell's <main>, so no landmark of its own): a heading, optional intro, then the page's content. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  // The kit's CSS variables (--w-primary, ...) must exist even before any kit component renders.
  ensureUiStyles();
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-title">
          {title}
        </h1>
        {intro ? <p className="auth-intro">{intro}</p> : null}
        {children}
      </section>
    </div>
  );
}

/** An inline message: errors are alerts (announced at once), confirmations are polite status. */
export function AuthMessage({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`auth-message auth-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
