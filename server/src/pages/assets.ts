/** Cache rules for built files: content-hashed names are immutable, entry files revalidate. */
import { lstatSync } from 'node:fs';
import path from 'node:path';

/** `159.2f22495a.js`, `assets/logo.1a2b3c4d.svg`, `159.2f22495a.js.map`. */
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+(\.map)?$/i;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export function cacheControlFor(file: string): string {
  const name = file.split('/').pop() ?? file;
  return HASHED.test(name) ? IMMUTABLE : REVALIDATE;
}

/** Extensions that name a build asset: a missing one is a 404, never the app's HTML. */
const ASSET_EXTENSION = /\.(js|mjs|css|map|json|txt|ico|png|jpe?g|gif|webp|svg|woff2?|ttf|eot|wasm|webmanifest|xml)$/i;

export function looksLikeAsset(pathname: string): boolean {
  return ASSET_EXTENSION.test(pathname);
}

/** A relative path inside a dist folder, or null when it could escape it or names a hidden file. */
export function safeRelativePath(raw: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const parts = decoded.split('/').filter((part) => part !== '');
  if (parts.length === 0) return null;
  if (parts.some((part) => part === '..' || part === '.' || part.startsWith('.') || part.includes('\\') || part.includes('\0'))) return null;
  return parts.join('/');
}

/** Precompressed copies the build writes beside each file (`main.js.br`, `main.js.gz`), best first. */
export const PRECOMPRESSED = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;


/** The encodings an Accept-Encoding header allows (q > 0), e.g. 'gzip, deflate, br;q=0.5'. */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  const value = Array.isArray(header) ? header.join(',') : header ?? '';
  let star = false;
  const refused = new Set<string>();
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (!(weight > 0)) {
      refused.add(name);
      continue;
    }
    if (name === '*') star = true;
    else accepted.add(name);
  }
  if (star) for (const { encoding } of PRECOMPRESSED) if (!refused.has(encoding)) accepted.add(encoding);
  return accepted;
}

/** Content types of the precompressed kinds (the compressed file's own name would say .br/.gz). */
const CONTENT_TYPES: Record<string, string> = {
  js: 'application/javascript; charset=utf-8',
  mjs: 'application/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
};

export function contentTypeFor(file: string): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase();
  return extension ? CONTENT_TYPES[extension] : undefined;
}

/**
 * Whether `relative` (already checked by safeRelativePath) names a regular file inside `root`
 * with no symbolic link on the way: a link in a release or dist folder (to /etc/passwd, or to a
 * folder outside) is never followed. The root itself may be a link (a deployment's choice).
 */
export function regularFileInside(root: string, relative: string): boolean {
  let current = root;
  try {
    for (const part of relative.split('/')) {
      current = path.join(current, part);
      if (lstatSync(current).isSymbolicLink()) return false;
    }
    return lstatSync(current).isFile();
  } catch {
    return false;
  }
}

/** Source maps (`.map`) are served only when the configuration asks for them (SERVE_SOURCE_MAPS). */
export function isSourceMap(relative: string): boolean {
  return /\.map$/i.test(relative);
}
