/**
 * The shell's side of canaries (docs/teams.md):
 *
 * - Counting: once the module of a remote the manifest marks `canary` mounted, the shell says so to
 *   POST /api/client-loads/ (once per remote per load): the only thing that counts a canary load.
 * - Reporting: what breaks in a remote is sent to POST /api/client-errors/ with this page load's
 *   `load_id` (from the manifest): a module that cannot load (`load`, the federation error hook),
 *   a render error (`render`, the area's error boundary) and an uncaught error or rejection
 *   (`runtime`). An error is attributed to the remote whose files appear first in its stack (the
 *   code that threw), else, for load and render errors, to the area's remote. Each remote is
 *   reported at most once per load (the server counts one anyway).
 * - Following switches: at each in-site navigation the manifest is revalidated with its ETag (a
 *   304 costs nothing); when what this browser should run changed (an activation, a promote, a
 *   rollback or an automatic rollback), the page reloads itself at that navigation, so the route
 *   renders from the release now active for it (a loaded federation container cannot be swapped).
 */
import { CONSUMER_ERROR_EVENT, type ConsumerErrorDetail } from '@wishes/kit-ui';
import type { RemotesManifest } from '@wishes/kit-contract';

export const CLIENT_ERRORS_URL = '/api/client-errors/';
export const CLIENT_LOADS_URL = '/api/client-loads/';
const MANIFEST_URL = '/mf/remotes.json';

interface LoadedRemote {
  name: string;
  folder: string;
  release: string;
  /** Path of its files: '/mf/releases/mf-feed/<id>/' or '/mf/mf-feed/'. */
  base: string;
  /** This browser runs the remote's canary. */
  canary: boolean;
}

let loadId: string | undefined;
let etag: string | undefined;
let remotes: LoadedRemote[] = [];
let signature = '';
const reported = new Set<string>();
/** Canary remotes whose mount this load already reported. */
const mountedReported = new Set<string>();
/** Remotes this tab loads from a developer's own URL (mf_override): their errors are not the release's. */
const overridden = new Set<string>();
let checking: Promise<void> | null = null;

function signatureOf(manifest: RemotesManifest): string {
  return manifest.remotes
    .map((r) => `${r.name}=${r.entry}`)
    .sort()
    .join('|');
}

/** Remembers the manifest this page load runs (its load id, ETag and each remote's release). */
export function setLoadedManifest(manifest: RemotesManifest): void {
  loadId = manifest.load_id;
  etag = manifest.etag;
  signature = signatureOf(manifest);
  remotes = manifest.remotes.map((r) => {
    let base = r.entry.replace(/remoteEntry\.js(\?.*)?$/, '');
    try {
      base = new URL(base, window.location.href).pathname;
    } catch {
      // A relative entry stays as it is.
    }
    return { name: r.name, folder: r.folder ?? r.name, release: r.release ?? 'dist', base, canary: r.canary === true };
  });
}

/** Folders loaded through `?mf_override=` in this tab: never reported against the site's release. */
export function setOverriddenRemotes(folders: readonly string[]): void {
  overridden.clear();
  for (const folder of folders) overridden.add(folder);
}

/** The remote whose files appear first in `stack`, or undefined. */
export function remoteOfStack(stack: string | undefined): LoadedRemote | undefined {
  if (!stack) return undefined;
  let best: { remote: LoadedRemote; at: number } | undefined;
  for (const remote of remotes) {
    const at = stack.indexOf(remote.base);
    if (at !== -1 && (!best || at < best.at)) best = { remote, at };
  }
  return best?.remote;
}

/** 'mf_feed/FeedPage' or 'mf_feed' → the loaded remote. */
function remoteByName(id: string | undefined): LoadedRemote | undefined {
  const name = id?.split('/')[0];
  return remotes.find((r) => r.name === name);
}

/** Sends one report per remote per load; never throws. `consumer`: the remote the error belongs to, whatever its stack shows. */
export function reportRemoteError(kind: 'load' | 'render' | 'runtime', error: unknown, moduleId?: string, consumer?: string): void {
  const stack = error instanceof Error ? error.stack : undefined;
  const remote = consumer !== undefined ? remotes.find((r) => r.folder === consumer) : (remoteOfStack(stack) ?? (kind === 'runtime' ? undefined : remoteByName(moduleId)));
  if (!remote || !loadId || reported.has(remote.folder) || overridden.has(remote.folder)) return;
  reported.add(remote.folder);
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'error';
  const body = JSON.stringify({ load_id: loadId, remote: remote.folder, release: remote.release, kind, message, ...(stack ? { stack: stack.slice(0, 8000) } : {}) });
  try {
    void fetch(CLIENT_ERRORS_URL, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, keepalive: true }).catch(() => undefined);
  } catch {
    // Reporting must never break the page.
  }
}

/** A module of `moduleId`'s remote mounted: for a canary, reported once per load; never throws. */
export function reportRemoteMounted(moduleId: string): void {
  const remote = remoteByName(moduleId);
  if (!remote || !remote.canary || !loadId || mountedReported.has(remote.folder) || overridden.has(remote.folder)) return;
  mountedReported.add(remote.folder);
  const body = JSON.stringify({ load_id: loadId, remote: remote.folder, release: remote.release });
  try {
    void fetch(CLIENT_LOADS_URL, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, keepalive: true }).catch(() => undefined);
  } catch {
    // Counting must never break the page.
  }
}

/** Uncaught errors and rejections thrown by a remote's code count as its runtime errors. */
export function watchRuntimeErrors(target: Window = window): void {
  target.addEventListener('error', (event) => reportRemoteError('runtime', event.error ?? new Error(event.message)));
  target.addEventListener('unhandledrejection', (event) => reportRemoteError('runtime', event.reason));
  // A consumed module its provider does not expose: the consumer's error (the kit's loadRemoteModule says whose).
  target.addEventListener(CONSUMER_ERROR_EVENT, (event) => {
    const detail = (event as CustomEvent<ConsumerErrorDetail>).detail;
    if (detail?.consumer) reportRemoteError('load', detail.error, undefined, detail.consumer);
  });
}

/**
 * At an in-site navigation: revalidates the manifest and reloads the page (now at the new route)
 * when this browser's releases changed. Every navigation checks (a 304 costs next to nothing; a
 * time throttle would let a navigation right after a check miss a switch); navigations in a burst
 * (a redirect) share the check in flight. `reload` is replaceable for tests.
 */
export function checkForSwitch(reload: () => void = () => window.location.reload()): Promise<void> {
  if (checking) return checking;
  checking = (async () => {
    try {
      const response = await fetch(MANIFEST_URL, { headers: { Accept: 'application/json', ...(etag ? { 'If-None-Match': etag } : {}) }, cache: 'no-cache' });
      if (response.status !== 200) return;
      const manifest = (await response.json()) as RemotesManifest;
      if (!Array.isArray(manifest?.remotes)) return;
      if (signatureOf(manifest) !== signature) {
        reload();
        return;
      }
      etag = response.headers.get('ETag') ?? etag;
    } catch {
      // Offline or the server is restarting: the next navigation tries again.
    } finally {
      checking = null;
    }
  })();
  return checking;
}

/** For tests: forget the state of this page load. */
export function resetReleaseWatch(): void {
  loadId = undefined;
  etag = undefined;
  remotes = [];
  signature = '';
  reported.clear();
  mountedReported.clear();
  overridden.clear();
  checking = null;
}
