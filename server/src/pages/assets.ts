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

/** Extensions of the precompressed copies the build writes beside each file (`main.js.br`, `main.js.gz`). */
export const PRECOMPRESSED_EXTENSIONS = ['.br', '.gz'] as const;

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
