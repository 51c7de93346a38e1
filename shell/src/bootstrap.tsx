/**
 * Starts the site: session first (a reload with an expiring token refreshes before anything
 * renders, so the visitor stays signed in), options in the background, then the runtime remote
 * manifest, then the router. The server inlines the manifest and the options in the page, so
 * neither costs a request before the first render (they are fetched only when absent).
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { checkSession, startSession, syncSessionFromStorage } from '@wishes/kit-session';
import { DataProvider, loadOptions, setOptions } from '@wishes/kit-client';
import { ensureUiStyles } from '@wishes/kit-ui';
import { type Options } from '@wishes/kit-contract';
import { currentOverridePlan, currentPreviewPlan, setUpRemotes } from './remotes/manifest';
import { ConfirmOverridePage, OverrideBanner } from './remotes/OverrideScreens';
import { ConfirmPreviewPage, PreviewBanner } from './remotes/PreviewScreens';
import './remotes/sharedRxjs';
import { adoptFirstPaint } from './remotes/firstPaint';
import { App } from './App';
import { preloadRoutePage, ROUTER_FUTURE } from './routes';

export const OPTIONS_ELEMENT_ID = 'wishes-options';

/** The options the server inlined in the page (same JSON as GET /api/base/options), if any. */
function inlineOptions(): Options | null {
  const text = document.getElementById(OPTIONS_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && typeof (value as Options).site_name === 'string' ? (value as Options) : null;
  } catch {
    return null;
  }
}

async function start(): Promise<void> {
  ensureUiStyles();
  const options = inlineOptions();
  if (options) setOptions(options);
  startSession();
  // startSession's first check is already running; this awaits the same refresh (it is de-duplicated).
  await checkSession().catch((error: unknown) => console.error('[wishes] session check failed', error));
  // Another tab signing in or out changes local storage; follow it.
  window.addEventListener('storage', () => syncSessionFromStorage());
  void loadOptions();
  await setUpRemotes();

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // ?mf_override= (docs/teams.md "Develop inside the real site"): a request to load a remote from
  // a developer's URL shows a confirmation page instead of the site; nothing of it has loaded.
  const overrides = currentOverridePlan();
  if (overrides?.pending) {
    createRoot(container).render(
      <StrictMode>
        <ConfirmOverridePage override={overrides.pending} cleanUrl={overrides.cleanUrl} />
      </StrictMode>,
    );
    return;
  }
  // A preview link (docs/teams.md, "Preview before anyone") likewise: nothing is pinned until the
  // person confirms on a page naming the remote and the release.
  const preview = currentPreviewPlan();
  if (preview?.pending) {
    createRoot(container).render(
      <StrictMode>
        <ConfirmPreviewPage request={preview.pending} cleanUrl={preview.cleanUrl} />
      </StrictMode>,
    );
    return;
  }
  if (overrides?.hadParam) window.history.replaceState(window.history.state, '', overrides.cleanUrl);
  if (preview?.hadParam) window.history.replaceState(window.history.state, '', preview.cleanUrl);
  // The page's remote loads (its files are preloaded by the HTML) while the shell renders, so the
  // first render can show the live page rather than the first paint and then the page.
  preloadRoutePage(window.location.pathname);
  if (overrides && (overrides.active.length > 0 || overrides.refused)) {
    const strip = document.createElement('div');
    container.before(strip);
    createRoot(strip).render(<OverrideBanner plan={overrides} />);
  }
  if (preview && (preview.pinned.length > 0 || preview.refused)) {
    const strip = document.createElement('div');
    container.before(strip);
    createRoot(strip).render(<PreviewBanner plan={preview} />);
  }
  adoptFirstPaint();
  const root = createRoot(container);
  // A transition: React renders in 5 ms slices and lets the browser breathe (input, paint) in
  // between, instead of one long task for the whole first render (Lighthouse's TBT on /feed).
  startTransition(() => {
    root.render(
      <StrictMode>
        <DataProvider>
          <BrowserRouter future={ROUTER_FUTURE}>
            <App />
          </BrowserRouter>
        </DataProvider>
      </StrictMode>,
    );
  });
}

void start().catch((error: unknown) => {
  console.error('[wishes] the site could not start', error);
  const container = document.getElementById('root');
  if (container) container.textContent = 'Wishes could not start. Please reload the page.';
});
