/**
 * The recipient's group board (`/w/{token}`, the server's own HTML with its messages and
 * /static/w.js) loaded cold in the system Chromium under a throttling profile (cold-load.ts
 * PROFILES): its Largest Contentful Paint, recorded by the page itself from navigation start, and
 * every JavaScript response of the load gzip'ed at level 9 and summed (as run.ts measureJsWeight).
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { throttledPage, type Profile } from './cold-load';

export interface BoardLoad {
  lcpMs: number | null;
  /** The page's scripts, gzip -9, summed (bytes), and how many. */
  jsGzip: number;
  scripts: number;
  /** The HTML document's bytes on the wire (the server sends it uncompressed to a client without Accept-Encoding; Chromium asks for gzip). */
  documentBytes: number;
}

/** One cold load of `origin + path` (the board) under `profile`. */
export async function boardLoad(browser: Browser, origin: string, path: string, profile: Profile): Promise<BoardLoad> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
  // A string, not a function: tsx would add helpers the page lacks.
  await context.addInitScript(`(() => {
    const b = (window.__board = { lcp: null });
    new PerformanceObserver((list) => { for (const e of list.getEntries()) b.lcp = e.startTime; })
      .observe({ type: 'largest-contentful-paint', buffered: true });
  })();`);
  const { page, cdp } = await throttledPage(context, profile);
  const scripts: Promise<number>[] = [];
  let documentBytes = 0;
  let documentId: string | null = null;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (documentId === null && event.type === 'Document') documentId = event.requestId;
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (event.requestId === documentId) documentBytes = event.encodedDataLength;
  });
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' && !/\.m?js(\?|$)/.test(response.url())) return;
    scripts.push(
      response
        .body()
        .then((body) => gzipSync(body, { level: 9 }).length)
        .catch(() => 0),
    );
  });
  await page.goto(origin + path, { waitUntil: 'load', timeout: 60_000 });
  // LCP is final once the page has had a moment with nothing new to paint.
  await page.waitForTimeout(1000);
  const lcp = await page.evaluate(() => (window as unknown as { __board: { lcp: number | null } }).__board.lcp);
  const sizes = await Promise.all(scripts);
  await context.close();
  return { lcpMs: lcp === null ? null : Math.round(lcp), jsGzip: sizes.reduce((sum, n) => sum + n, 0), scripts: sizes.length, documentBytes };
}
