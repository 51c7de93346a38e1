/**
 * Front-end benchmark against the production build served by the real server (loopback only):
 * - JS weight: each route loaded in a fresh headless Chromium context; every JavaScript response
 *   (shell, shared singletons, remote entries, exposed modules, chunks) is gzip-compressed at
 *   level 9 (what a precompressed asset costs on the wire) and summed;
 * - cold /feed: fresh context (empty cache), time from navigation start to the first wish card in
 *   the DOM, LCP, and the request waterfall: each request's depth in its initiator chain (the
 *   document is 1; a file requested by a script is one more than that script) — the round trips
 *   before the first card is the deepest request finished before the card appeared;
 * - Lighthouse (mobile preset, its default simulated throttling) performance score on /feed.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type CDPSession } from 'playwright-core';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const CARD = 'article.feed-card';

export interface JsWeight {
  route: string;
  files: Array<{ url: string; raw: number; gzip: number }>;
  rawTotal: number;
  gzipTotal: number;
  signedIn: boolean;
}

export interface ColdLoad {
  firstCardMs: number;
  lcpMs: number | null;
  /** Longest chain of requests each started after the previous one finished, before the first card. */
  roundTripsBeforeFirstCard: number;
  /** Deepest initiator chain (document = 1) among those requests. */
  initiatorDepthBeforeFirstCard: number;
  requestsBeforeFirstCard: number;
  waterfall: Array<{ url: string; depth: number; startMs: number; endMs: number | null; type: string }>;
}

export interface LighthouseResult {
  score: number | null;
  metrics?: Record<string, number | undefined>;
  error?: string;
}

async function newPage(browser: Browser, session?: { access: string; username: string }) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
  if (session) {
    await context.addInitScript(
      `localStorage.setItem('access_token', ${JSON.stringify(session.access)});` +
        `localStorage.setItem('refresh_token', ${JSON.stringify(session.access)});` +
        `localStorage.setItem('username', ${JSON.stringify(session.username)});`,
    );
  }
  // First card and LCP, recorded by the page itself (performance.now() is relative to navigation
  // start). A string, not a function: tsx would add helpers to a function that the page lacks.
  await context.addInitScript(`(() => {
    const b = (window.__bench = { firstCard: null, lcp: null });
    new PerformanceObserver((list) => { for (const e of list.getEntries()) b.lcp = e.startTime; })
      .observe({ type: 'largest-contentful-paint', buffered: true });
    const check = () => { if (b.firstCard === null && document.querySelector(${JSON.stringify(CARD)})) b.firstCard = performance.now(); };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  })();`);
  const page = await context.newPage();
  return { context, page };
}

export async function measureJsWeight(browser: Browser, origin: string, route: string, session?: { access: string; username: string }): Promise<JsWeight> {
  const { context, page } = await newPage(browser, session);
  const files: JsWeight['files'] = [];
  const pending: Promise<void>[] = [];
  let lastScriptAt = Date.now();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const url = response.url();
    if (type !== 'script' && !/\.m?js(\?|$)/.test(url)) return;
    lastScriptAt = Date.now();
    pending.push(
      response
        .body()
        .then((body) => {
          files.push({ url: url.replace(origin, ''), raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
        })
        .catch(() => undefined),
    );
  });
  // Not 'networkidle': a signed-in page keeps the unread-count stream open for as long as it is
  // shown, so the network is never idle. The page's scripts are done once none has arrived for a
  // second after the load event (at most 15 s).
  await page.goto(origin + route, { waitUntil: 'load' });
  const deadline = Date.now() + 15_000;
  while (Date.now() - lastScriptAt < 1000 && Date.now() < deadline) await page.waitForTimeout(200);
  await Promise.all(pending);
  await context.close();
  files.sort((a, b) => b.gzip - a.gzip);
  return {
    route,
    files,
    rawTotal: files.reduce((s, f) => s + f.raw, 0),
    gzipTotal: files.reduce((s, f) => s + f.gzip, 0),
    signedIn: Boolean(session),
  };
}

export async function measureColdFeed(browser: Browser, origin: string): Promise<ColdLoad> {
  const { context, page } = await newPage(browser);
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map<string, { url: string; parent: string | null; start: number; end: number | null; type: string }>();
  const byUrl = new Map<string, string>();
  let t0 = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (requests.size === 0) t0 = e.timestamp;
    const initiator = e.initiator as { type: string; url?: string; stack?: { callFrames: Array<{ url: string }>; parent?: unknown } };
    let parent: string | null = null;
    if (initiator.stack) {
      // The innermost frame with a URL is the script that asked for this file.
      let stack: { callFrames: Array<{ url: string }>; parent?: unknown } | undefined = initiator.stack;
      while (stack && !parent) {
        parent = stack.callFrames.find((f) => f.url)?.url ?? null;
        stack = stack.parent as typeof stack;
      }
    }
    if (!parent && initiator.url) parent = initiator.url;
    requests.set(e.requestId, { url: e.request.url, parent, start: (e.timestamp - t0) * 1000, end: null, type: String(e.type ?? '') });
    if (!byUrl.has(e.request.url)) byUrl.set(e.request.url, e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.end = (e.timestamp - t0) * 1000;
  });
  await page.goto(origin + '/feed', { waitUntil: 'domcontentloaded' });
  await page.waitForSelector(CARD, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const marks = (await page.evaluate(() => (window as unknown as { __bench: { firstCard: number | null; lcp: number | null } }).__bench)) ?? { firstCard: null, lcp: null };
  await context.close();

  const depthOf = new Map<string, number>();
  const depth = (id: string, seen = new Set<string>()): number => {
    if (depthOf.has(id)) return depthOf.get(id)!;
    const r = requests.get(id)!;
    let d = 1;
    if (r.parent && r.parent !== r.url && !seen.has(id)) {
      seen.add(id);
      const parentId = byUrl.get(r.parent.split('#')[0]);
      // The document itself is depth 1; anything the HTML asks for directly is depth 2.
      d = parentId ? depth(parentId, seen) + 1 : 2;
    }
    depthOf.set(id, d);
    return d;
  };
  const firstCard = marks.firstCard ?? Number.NaN;
  const waterfall = [...requests.entries()]
    .map(([id, r]) => ({ url: r.url.replace(origin, ''), depth: depth(id), startMs: Math.round(r.start), endMs: r.end === null ? null : Math.round(r.end), type: r.type }))
    .sort((a, b) => a.startMs - b.startMs);
  const before = waterfall.filter((r) => r.endMs !== null && r.endMs <= firstCard);
  // Round trips: the longest chain of requests each started only after the previous one finished
  // (it catches waits through script execution too, which the initiator chain does not show).
  const chain = new Map<(typeof before)[number], number>();
  for (const r of [...before].sort((a, b) => a.startMs - b.startMs)) {
    let longest = 0;
    for (const [q, n] of chain) if (q.endMs !== null && q.endMs <= r.startMs) longest = Math.max(longest, n);
    chain.set(r, longest + 1);
  }
  return {
    firstCardMs: Math.round(firstCard),
    lcpMs: marks.lcp === null ? null : Math.round(marks.lcp),
    roundTripsBeforeFirstCard: Math.max(0, ...chain.values()),
    initiatorDepthBeforeFirstCard: before.reduce((m, r) => Math.max(m, r.depth), 0),
    requestsBeforeFirstCard: before.length,
    waterfall,
  };
}

export async function runLighthouse(url: string): Promise<LighthouseResult> {
  let chrome: { port: number; kill: () => Promise<void> | void } | undefined;
  try {
    const { launch } = (await import('chrome-launcher')) as unknown as { launch: (o: Record<string, unknown>) => Promise<{ port: number; kill: () => Promise<void> }> };
    const lighthouseModule = (await import('lighthouse')) as unknown as { default: (url: string, flags: Record<string, unknown>) => Promise<{ lhr: LhReport } | undefined> };
    chrome = await launch({ chromePath: CHROMIUM, chromeFlags: [...CHROMIUM_ARGS, '--headless=new'] });
    const result = await lighthouseModule.default(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const lhr = result?.lhr;
    if (!lhr) return { score: null, error: 'Lighthouse returned no report' };
    const audit = (id: string) => lhr.audits[id]?.numericValue;
    const score = lhr.categories.performance?.score;
    if (lhr.runtimeError) return { score: null, error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
    return {
      score: typeof score === 'number' ? Math.round(score * 100) : null,
      metrics: {
        fcpMs: audit('first-contentful-paint'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        speedIndexMs: audit('speed-index'),
      },
    };
  } catch (error) {
    return { score: null, error: error instanceof Error ? error.message : String(error) };
  } finally {
    if (chrome) await chrome.kill();
  }
}

interface LhReport {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
  runtimeError?: { code: string; message: string };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

