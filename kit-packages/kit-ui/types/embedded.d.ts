/**
 * Initial data the server embeds in the HTML (a <script type="application/json" id="wishes-initial">
 * element) so a page can skip its first request. Each piece is used once and only on the path it
 * was rendered for, so client-side navigation later fetches fresh data.
 */
import type { EmbeddedData } from './contract/schemas';
export declare const EMBEDDED_ELEMENT_ID = "wishes-initial";
/**
 * Returns and forgets the embedded piece `key` if it was rendered for `path`. The HTML is rendered
 * without the visitor's token (it lives in local storage), so the data is what a signed-out visitor
 * sees: with a session the page must fetch its own view (own votes, is_self, private wishes).
 */
export declare function takeEmbedded<K extends Exclude<keyof EmbeddedData, 'path'>>(key: K, path: string): EmbeddedData[K] | undefined;
/** For tests. */
export declare function resetEmbeddedCache(): void;
