/**
 * What the HTML preloads for a page, so the browser fetches a route's code in parallel with the
 * shell instead of discovering it one step at a time (HTML → main.js → remote entry → page chunks):
 * each needed remote's remoteEntry.js and, for a remote served from this server, the chunks of the
 * exposed modules the page renders first and their stylesheets (a production build extracts a
 * chunk's CSS to its own file, which the chunk waits for), read from that remote's
 * mf-manifest.json (re-read when a rebuild changes it). A remote moved elsewhere (MF_<FOLDER>_URL)
 * gets its entry preloaded only.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { PageModule, RemoteLocation } from './remotes';

interface ManifestExpose {
  name?: string;
  assets?: { js?: { sync?: unknown }; css?: { sync?: unknown } };
}

/** expose name → its JavaScript and CSS files (relative to the remote's dist), from mf-manifest.json. */
type ExposeAssets = Map<string, { js: string[]; css: string[] }>;

/** Plain relative file names with this extension only: nothing that could leave the remote's folder or the attribute. */
function safeFiles(list: unknown, extension: 'js' | 'css'): string[] {
  if (!Array.isArray(list)) return [];
  const pattern = new RegExp(`^[\\w.-]+(/[\\w.-]+)*\\.${extension}$`);
  return list.filter((f): f is string => typeof f === 'string' && pattern.test(f) && !f.split('/').some((part) => /^\.+$/.test(part)));
}

function parseManifest(text: string): ExposeAssets {
  const assets: ExposeAssets = new Map();
  const manifest = JSON.parse(text) as { exposes?: ManifestExpose[] };
  for (const expose of manifest.exposes ?? []) {
    if (typeof expose.name !== 'string') continue;
    assets.set(expose.name, { js: safeFiles(expose.assets?.js?.sync, 'js'), css: safeFiles(expose.assets?.css?.sync, 'css') });
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

  /** URLs to preload for these modules: scripts (entries first, then chunks) and stylesheets; no duplicates. */
  return (modules: PageModule[], locations: readonly RemoteLocation[]): { scripts: string[]; styles: string[] } => {
    const entries: string[] = [];
    const chunks: string[] = [];
    const styles: string[] = [];
    const add = (list: string[], url: string) => {
      if (!list.includes(url)) list.push(url);
    };
    for (const module of modules) {
      const location = locations.find((l) => l.folder === module.folder);
      if (!location) continue;
      add(entries, location.entry);
      const files = localAssets(location)?.get(module.expose);
      for (const file of files?.js ?? []) add(chunks, `${location.base}/${file}`);
      for (const file of files?.css ?? []) add(styles, `${location.base}/${file}`);
    }
    return { scripts: [...entries, ...chunks], styles };
  };
}
