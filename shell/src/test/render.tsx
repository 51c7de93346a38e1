/** Renders the shell's App inside a MemoryRouter at `path`, with a visible location probe. */
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { configureSessionEnvironment, setOptions, signIn, signOut } from '@wishes/shared';
import { App } from '../App';
import { ROUTER_FUTURE } from '../routes';

export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

export function renderApp(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]} future={ROUTER_FUTURE}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** An unsigned JWT whose payload the client decodes (the server verifies real ones). */
export function fakeToken(payload: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

export function signInAs(username = 'ada@example.com', userId = 7): void {
  configureSessionEnvironment({ now: () => Date.now(), storage: () => window.localStorage });
  const exp = Math.floor(Date.now() / 1000) + 900;
  signIn({ access: fakeToken({ exp, user_id: userId, token_type: 'access' }), refresh: fakeToken({ exp: exp + 86400, token_type: 'refresh' }) }, username);
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
