/**
 * Where each remote lives at run time (GET /mf/remotes.json) and which remotes a route needs.
 * By default the server serves every remote itself under /mf/<folder>/; MF_FEED_URL,
 * MF_COMPOSE_URL, MF_PROFILE_URL and MF_AUTH_URL move one remote elsewhere (another origin, or
 * a webpack dev server in `npm run dev`) without rebuilding the shell.
 */
import { REMOTES } from '@wishes/shared/remotes';
import type { RemotesManifest } from '@wishes/shared/contract';
import { ConfigError } from '../app/config';

export type RemoteKey = keyof typeof REMOTES;

export const REMOTE_URL_ENV: Record<RemoteKey, string> = {
  feed: 'MF_FEED_URL',
  compose: 'MF_COMPOSE_URL',
  profile: 'MF_PROFILE_URL',
  auth: 'MF_AUTH_URL',
};

export interface RemoteLocation {
  key: RemoteKey;
  name: string;
  folder: string;
  /** Base URL without a trailing slash: '/mf/mf-feed' or 'https://cdn.example/mf-feed'. */
  base: string;
  entry: string;
}

function parseBase(value: string, variable: string): string {
  const trimmed = value.trim().replace(/\/+$/, '');
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new ConfigError(`${variable} must be an http(s) URL or a path starting with / (got "${value}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${variable} must be an http(s) URL or a path starting with / (got "${value}")`);
  }
  return trimmed;
}

/** Reads the remote locations from the environment once, at start; a malformed URL fails fast. */
export function remoteLocations(env: Record<string, string | undefined> = process.env): RemoteLocation[] {
  return (Object.keys(REMOTES) as RemoteKey[]).map((key) => {
    const remote = REMOTES[key];
    const variable = REMOTE_URL_ENV[key];
    const override = env[variable];
    const base = override && override.trim() ? parseBase(override, variable) : `/mf/${remote.folder}`;
    return { key, name: remote.name, folder: remote.folder, base, entry: `${base}/remoteEntry.js` };
  });
}

export function remotesManifest(locations: RemoteLocation[]): RemotesManifest {
  return { remotes: locations.map(({ name, entry }) => ({ name, entry })) };
}

/** An exposed module a page renders first: remote key and expose name ('FeedPage'). */
export interface PageModule {
  key: RemoteKey;
  expose: string;
}

/**
 * The exposed modules a page renders first (mirrors the route table in shell/src/routes.tsx), so
 * their remote entries and chunks can be preloaded with the HTML.
 */
export function modulesForPath(pathname: string): PageModule[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  const feed = (expose: string): PageModule => ({ key: 'feed', expose });
  if (path === '/') return [feed('HomePage')];
  if (path === '/feed' || path.startsWith('/feed/')) return [feed('FeedPage')];
  if (path.startsWith('/wish/')) return [feed('WishPage')];
  if (path === '/search') return [feed('SearchPage')];
  // A profile lists its wishes with mf-feed's WishList.
  if (path.startsWith('/user/')) return [{ key: 'profile', expose: 'ProfilePage' }, feed('WishList')];
  if (path === '/subscriptions') return [{ key: 'profile', expose: 'SubscriptionsPage' }];
  if (path === '/notifications') return [{ key: 'profile', expose: 'NotificationsPage' }];
  if (path === '/settings') return [{ key: 'profile', expose: 'SettingsPage' }];
  if (path === '/compose' || path.startsWith('/compose/')) return [{ key: 'compose', expose: 'ComposePage' }];
  if (path === '/business') return [{ key: 'compose', expose: 'BusinessPage' }];
  if (path === '/auth/sign_in') return [{ key: 'auth', expose: 'SignInPage' }];
  if (path === '/auth/sign_up') return [{ key: 'auth', expose: 'SignUpPage' }];
  if (path === '/auth/reset_password') return [{ key: 'auth', expose: 'ResetRequestPage' }];
  if (path.startsWith('/auth/reset_password_confirm')) return [{ key: 'auth', expose: 'ResetConfirmPage' }];
  return [];
}

/** The remotes a page needs first, so their entries can be preloaded with the HTML. */
export function remotesForPath(pathname: string): RemoteKey[] {
  return [...new Set(modulesForPath(pathname).map((m) => m.key))];
}
