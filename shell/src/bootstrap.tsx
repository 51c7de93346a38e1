/**
 * Starts the site: session first (a reload with an expiring token refreshes before anything
 * renders, so the visitor stays signed in), options in the background, then the runtime remote
 * manifest, then the router.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { checkSession, ensureUiStyles, loadOptions, startSession, syncSessionFromStorage } from '@wishes/shared';
import { setUpRemotes } from './remotes/manifest';
import { App } from './App';
import { ROUTER_FUTURE } from './routes';

async function start(): Promise<void> {
  ensureUiStyles();
  startSession();
  // startSession's first check is already running; this awaits the same refresh (it is de-duplicated).
  await checkSession().catch((error: unknown) => console.error('[wishes] session check failed', error));
  // Another tab signing in or out changes local storage; follow it.
  window.addEventListener('storage', () => syncSessionFromStorage());
  void loadOptions();
  await setUpRemotes();

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter future={ROUTER_FUTURE}>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
}

void start().catch((error: unknown) => {
  console.error('[wishes] the site could not start', error);
  const container = document.getElementById('root');
  if (container) container.textContent = 'Wishes could not start. Please reload the page.';
});
