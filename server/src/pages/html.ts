/**
 * The shell's index.html, read once and re-read when the file changes (a rebuild while the server
 * runs), with per-request additions: preload links in <head> and the embedded first-page data
 * before </body>. The build minifies the HTML and drops the marker comments, so </head> and
 * </body> are the fallback anchors.
 */
import { readFileSync, statSync } from 'node:fs';
import type { EmbeddedData } from '@wishes/kit-contract/api';
import { escapeHtml } from '@wishes/kit-ui/html';

export const HEAD_MARKER = '<!--wishes:head-->';
export const BODY_MARKER = '<!--wishes:body-->';
export const EMBEDDED_ELEMENT_ID = 'wishes-initial';
/** The runtime remote manifest (same JSON as /mf/remotes.json): the shell need not fetch it. */
export const REMOTES_ELEMENT_ID = 'wishes-remotes';
/** The site options (same JSON as /api/base/options): the shell need not fetch them. */
export const OPTIONS_ELEMENT_ID = 'wishes-options';

/**
 * JSON that is safe inside a <script> element: no "</script>", no "<!--", no HTML entities, and
 * no U+2028/U+2029 (line terminators in older JavaScript parsers).
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function insert(html: string, marker: string, fallback: string, addition: string): string {
  if (!addition) return html;
  if (html.includes(marker)) return html.replace(marker, () => addition);
  const index = html.lastIndexOf(fallback);
  return index === -1 ? html + addition : html.slice(0, index) + addition + html.slice(index);
}

export interface PageAdditions {
  preloadScripts: string[];
  /** The stylesheets of the page's remote chunks (a chunk waits for its own before it runs). */
  preloadStyles?: string[];
  preloadFetches: string[];
  embedded?: EmbeddedData;
  /** More JSON data elements (id → value), e.g. the remote manifest and the options. */
  data?: Record<string, unknown>;
  /** Link-preview <meta> elements and the page <title> text, both already encoded (previews/meta.ts). */
  meta?: string;
  titleHtml?: string;
  /**
   * Server-drawn content for the page (the feed's first paint, @wishes/kit-ui/firstPaint) and the
   * CSS it needs: it takes the place of the template's "Loading Wishes..." line. `script`: inline
   * JavaScript run before it is laid out (allowed by its hash in the CSP, app/csp.ts).
   */
  firstPaint?: { html: string; css: string; script?: string };
}

/** The template's loading line inside #root (minified or not), else the end of an empty #root. */
const BOOT_MAIN = /<div class="?boot__main"?[^>]*>[^<]*<\/div>|(?<=<div id="?root"?>)(?=<\/div>)/;

const jsonElement = (id: string, value: unknown) => `<script type="application/json" id="${escapeHtml(id)}">${serializeForScript(value)}</script>`;

export function renderPage(template: string, additions: PageAdditions): string {
  const head = [
    ...additions.preloadFetches.map((href) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(href)}">`),
    ...(additions.preloadStyles ?? []).map((href) => `<link rel="preload" as="style" href="${escapeHtml(href)}">`),
    ...additions.preloadScripts.map((href) => `<link rel="preload" as="script" href="${escapeHtml(href)}">`),
  ].join('');
  // Data elements go into <head>: they are parsed before the deferred scripts run either way, and
  // the shell reads them before it renders.
  const data = Object.entries(additions.data ?? {})
    .map(([id, value]) => jsonElement(id, value))
    .join('');
  const body = additions.embedded ? jsonElement(EMBEDDED_ELEMENT_ID, additions.embedded) : '';
  let page = template;
  if (additions.titleHtml !== undefined) page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${additions.titleHtml}</title>`);
  let styles = '';
  if (additions.firstPaint?.html) {
    const { html, css, script } = additions.firstPaint;
    const drawn = page.replace(BOOT_MAIN, () => html);
    // A template without the loading line (nor an empty #root) keeps its own content and no styles.
    if (drawn !== page) [page, styles] = [drawn, `<style>${css}</style>${script ? `<script>${script}</script>` : ''}`];
  }
  return insert(insert(page, HEAD_MARKER, '</head>', styles + (additions.meta ?? '') + head + data), BODY_MARKER, '</body>', body);
}

/** index.html, cached by modification time; null while the shell has not been built. */
export function createTemplateReader(file: string): () => string | null {
  let cached: { mtimeMs: number; size: number; html: string } | null = null;
  return () => {
    let stats;
    try {
      stats = statSync(file);
    } catch {
      cached = null;
      return null;
    }
    if (!cached || cached.mtimeMs !== stats.mtimeMs || cached.size !== stats.size) {
      try {
        cached = { mtimeMs: stats.mtimeMs, size: stats.size, html: readFileSync(file, 'utf8') };
      } catch {
        return null;
      }
    }
    return cached.html;
  };
}
