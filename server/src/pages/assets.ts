/** Cache rules for built files: content-hashed names are immutable, entry files revalidate. */

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
