/**
 * What a release (or any built file the site serves under its own origin) may be: code for the
 * shell to import and what that code loads, never a document. HTML, SVG, XML and anything
 * unknown could be opened as a page of the site's origin, with the visitor's tokens in reach, so
 * they are refused at publish and never served. Each allowed file goes out with its own type
 * only (and `nosniff`, on every response), never one a browser would render as a page.
 *
 * This list is also the worker's (published.ts runs it in a worker thread): plain data, no imports.
 */

/** Extension (lower case, with its dot) → the only Content-Type the file is served with. */
export const RELEASE_FILE_TYPES: Readonly<Record<string, string>> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  // Source maps: kept private under .maps/ in releases, served from dist/ only when configured.
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
};

const TEXT = 'text/plain; charset=utf-8';

/** The build's precompressed copies (`main.js.br`, `main.js.gz`) of an allowed file. */
const PRECOMPRESSED = /\.(br|gz)$/i;

/**
 * The Content-Type `relative` (a path inside a release or dist folder, '/'-separated) is served
 * with, or null when it is not a file a remote needs. Besides the extensions above: the license
 * comments terser moves out of a chunk (`123.abc.js.LICENSE.txt`) and Module Federation's types
 * of what a remote exposes (`@mf-types.zip`, `@mf-types.d.ts`, `@mf-types/**.d.ts`), as plain text
 * or an archive, never a page.
 */
export function releaseFileType(relative: string): string | null {
  const name = relative.split('/').pop() ?? '';
  const lower = name.toLowerCase();
  if (/\.(js|mjs)\.license\.txt$/.test(lower)) return TEXT;
  if (relative === '@mf-types.zip') return 'application/zip';
  if (relative === '@mf-types.d.ts' || (relative.startsWith('@mf-types/') && lower.endsWith('.d.ts'))) return TEXT;
  const dot = lower.lastIndexOf('.');
  if (dot <= 0) return null;
  return RELEASE_FILE_TYPES[lower.slice(dot)] ?? null;
}

/** Whether an archive may hold `relative`: an allowed file or a precompressed copy of one. */
export function releaseFileAllowed(relative: string): boolean {
  return releaseFileType(relative.replace(PRECOMPRESSED, '')) !== null;
}
