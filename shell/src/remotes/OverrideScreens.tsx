/**
 * The screens of `?mf_override=` (./override.ts): the confirmation page shown instead of the site
 * when a link asks to load a remote from a developer's URL, and the banner shown on every page
 * while an override is on (or when one was refused), with the button that turns it off.
 */
import { useEffect, useRef } from 'react';
import { Button } from '@wishes/kit-ui';
import { clearOverrides, confirmOverride, type OverridePlan, type RemoteOverride } from './override';
import './override.css';

export function ConfirmOverridePage({ override, cleanUrl }: { override: RemoteOverride; cleanUrl: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = 'Load a development build? - Wishes';
    heading.current?.focus();
  }, []);
  return (
    <main className="mf-override-confirm" aria-labelledby="mf-override-title">
      <h1 id="mf-override-title" ref={heading} tabIndex={-1}>
        Load a development build into this page?
      </h1>
      <p>
        This link asks to replace the part of Wishes called <strong className="mf-override-confirm__name">{override.folder}</strong> with code from{' '}
        <strong className="mf-override-confirm__name">{override.origin}</strong>, in this tab only, until you turn it off.
      </p>
      <p className="mf-override-confirm__url">
        <span>Remote entry:</span> <code>{override.url}</code>
      </p>
      <p className="mf-override-confirm__warning" role="note">
        That code would run as this site, signed in as you. Load it only if you started this development server yourself. If someone sent you this
        link, cancel.
      </p>
      <div className="mf-override-confirm__actions">
        <Button onClick={() => confirmOverride(override, cleanUrl)}>{`Load ${override.folder} from ${override.origin}`}</Button>
        <Button variant="secondary" onClick={() => window.location.replace(cleanUrl)}>
          Cancel
        </Button>
      </div>
    </main>
  );
}

export function OverrideBanner({ plan }: { plan: OverridePlan }) {
  if (plan.active.length === 0 && !plan.refused) return null;
  return (
    <div className="mf-override-banner" role="region" aria-label="Development override">
      {plan.active.map((o) => (
        <p key={o.folder} className="mf-override-banner__line">
          <span>
            Development build: <strong>{o.folder}</strong> from <strong>{o.origin}</strong> (this tab only)
          </span>
          <button type="button" className="mf-override-banner__off" onClick={() => clearOverrides(o.folder)}>
            Turn off
          </button>
        </p>
      ))}
      {plan.refused && (
        <p className="mf-override-banner__line mf-override-banner__line--refused" role="alert">
          <span>Not loaded. {plan.refused}</span>
        </p>
      )}
    </div>
  );
}
