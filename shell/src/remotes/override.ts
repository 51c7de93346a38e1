/**
 * `?mf_override=<folder>@<url-of-remoteEntry.js>`: a team sees its development build inside the
 * real site (docs/teams.md, "Develop inside the real site"). Honoured only when the server runs
 * with REMOTE_OVERRIDES=true (the manifest then carries `remote_overrides`), only for URLs on the
 * origins it lists, and only once the member confirms on a page naming the remote and the origin:
 * a link from someone else never loads their code by itself. A confirmed override is kept in this
 * tab's sessionStorage until `<folder>@off` or the banner's button; with the mode off, any stored
 * override is dropped and the parameter is ignored.
 */
import { originAllowed, parseOverrideValue, REMOTE_OVERRIDE_PARAM } from '@wishes/kit-contract/remoteOverride';
import { type RemotesManifest } from '@wishes/kit-contract';

export const OVERRIDE_STORAGE_KEY = 'wishes_mf_override';

export interface RemoteOverride {
  folder: string;
  /** The remoteEntry.js URL. */
  url: string;
  origin: string;
}

export interface OverridePlan {
  /** The server runs with REMOTE_OVERRIDES=true. */
  enabled: boolean;
  /** Confirmed overrides, applied to this page load. */
  active: RemoteOverride[];
  /** An override asked for by the URL and not confirmed yet: nothing of it loads until it is. */
  pending?: RemoteOverride;
  /** Why the URL's override was refused (one sentence). */
  refused?: string;
  /** This page's URL without the parameter. */
  cleanUrl: string;
  /** The URL carried the parameter (and the mode is on): the address bar gets `cleanUrl`. */
  hadParam: boolean;
}

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function readStored(storage: Storage | null): Record<string, string> {
  try {
    const value: unknown = JSON.parse(storage?.getItem(OVERRIDE_STORAGE_KEY) ?? '{}');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

function writeStored(storage: Storage | null, stored: Record<string, string>): void {
  try {
    if (Object.keys(stored).length === 0) storage?.removeItem(OVERRIDE_STORAGE_KEY);
    else storage?.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Storage full or blocked: the override simply does not stick.
  }
}

/** Why `folder` cannot be overridden here: the site serves no such remote to this browser. */
function notServed(folder: string): string {
  return `this site has no live remote "${folder}". A remote not yet live can be overridden only in a browser holding its preview: open its preview link here first.`;
}

/** What this page load does about overrides: read from the URL, the tab's storage and the manifest. */
export function planOverrides(manifest: RemotesManifest, href: string, storage: Storage | null = session()): OverridePlan {
  const url = new URL(href);
  const value = url.searchParams.get(REMOTE_OVERRIDE_PARAM);
  url.searchParams.delete(REMOTE_OVERRIDE_PARAM);
  const cleanUrl = url.href;
  const mode = manifest.remote_overrides;
  if (!mode) {
    // REMOTE_OVERRIDES is off: the parameter means nothing and nothing stored applies.
    writeStored(storage, {});
    return { enabled: false, active: [], cleanUrl: href, hadParam: false };
  }
  // The remotes this browser is served: the live ones, plus a remote not yet live whose preview
  // this browser holds (the server adds the pinned release to its manifest). Only those can be
  // overridden: a dev build takes the place of a remote the site would load here.
  const folders = new Set(manifest.remotes.map((r) => r.folder ?? r.name));
  const allowed = (entry: string): RemoteOverride['origin'] | null => {
    const parsed = parseOverrideValue(`x@${entry}`);
    return 'url' in parsed && originAllowed(parsed.origin, mode.origins) ? parsed.origin : null;
  };
  // What this tab confirmed earlier, checked again (the allowed origins may have changed; a
  // remote not yet live leaves the manifest when its preview ends).
  const before = readStored(storage);
  const stored = Object.fromEntries(Object.entries(before).filter(([folder, entry]) => folders.has(folder) && allowed(entry)));
  let pending: RemoteOverride | undefined;
  let refused: string | undefined;
  const gone = Object.keys(before).find((folder) => !folders.has(folder));
  if (gone) refused = `mf_override: ${notServed(gone)}`;
  if (value !== null) {
    const parsed = parseOverrideValue(value);
    if ('error' in parsed) refused = parsed.error;
    else if (parsed.off) {
      // Turned off: whether or not the remote is still served here, nothing of it stays.
      delete stored[parsed.folder];
      if (gone === parsed.folder) refused = undefined;
    } else if (!folders.has(parsed.folder)) refused = `mf_override: ${notServed(parsed.folder)}`;
    else if (!originAllowed(parsed.origin, mode.origins)) refused = `mf_override: ${parsed.origin} is not an allowed origin (REMOTE_OVERRIDE_ORIGINS: ${mode.origins.join(', ')}).`;
    else if (stored[parsed.folder] !== parsed.url) pending = { folder: parsed.folder, url: parsed.url, origin: parsed.origin };
  }
  writeStored(storage, stored);
  const active = Object.entries(stored).map(([folder, entry]) => ({ folder, url: entry, origin: new URL(entry).origin }));
  return { enabled: true, active, pending, refused, cleanUrl, hadParam: value !== null };
}

/** The manifest with each overridden remote's entry replaced by the developer's URL. */
export function applyOverrides(manifest: RemotesManifest, active: readonly RemoteOverride[]): RemotesManifest {
  if (active.length === 0) return manifest;
  return {
    ...manifest,
    remotes: manifest.remotes.map((remote) => {
      const override = active.find((o) => o.folder === (remote.folder ?? remote.name));
      return override ? { ...remote, entry: override.url, release: 'override' } : remote;
    }),
  };
}

/** The member confirmed: keep the override for this tab and open the page without the parameter. */
export function confirmOverride(override: RemoteOverride, cleanUrl: string, storage: Storage | null = session()): void {
  writeStored(storage, { ...readStored(storage), [override.folder]: override.url });
  window.location.replace(cleanUrl);
}

/** Turns overrides off (one remote, or all) and reloads the page from the site's own releases. */
export function clearOverrides(folder?: string, storage: Storage | null = session()): void {
  const stored = readStored(storage);
  if (folder) delete stored[folder];
  writeStored(storage, folder ? stored : {});
  window.location.reload();
}
