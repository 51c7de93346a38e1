/** Renders the shell's App inside a MemoryRouter at `path`, with a visible location probe. */
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { configureSessionEnvironment, signOut } from '@wishes/kit-session';
import { createQueryClient, DataProvider, setOptions } from '@wishes/kit-client';
import { LocationProbe, signInForTest } from '@wishes/kit-test';
import { App } from '../App';
import { ROUTER_FUTURE } from '../routes';

export function renderApp(path = '/') {
  // A fresh cache per render, as the page gets one at start.
  return render(
    <DataProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
        <App />
        <LocationProbe />
      </MemoryRouter>
    </DataProvider>,
  );
}

export function signInAs(username = 'ada@example.com', userId = 7): void {
  configureSessionEnvironment({ now: () => Date.now(), storage: () => window.localStorage });
  signInForTest(userId, username);
}

export function resetSessionAndOptions(): void {
  signOut();
  window.localStorage.clear();
  setOptions({
    site_name: 'Wishes',
    greeting_config_params: { styles: [], audiences: [], topics: [] },
    report_topic_config: [],
  });
}
