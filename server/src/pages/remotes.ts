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

/** The remotes a page needs first, so their entries can be preloaded with the HTML. */
export function remotesForPath(pathname: string): RemoteKey[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/' || path === '/feed' || path.startsWith('/feed/') || path.startsWith('/wish/') || path === '/search') return ['feed'];
  // A profile lists its wishes with mf-feed's WishList.
  if (path.startsWith('/user/')) return ['profile', 'feed'];
  if (path === '/subscriptions') return ['profile'];
  if (path === '/compose' || path.startsWith('/compose/') || path === '/business') return ['compose'];
  if (path.startsWith('/auth/')) return ['auth'];
  return [];
}
