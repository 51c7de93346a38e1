/**
 * Stored XSS, server side: wish text, names and search terms carrying script payloads are stored
 * and returned verbatim by the API (JSON is not HTML; the client renders text, not markup), and the
 * first-page data the server embeds into the HTML of /feed and /user/:id cannot break out of its
 * <script type="application/json"> element ("</script>", "<!--", U+2028/U+2029).
 * The browser-side check (the payload never runs) is the e2e suite's.
 */
import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { createTestApp, dialects, type TestContext, type TestUser } from '../kit/harness';
import { renderPage, serializeForScript } from '../../src/pages/html';
import { EARLY_TAP_SOURCE } from '../../src/app/csp';
import { EARLY_TAP_SCRIPT } from '@wishes/kit-ui/earlyTap';
import { TEMPLATE, makeFakeSite, withSiteRoot } from './site';

/** The elements the feed's first paint draws (shared/kit-ui/src/firstPaint.ts); anything else would be injected markup. */
const FIRST_PAINT_TAGS = new Set(['div', 'h1', 'ul', 'li', 'article', 'header', 'a', 'span', 'svg', 'g', 'path', 'time', 'footer', 'p', 'button']);

const PAYLOADS = [
  '</script><script>alert("xss-1")</script>',
  '</SCRIPT ><img src=x onerror=alert("xss-2")>',
  '</script\t\n><svg onload=alert("xss-3")>',
  '<!--<script>alert("xss-4")//',
  '<!-- </script><script>alert("xss-5")</script> -->',
  ']]><script>alert("xss-6")</script>',
  '\u2028alert("xss-7")\u2029',
  '<\\/script><script>alert("xss-8")</script>',
  '&lt;/script&gt;&#x3c;script&#x3e;alert("xss-9")',
  '"}</script><script>alert("xss-10")</script>{"',
  "'`${alert('xss-11')}`",
  '<scr<script>ipt>alert("xss-12")</scr</script>ipt>',
  '<iframe srcdoc="<script>alert(`xss-13`)</script>">',
  '\ufeff<script>alert("xss-14")</script>',
];

const EMBED_OPEN = '<script type="application/json" id="wishes-initial">';

/** The embedded element's raw text (up to the first case-insensitive "</script"), and the page without it. */
function splitEmbedded(html: string): { raw: string; rest: string } | null {
  const start = html.indexOf(EMBED_OPEN);
  if (start === -1) return null;
  const from = start + EMBED_OPEN.length;
  const end = html.toLowerCase().indexOf('</script', from);
  if (end === -1) return null;
  const close = html.indexOf('>', end) + 1;
  return { raw: html.slice(from, end), rest: html.slice(0, start) + html.slice(close) };
}

/** What must hold for any embedded text: nothing that ends or comments out the element, parses back. */
function embeddedProblems(raw: string): string[] {
  const problems: string[] = [];
  if (/<\/script/i.test(raw)) problems.push('contains </script');
  if (raw.includes('<!--')) problems.push('contains <!--');
  if (/<script/i.test(raw)) problems.push('contains <script');
  if (/[\u2028\u2029]/.test(raw)) problems.push('contains a raw U+2028/U+2029');
  try {
    JSON.parse(raw);
  } catch {
    problems.push('is not JSON');
  }
  return problems;
}

describe('serializeForScript (property)', () => {
  const dangerous = fc.constantFrom('</script>', '</SCRIPT', '<script', '<!--', '-->', '\u2028', '\u2029', '&', '<', '>', '"', '\\', '/', '<\\/', ']]>', 'a', ' ');
  const text = fc.oneof(fc.array(dangerous, { maxLength: 20 }).map((parts) => parts.join('')), fc.string({ unit: 'grapheme', maxLength: 60 }));
  const value = fc.oneof(text, fc.dictionary(text, text, { maxKeys: 4 }), fc.array(text, { maxLength: 4 }));

  it('never lets a string close, comment out or break the script element, and round-trips exactly', () => {
    fc.assert(
      fc.property(value, (v) => {
        const out = serializeForScript(v);
        expect(embeddedProblems(out)).toEqual([]);
        expect(JSON.parse(out)).toEqual(v);
        const split = splitEmbedded(renderPage(TEMPLATE, { preloadScripts: [], preloadFetches: [], embedded: { path: '/feed', feed: { wishes: [], page_number: 1, next_page_number: null, hasMore: false, x: v } as never } }));
        expect(split).not.toBeNull();
        expect(JSON.parse(split!.raw).feed.x).toEqual(v);
      }),
      { seed: 20260422, numRuns: 500 },
    );
  });
});

describe.each(dialects)('stored XSS payloads (%s)', (dialect) => {
  let site: string;
  let t: TestContext;
  let author: TestUser;
  let viewer: TestUser;
  const ids = new Map<number, string>();

  beforeAll(async () => {
    site = makeFakeSite();
    t = await withSiteRoot(site, () => createTestApp(dialect));
    author = await t.createUser({ first_name: '</script><script>alert("name")</script>', last_name: '<!--\u2028<img src=x onerror=alert(1)>' });
    viewer = await t.createUser();
    for (const payload of PAYLOADS) ids.set(await t.saveWish(author, payload, true), payload);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(site, { recursive: true, force: true });
  });

  it('stores wish text and names verbatim and returns them as JSON', async () => {
    for (const [id, payload] of ids) {
      const res = await t.request({ url: `/api/base/wish/${id}/` });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const { wish } = res.json();
      expect(wish.text).toBe(payload.trim());
      expect(wish.user.first_name).toBe(author.first_name);
      expect(wish.user.last_name).toBe(author.last_name);
    }
  });

  it('echoes a search term with a payload verbatim in JSON', async () => {
    for (const query of ['<script>alert("q")</script>', '</script><!--', '\u2028"xss"']) {
      const res = await t.request({ method: 'POST', url: '/api/base/search/', payload: { query } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().query).toBe(query.trim());
    }
  });

  it.each(['/feed', '/user/:author'])('the page %s embeds the payloads without breaking out of the script element', async (pattern) => {
    const url = pattern.replace(':author', String(author.id));
    for (const token of [undefined, viewer.access, author.access]) {
      const res = await t.request({ url, token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      // Defence in depth: no inline script may run even if markup got through.
      const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
      expect(scriptSrc).toMatch(/'self'/);
      expect(scriptSrc).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
      const split = splitEmbedded(res.body);
      expect(split).not.toBeNull();
      expect(embeddedProblems(split!.raw)).toEqual([]);
      // Outside the element: the template's own script tag plus other JSON data elements (manifest,
      // options), each just as closed and clean; no payload anywhere.
      const others = [...split!.rest.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script/gi)];
      // The one inline script, on /feed only: the first paint's early-tap holder, a constant (allowed by its hash).
      const code = others.filter(([, attrs]) => !/type="application\/json"/.test(attrs)).map(([, attrs, raw]) => (attrs.trim() || raw));
      expect(code).toEqual(pattern === '/feed' ? [EARLY_TAP_SCRIPT, 'defer src=main.js'] : ['defer src=main.js']);
      expect(scriptSrc.split(/\s+/).filter((source) => source.startsWith("'sha256-"))).toEqual([EARLY_TAP_SOURCE]);
      for (const [, attrs, raw] of others) if (/type="application\/json"/.test(attrs)) expect(raw ? embeddedProblems(raw) : []).toEqual([]);
      // /feed also draws its first page as HTML (the first paint, @wishes/kit-ui/firstPaint): there
      // every payload is escaped text. Only the card's own elements, no comment, no script.
      const firstPaint = /<div id="first-paint"[\s\S]*<\/ul><\/div><\/div>/.exec(split!.rest)?.[0] ?? '';
      if (pattern === '/feed') expect(firstPaint).toMatch(/alert/);
      const drawnTags = new Set([...firstPaint.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)/g)].map((match) => match[1].toLowerCase()));
      expect([...drawnTags].filter((tag) => !FIRST_PAINT_TAGS.has(tag))).toEqual([]);
      expect(firstPaint).not.toMatch(/<!--|<script|<img/i);
      // The title and the preview's meta values hold user text as escaped plain text: no markup
      // survives in them (no < or > at all, no quote that could end the attribute).
      const title = /<title>([^<]*)<\/title>/.exec(split!.rest)?.[0] ?? '';
      const metas = [...split!.rest.matchAll(/<meta (?:property|name)="[^"]*" content="([^"<>]*)">/g)].map((m) => m[0]);
      let outside = split!.rest.replace(firstPaint, '').replace(title, '');
      for (const meta of metas) outside = outside.replace(meta, '');
      expect(outside).not.toMatch(/alert|onerror|<!--/);
      // Inside, the data is the stored text, byte for byte.
      const data = JSON.parse(split!.raw);
      const wishes: Array<{ id: number; text: string; author: string }> = data.feed?.wishes ?? data.profile?.wishes?.wishes;
      expect(wishes.length).toBeGreaterThan(0);
      for (const wish of wishes) {
        expect(wish.text).toBe(ids.get(wish.id)!.trim());
        expect(wish.author).toBe(`${author.first_name} ${author.last_name}`);
      }
      if (data.profile) expect(data.profile.profile.first_name).toBe(author.first_name);
    }
  });
});
