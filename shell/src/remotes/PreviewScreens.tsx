/**
 * The screens of a preview link (./preview.ts): the confirmation page shown instead of the site
 * when a link asks to pin an unreleased release, and the banner shown on every page while one is
 * pinned, with the button that ends it. They look like the override mode's (./OverrideScreens.tsx).
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '@wishes/kit-ui';
import { confirmPreview, endPreview, type PreviewPlan, type PreviewRequest } from './preview';
import './override.css';

function expiryTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

export function ConfirmPreviewPage({ request, cleanUrl }: { request: PreviewRequest; cleanUrl: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    document.title = 'Preview an unreleased build? - Wishes';
    heading.current?.focus();
  }, []);
  const confirm = () => {
    setBusy(true);
    setFailed(null);
    confirmPreview(request, cleanUrl).catch((error: unknown) => {
      setBusy(false);
      setFailed(error instanceof Error && error.message ? error.message : 'The preview could not be started.');
    });
  };
  return (
    <main className="mf-override-confirm" aria-labelledby="mf-preview-title">
      <h1 id="mf-preview-title" ref={heading} tabIndex={-1}>
        Preview an unreleased build?
      </h1>
      <p>
        This link asks to replace the part of Wishes called <strong className="mf-override-confirm__name">{request.remote}</strong> with its
        release <strong className="mf-override-confirm__name">{request.release}</strong>, which nobody else gets yet, in this browser until{' '}
        {expiryTime(request.expires_at)} or until you end the preview.
      </p>
      <p className="mf-override-confirm__warning" role="note">
        That release would run as this site, signed in as you. Preview it only if you expected this link from the team that builds {request.remote}. If
        you did not, cancel.
      </p>
      {failed && (
        <p className="mf-override-confirm__error" role="alert">
          {failed}
        </p>
      )}
      <div className="mf-override-confirm__actions">
        <Button onClick={confirm} disabled={busy}>{`Preview ${request.remote} ${request.release}`}</Button>
        <Button variant="secondary" onClick={() => window.location.replace(cleanUrl)}>
          Cancel
        </Button>
      </div>
    </main>
  );
}

export function PreviewBanner({ plan }: { plan: PreviewPlan }) {
  const [ending, setEnding] = useState(false);
  if (plan.pinned.length === 0 && !plan.refused) return null;
  return (
    <div className="mf-override-banner" role="region" aria-label="Preview">
      {plan.pinned.map((p) => (
        <p key={p.folder} className="mf-override-banner__line">
          <span>
            Preview: <strong>{p.folder}</strong> release <strong>{p.release}</strong> (this browser only, not released yet)
          </span>
          <button
            type="button"
            className="mf-override-banner__off"
            disabled={ending}
            onClick={() => {
              setEnding(true);
              endPreview().catch(() => setEnding(false));
            }}
          >
            End preview
          </button>
        </p>
      ))}
      {plan.refused && (
        <p className="mf-override-banner__line mf-override-banner__line--refused" role="alert">
          <span>Not previewed. {plan.refused}</span>
        </p>
      )}
    </div>
  );
}
