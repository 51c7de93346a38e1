/**
 * Initial data the server embeds in the HTML (a <script type="application/json" id="wishes-initial">
 * element) so a page can skip its first request. Each piece is used once and only on the path it
 * was rendered for, so client-side navigation later fetches fresh data.
 */
import type { EmbeddedData } from '@wishes/kit-contract/schemas';
import { getAccessToken } from '@wishes/kit-session';

export const EMBEDDED_ELEMENT_ID = 'wishes-initial';

let cache: EmbeddedData | null | undefined;

function readAll(): EmbeddedData | null {
  if (cache !== undefined) return cache;
  cache = null;
  if (typeof document === 'undefined') return cache;
  const element = document.getElementById(EMBEDDED_ELEMENT_ID);
  if (!element?.textContent) return cache;
  try {
    cache = JSON.parse(element.textContent) as EmbeddedData;
  } catch {
    cache = null;
  }
  return cache;
}

/**
 * Returns and forgets the embedded piece `key` if it was rendered for `path`. The HTML is rendered
 * without the visitor's token (it lives in local storage), so the data is what a signed-out visitor
 * sees: with a session the page must fetch its own view (own votes, is_self, private wishes).
 */
export function takeEmbedded<K extends Exclude<keyof EmbeddedData, 'path'>>(key: K, path: string): EmbeddedData[K] | undefined {
  const value = takeEmbeddedPublic(key, path);
  return getAccessToken() ? undefined : value;
}

/**
 * The same piece whoever reads (signed in or not): what a signed-out visitor sees. For a page that
 * shows it to a member at once and lays their own view over it when that arrives (the feed: the
 * counts are everyone's, only their own votes differ).
 */
export function takeEmbeddedPublic<K extends Exclude<keyof EmbeddedData, 'path'>>(key: K, path: string): EmbeddedData[K] | undefined {
  const data = readAll();
  if (!data || data.path.replace(/\/+$/, '') !== path.replace(/\/+$/, '')) return undefined;
  const value = data[key];
  delete data[key];
  return value;
}

/** For tests. */
export function resetEmbeddedCache(): void {
  cache = undefined;
}
