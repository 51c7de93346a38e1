/**
 * What the HTML preloads for a page, so the browser fetches a route's code in parallel with the
 * shell instead of discovering it one step at a time (HTML → main.js → remote entry → page chunks):
 * each needed remote's remoteEntry.js and, for a remote served from this server, the chunks of the
 * exposed modules the page renders first, read from that remote's mf-manifest.json (re-read when
 * a rebuild changes it). A remote moved elsewhere (MF_<FOLDER>_URL) gets its entry preloaded only.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { PageModule, RemoteLocation } from './remotes';

interface ManifestExpose {
  name?: string;
  assets?: { js?: { sync?: unknown } };
}

/** expose name → its JavaScript files (relative to the remote's dist), from mf-manifest.json. */
type ExposeAssets = Map<string, string[]>;

function parseManifest(text: string): ExposeAssets {
  const assets: ExposeAssets = new Map();
  const manifest = JSON.parse(text) as { exposes?: ManifestExpose[] };
  for (const expose of manifest.exposes ?? []) {
    const sync = expose.assets?.js?.sync;
    if (typeof expose.name !== 'string' || !Array.isArray(sync)) continue;
    // Plain relative file names only: nothing that could leave the remote's folder or the attribute.
    const files = sync.filter((f): f is string => typeof f === 'string' && /^[\w.-]+(\/[\w.-]+)*\.js$/.test(f) && !f.split('/').some((part) => /^\.+$/.test(part)));
    assets.set(expose.name, files);
  }
  return assets;
}

export function createPreloadPlanner() {
  const cache = new Map<string, { mtimeMs: number; size: number; assets: ExposeAssets }>();
  const localAssets = (location: RemoteLocation): ExposeAssets | null => {
    if (!location.dir) return null;
    const file = path.join(location.dir, 'mf-manifest.json');
    let stats;
    try {
      stats = statSync(file);
    } catch {
      cache.delete(file);
      return null;
    }
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === stats.mtimeMs && hit.size === stats.size) return hit.assets;
    try {
      const assets = parseManifest(readFileSync(file, 'utf8'));
      cache.set(file, { mtimeMs: stats.mtimeMs, size: stats.size, assets });
      return assets;
    } catch {
      cache.delete(file);
      return null;
    }
  };

  /** Script URLs to preload for these modules: entries first, then chunks; no duplicates. */
  return (modules: PageModule[], locations: readonly RemoteLocation[]): string[] => {
    const entries: string[] = [];
    const chunks: string[] = [];
    for (const module of modules) {
      const location = locations.find((l) => l.folder === module.folder);
      if (!location) continue;
      if (!entries.includes(location.entry)) entries.push(location.entry);
      for (const file of localAssets(location)?.get(module.expose) ?? []) {
        const url = `${location.base}/${file}`;
        if (!chunks.includes(url)) chunks.push(url);
      }
    }
    return [...entries, ...chunks];
  };
}
