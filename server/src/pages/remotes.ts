/**
 * Where each remote lives at run time (GET /mf/remotes.json, also inlined in every page) and which
 * exposed modules a route needs first, both from the remotes' own declarations: the site's own
 * remotes are the folders of the site whose build carries one (`<folder>/dist/release.json`, written
 * from the remote's remote.config.ts by the kit's build preset), served under /mf/<folder>/ from
 * that dist/ unless MF_<FOLDER>_URL (MF_FEED_URL, ...) moves it elsewhere (another origin, or a
 * webpack dev server in `npm run dev`); the active release of a remote (its own release.json)
 * replaces its dist/. No remote is named here.
 */
import path from 'node:path';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { declarationProblems, remoteUrlEnv, resolveDeclaredRoute, type RemoteDeclaration, type RouteDeclaration } from '@wishes/kit-contract/registry';
import type { RemotesManifest } from '@wishes/kit-contract/api';
import type { Kysely } from 'kysely';
import { ConfigError, REPO_ROOT } from '../platform/config';
import type { Database } from '../db/types';
import { readRelease, releaseDir, type ReleaseMeta } from '../releases/catalog';
import { activeCanaries, activeReleases } from '../releases/store';
import { ensureLocal } from '../releases/published';

/**
 * The site's own remotes: each folder of `siteRoot` whose dist/release.json holds a valid
 * declaration of that folder, in the order of their dev ports (the order the shell lists them in,
 * which decides a path two remotes declare). Read on each call (a few small files), so a rebuilt
 * site is seen without a restart.
 */
export function siteRemotes(siteRoot: string = REPO_ROOT): readonly RemoteDeclaration[] {
  const found: RemoteDeclaration[] = [];
  let folders: string[] = [];
  try {
    folders = readdirSync(siteRoot, { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== 'shell' && !d.name.startsWith('.')).map((d) => d.name);
  } catch {
    folders = [];
  }
  for (const folder of folders) {
    const file = path.join(siteRoot, folder, 'dist', 'release.json');
    if (!existsSync(file)) continue;
    try {
      const declaration = (JSON.parse(readFileSync(file, 'utf8')) as { declaration?: RemoteDeclaration }).declaration;
      if (declaration && declaration.folder === folder && declarationProblems(declaration).length === 0) found.push(declaration);
    } catch {
      // Half written by a build in progress: not a remote of this site yet.
    }
  }
  found.sort((a, b) => a.devPort - b.devPort || a.folder.localeCompare(b.folder));
  return found;
}

/** One of the site's own remotes by folder, or undefined. */
export function siteRemote(folder: string, siteRoot: string = REPO_ROOT): RemoteDeclaration | undefined {
  return siteRemotes(siteRoot).find((r) => r.folder === folder);
}


/** The release id of a remote's built dist/ folder: what is served while no release is active. */
export const DIST_RELEASE = 'dist';

export interface RemoteLocation {
  name: string;
  folder: string;
  /** Base URL without a trailing slash: '/mf/mf-feed', '/mf/releases/mf-feed/<id>' or 'https://cdn.example/mf-feed'. */
  base: string;
  entry: string;
  /** The release served: DIST_RELEASE or a release id. */
  release: string;
  /** The local folder holding its files (for preloads from its mf-manifest.json), or null when served elsewhere. */
  dir: string | null;
  /** Its routes, titles and navigation entries (the release's own copy for a release). */
  declaration: RemoteDeclaration;
  /** Served as a canary to this browser's bucket (releases/canary.ts). */
  canary?: boolean;
  /** Pinned by this browser's confirmed preview. */
  preview?: boolean;
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

/** A remote's MF_<FOLDER>_URL override, validated, or null. */
export function remoteUrlOverride(folder: string, env: Record<string, string | undefined>): string | null {
  const variable = remoteUrlEnv(folder);
  const override = env[variable];
  return override && override.trim() ? parseBase(override, variable) : null;
}

/**
 * The site's own remotes as served before any release is activated: each from its dist/ folder
 * under `siteRoot`, or where MF_<FOLDER>_URL points. Read at start; a malformed URL fails fast.
 */
export function remoteLocations(env: Record<string, string | undefined> = process.env, siteRoot: string = REPO_ROOT): RemoteLocation[] {
  return siteRemotes(siteRoot).map((declaration) => {
    const override = remoteUrlOverride(declaration.folder, env);
    const base = override ?? `/mf/${declaration.folder}`;
    // Served from here only at its default path; elsewhere its files are not ours to read.
    const dir = base === `/mf/${declaration.folder}` ? path.join(siteRoot, declaration.folder, 'dist') : null;
    return { name: declaration.name, folder: declaration.folder, base, entry: `${base}/remoteEntry.js`, release: DIST_RELEASE, dir, declaration };
  });
}

export function remotesManifest(locations: readonly RemoteLocation[], loadId?: string): RemotesManifest {
  return {
    ...(loadId ? { load_id: loadId } : {}),
    remotes: locations.map(({ name, entry, folder, release, declaration, canary, preview }) => ({
      name,
      entry,
      folder,
      release,
      ...(canary ? { canary: true } : {}),
      routes: [...declaration.routes],
      nav: [...declaration.nav],
      ...(declaration.menu ? { menu: [...declaration.menu] } : {}),
      ...(preview ? { preview: true } : {}),
    })),
  };
}

/** An exposed module a page renders first: its remote's folder and the expose name ('FeedPage'). */
export interface PageModule {
  folder: string;
  expose: string;
}

/**
 * The exposed modules a page renders first, from the routes the remotes declare (as the shell
 * composes them: the first remote listed keeps a path two declare), so their remote entries and
 * chunks can be preloaded with the HTML.
 */
export function modulesForPath(pathname: string, locations: readonly RemoteLocation[]): PageModule[] {
  const routes: Array<RouteDeclaration & { folder: string }> = [];
  const taken = new Set<string>();
  for (const location of locations) {
    for (const route of location.declaration.routes) {
      if (taken.has(route.path)) continue;
      taken.add(route.path);
      routes.push({ ...route, folder: location.folder });
    }
  }
  const match = resolveDeclaredRoute(routes, pathname);
  if (!match || !match.route.expose) return [];
  const modules: PageModule[] = [{ folder: match.route.folder, expose: match.route.expose }];
  for (const id of match.route.preload ?? []) {
    const [name, expose] = id.split('/');
    const location = locations.find((l) => l.name === name);
    if (location && expose) modules.push({ folder: location.folder, expose });
  }
  return modules;
}

/** Where a release's files are served: an immutable URL of its own. */
export function releaseBase(folder: string, release: string): string {
  return `/mf/releases/${folder}/${release}`;
}

/**
 * The remotes as served right now: `defaults` (registry, dist/ or MF_<FOLDER>_URL) with each
 * remote's active release from the database in its place, plus remotes outside the registry that
 * joined through an active release. Read on every page and manifest request, so a switch counts
 * from the next request on. A remote moved by MF_<FOLDER>_URL stays where the variable says.
 */
export function createLocationResolver(options: {
  db: Kysely<Database>;
  releasesDir: string;
  defaults: readonly RemoteLocation[];
  env: Record<string, string | undefined>;
}) {
  // Release folders never change once finished: their meta is read once.
  const metas = new Map<string, ReleaseMeta | null>();
  const meta = async (folder: string, release: string) => {
    const key = `${folder}/${release}`;
    if (!metas.has(key) || metas.get(key) === null) {
      // Published over HTTP to another process: copied here from the database first.
      if (!readRelease(options.releasesDir, folder, release)) await ensureLocal(options.db, options.releasesDir, folder, release);
      metas.set(key, readRelease(options.releasesDir, folder, release));
    }
    return metas.get(key) ?? null;
  };
  const released = async (folder: string, release: string, fallback?: RemoteLocation): Promise<RemoteLocation | undefined> => {
    const found = release === DIST_RELEASE ? null : await meta(folder, release);
    const dir = found ? releaseDir(options.releasesDir, folder, release) : null;
    if (!found || !dir) return fallback;
    const base = releaseBase(folder, release);
    return { name: found.declaration.name, folder, base, entry: `${base}/remoteEntry.js`, release, dir, declaration: found.declaration };
  };
  /**
   * The locations for a browser in `bucket` (0-99; null: no canary at all): a remote's canary
   * replaces its active release when the bucket is below the canary's percent.
   */
  return async (bucket: number | null = null, pin: { remote: string; release: string } | null = null): Promise<RemoteLocation[]> => {
    const [active, canaries] = await Promise.all([activeReleases(options.db), activeCanaries(options.db)]);
    // A preview link pins one release of one remote for this browser.
    if (pin && !active.has(pin.remote)) active.set(pin.remote, DIST_RELEASE);
    const releaseFor = (folder: string): { release: string | undefined; canary: boolean; preview?: boolean } => {
      if (pin && pin.remote === folder) return { release: pin.release, canary: false, preview: true };
      const canary = canaries.get(folder);
      if (canary && bucket !== null && bucket < canary.percent) return { release: canary.release, canary: true };
      return { release: active.get(folder), canary: false };
    };
    const locations: RemoteLocation[] = [];
    for (const location of options.defaults) {
      const { release, canary, preview } = releaseFor(location.folder);
      if (!release || remoteUrlOverride(location.folder, options.env)) locations.push(location);
      else {
        const found = await released(location.folder, release);
        locations.push(found ? { ...found, canary, ...(preview ? { preview } : {}) } : location);
      }
    }
    for (const folder of new Set([...active.keys(), ...canaries.keys()])) {
      if (options.defaults.some((l) => l.folder === folder)) continue;
      const { release, canary, preview } = releaseFor(folder);
      const joined = release ? await released(folder, release) : undefined;
      if (joined && !locations.some((l) => l.name === joined.name)) locations.push({ ...joined, canary, ...(preview ? { preview } : {}) });
    }
    return locations;
  };
}
