/**
 * Cold-load budget of /feed in a real browser (`npm run bench:coldload`).
 *
 * The production build (built first when stale) served by the production server
 * (the compiled `server/dist/main.js`, rebuilt when stale, NODE_ENV=production, a fresh SQLite database with the demo data) on
 * 127.0.0.1, and the system Chromium driven through Playwright and the DevTools protocol. Each run
 * is a fresh browser context with the HTTP cache disabled; the figure is the time from navigation
 * start to the first wish card (`article.feed-card`) in the DOM, recorded by the page itself. Since
 * the server draws the feed's first page in the HTML (the first paint, @wishes/kit-ui/firstPaint),
 * that card comes with the HTML; the table also reports when the live card (mf-feed's WishCard,
 * vote buttons working) replaced it, so the cost of the scripts stays in view.
 *
 * Two profiles, each a discarded warm-up load then `--runs` measured loads (median reported):
 * - unthrottled: loopback, no CPU slowdown — budget 0.6 s;
 * - slow 4G + 4x CPU: Chromium's own emulation, `Network.emulateNetworkConditions` with DevTools'
 *   "Slow 4G" preset (562.5 ms latency, 1.6 Mbit/s down, 750 kbit/s up) and
 *   `Emulation.setCPUThrottlingRate` 4 — budget 2.0 s.
 *
 * Prints a table, the load average before and after (the machine is shared), and writes
 * bench-results/cold-load.json. Exit status 1 when a budget is missed (`--no-fail` to report only).
 * Options: --runs=N (default 5), --skip-build, --port=N, --origin=URL (measure a server already
 * running there instead of starting one), --profile=TEXT (only the profiles whose name has it,
 * e.g. --profile=4G), --waterfall (print every request of each
 * profile's median live-card run: start, first byte, end, ms from navigation start; also in the JSON).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './run';

/** A new page of `context` with the HTTP cache off and `profile`'s network and CPU throttling (DevTools' own emulation). */
export async function throttledPage(context: BrowserContext, profile: Profile) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  if (profile.cpuRate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuRate });
  return { page, cdp };
}

const ROOT = path.resolve(__dirname, '..', '..');
const CARD = 'article.feed-card';
/**
 * The live card (mf-feed's WishCard, its vote buttons working), after the server's first paint. The
 * drawn card's arrows are buttons too (a press is held for the live card: @wishes/kit-ui/earlyTap),
 * marked data-early-tap.
 */
const LIVE_CARD = 'article.feed-card .feed-vote button:not([data-early-tap])';

export interface Profile {
  name: string;
  budgetMs: number;
  network: { latency: number; downloadThroughput: number; uploadThroughput: number } | null;
  cpuRate: number;
}

/** DevTools' "Slow 4G" preset (what Chromium's Network panel applies), in bytes per second. */
export const SLOW_4G = { latency: 562.5, downloadThroughput: (1.6 * 1000 * 1000) / 8 * 0.9, uploadThroughput: (750 * 1000) / 8 * 0.9 };

export const PROFILES: Profile[] = [
  { name: 'unthrottled', budgetMs: 600, network: null, cpuRate: 1 },
  { name: 'slow 4G + 4x CPU', budgetMs: 2000, network: SLOW_4G, cpuRate: 4 },
];

export interface Run {
  firstCardMs: number;
  /** When the live, interactive card replaced the server's first paint. */
  liveCardMs: number;
  /** Cumulative layout shift from navigation to 1 s after the live card (shifts after input excluded). */
  cls: number;
  /** Requests finished before the first card, and their bytes on the wire. */
  requests: number;
  encodedBytes: number;
  /** With --waterfall: every request of the load, ms from navigation start. */
  waterfall?: WaterfallEntry[];
}

export interface WaterfallEntry {
  url: string;
  type: string;
  /** What started it: 'parser' (the HTML, a preload link), 'script', 'other'. */
  initiator: string;
  startMs: number;
  /** First byte of the response, and the end of the download (null: never finished). */
  responseMs: number | null;
  endMs: number | null;
  encodedBytes: number;
  /** Chromium's priority for it (VeryHigh … VeryLow). */
  priority: string;
  /** The connection it went over (HTTP/1.1: Chromium opens at most 6 per host; a request waits for a free one). */
  connection: number | null;
}

const arg = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const flag = (name: string): boolean => process.argv.includes(`--${name}`);

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function startProductionServer(port: number): Promise<{ child: ChildProcess; dataDir: string; origin: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-coldload-'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const serverBuild = require(path.join(ROOT, 'server', 'scripts', 'build.js')) as { buildServer: (o?: { quiet?: boolean }) => void; serverBuildStale: () => boolean; SERVER_DIST: string };
  if (serverBuild.serverBuildStale()) serverBuild.buildServer({ quiet: true });
  const child = spawn(process.execPath, [path.join(serverBuild.SERVER_DIST, 'main.js')], {
    cwd: path.join(ROOT, 'server'),
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true', MAIL_TRANSPORT: 'outbox', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${origin}/readyz`);
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('server not ready within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, dataDir, origin };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** One cold load of /feed under `profile`. */
export async function coldLoad(browser: Browser, origin: string, profile: Profile, withWaterfall = false, session?: { access: string; username: string }, viewport = { width: 412, height: 823 }): Promise<Run> {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  // A member (their tokens in local storage before the first script): the page draws the All / Following switch.
  if (session) {
    await context.addInitScript(
      `localStorage.setItem('access_token', ${JSON.stringify(session.access)});` +
        `localStorage.setItem('refresh_token', ${JSON.stringify(session.access)});` +
        `localStorage.setItem('username', ${JSON.stringify(session.username)});`,
    );
  }
  // Recorded by the page (performance.now() counts from navigation start). A string, not a
  // function: tsx would add helpers the page lacks.
  await context.addInitScript(`(() => {
    const b = (window.__coldLoad = { firstCard: null, liveCard: null, cls: 0 });
    new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) b.cls += e.value; })
      .observe({ type: 'layout-shift', buffered: true });
    const check = () => {
      if (b.firstCard === null && document.querySelector(${JSON.stringify(CARD)})) b.firstCard = performance.now();
      if (b.liveCard === null && document.querySelector(${JSON.stringify(LIVE_CARD)})) b.liveCard = performance.now();
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  })();`);
  const { page, cdp } = await throttledPage(context, profile);
  const finished: Array<{ at: number; bytes: number }> = [];
  const requests = new Map<string, { url: string; type: string; initiator: string; priority: string; start: number; response: number | null; end: number | null; bytes: number; connection: number | null }>();
  cdp.on('Network.loadingFinished', (event) => {
    finished.push({ at: event.timestamp, bytes: event.encodedDataLength });
    const request = requests.get(event.requestId);
    if (request) Object.assign(request, { end: event.timestamp, bytes: event.encodedDataLength });
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    if (request) Object.assign(request, { response: event.timestamp, connection: event.response.connectionId ?? null });
  });
  let navigationStart = 0;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (!navigationStart) navigationStart = event.timestamp;
    requests.set(event.requestId, { url: event.request.url, type: event.type ?? '', initiator: event.initiator.type, priority: event.request.initialPriority, start: event.timestamp, response: null, end: null, bytes: 0, connection: null });
  });
  await page.goto(`${origin}/feed`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
  // Waits for the page's own record (a cheap check every 100 ms), not page.waitForSelector: that
  // polls the selector on every animation frame inside the page, and at 4x CPU its queries took
  // ~70 ms of the main thread the page was loading on (CPU profile of a throttled load).
  // A function, not a string: the site's CSP refuses eval.
  await page.waitForFunction(() => (window as unknown as { __coldLoad: { liveCard: number | null } }).__coldLoad.liveCard !== null, undefined, { timeout: 60_000, polling: 100 });
  // The first load's shifts include the drawn cards past the first few turning live just after.
  await page.waitForTimeout(1000);
  const { firstCard, liveCard, cls } = await page.evaluate(() => (window as unknown as { __coldLoad: { firstCard: number | null; liveCard: number | null; cls: number } }).__coldLoad);
  await context.close();
  if (firstCard === null || liveCard === null) throw new Error('the first card was not recorded');
  const cardAt = navigationStart + firstCard / 1000;
  const before = finished.filter((entry) => entry.at <= cardAt);
  const ms = (at: number | null) => (at === null ? null : Math.round((at - navigationStart) * 1000));
  const waterfall = withWaterfall
    ? [...requests.values()].map((r) => ({ url: r.url.replace(origin, ''), type: r.type, initiator: r.initiator, priority: r.priority, startMs: ms(r.start) ?? 0, responseMs: ms(r.response), endMs: ms(r.end), encodedBytes: r.bytes, connection: r.connection }))
    : undefined;
  return { firstCardMs: Math.round(firstCard), liveCardMs: Math.round(liveCard), cls: Math.round(cls * 10_000) / 10_000, requests: before.length, encodedBytes: before.reduce((sum, entry) => sum + entry.bytes, 0), waterfall };
}

/** The waterfall of one load as text: start, first byte and end of each request, by start. */
export function formatWaterfall(run: Run): string {
  const rows = [...(run.waterfall ?? [])].sort((a, b) => a.startMs - b.startMs);
  const pad = (value: number | null, width = 6) => String(value ?? '-').padStart(width);
  return [
    `live card at ${run.liveCardMs} ms; first card at ${run.firstCardMs} ms`,
    `${'start'.padStart(6)} ${'TTFB'.padStart(6)} ${'end'.padStart(6)} ${'KB'.padStart(6)} ${'conn'.padStart(5)}  initiator  priority  url`,
    ...rows.map((r) => `${pad(r.startMs)} ${pad(r.responseMs)} ${pad(r.endMs)} ${(r.encodedBytes / 1024).toFixed(1).padStart(6)} ${pad(r.connection, 5)}  ${r.initiator.padEnd(9)}  ${r.priority.padEnd(8)}  ${r.url.length > 90 ? `${r.url.slice(0, 87)}...` : r.url}`),
  ].join('\n');
}

async function main(): Promise<void> {
  const runs = Number(arg('runs') ?? 5);
  if (!flag('skip-build')) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { buildSite } = require(path.join(ROOT, 'scripts', 'build-site.js')) as { buildSite: (o: Record<string, unknown>) => { built: string[] } };
    const build = buildSite({ log: (line: string) => console.log(`  ${line}`) });
    console.log(`build: ${build.built.join(', ') || 'everything up to date'}`);
  }
  const loadBefore = os.loadavg();
  // --origin: a server already running (e.g. while iterating on the build); nothing is started or stopped.
  const external = arg('origin');
  const server = external ? { child: null, dataDir: null, origin: external.replace(/\/+$/, '') } : await startProductionServer(Number(arg('port') ?? (await freePort())));
  const results: Array<{ profile: Profile; runs: Run[]; medianMs: number; pass: boolean }> = [];
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    try {
      for (const profile of PROFILES.filter((p) => !arg('profile') || p.name.includes(arg('profile') ?? ''))) {
        await coldLoad(browser, server.origin, profile); // warm-up: the server's first render, the OS file cache
        const measured: Run[] = [];
        for (let i = 0; i < runs; i++) measured.push(await coldLoad(browser, server.origin, profile, flag('waterfall')));
        const medianMs = median(measured.map((run) => run.firstCardMs));
        results.push({ profile, runs: measured, medianMs, pass: medianMs <= profile.budgetMs });
        if (flag('waterfall')) {
          const middle = [...measured].sort((a, b) => a.liveCardMs - b.liveCardMs)[Math.floor(measured.length / 2)];
          console.log(`\n${profile.name}, waterfall of the median live-card run:\n${formatWaterfall(middle)}\n`);
        }
        console.log(`${profile.name}: first card ${measured.map((run) => run.firstCardMs).join(', ')} ms → median ${medianMs} ms (budget ${profile.budgetMs} ms); live card median ${median(measured.map((run) => run.liveCardMs))} ms; CLS ${measured.map((run) => run.cls).join(', ')}`);
      }
    } finally {
      await browser.close();
    }
  } finally {
    if (server.child) await stop(server.child);
    if (server.dataDir) rmSync(server.dataDir, { recursive: true, force: true });
  }
  const loadAfter = os.loadavg();
  const fmtLoad = (load: number[]) => load.map((value) => value.toFixed(2)).join(' / ');
  const lines = [
    `Cold /feed, first wish card, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores, Node ${process.version}`,
    `load average (1/5/15 min) before ${fmtLoad(loadBefore)}, after ${fmtLoad(loadAfter)}`,
    '',
    `| Profile | first card, runs (ms) | median | budget | requests / KB before the card (median run) | | live card median |`,
    '|---|---|---:|---:|---|---|---:|',
    ...results.map(({ profile, runs: measured, medianMs, pass }) => {
      const middle = [...measured].sort((a, b) => a.firstCardMs - b.firstCardMs)[Math.floor(measured.length / 2)];
      return `| ${profile.name} | ${measured.map((run) => run.firstCardMs).join(', ')} | ${medianMs} ms | ≤ ${profile.budgetMs} ms | ${middle.requests} / ${(middle.encodedBytes / 1024).toFixed(1)} KB | ${pass ? 'PASS' : 'FAIL'} | ${median(measured.map((run) => run.liveCardMs))} ms |`;
    }),
  ];
  console.log(`\n${lines.join('\n')}`);
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'bench-results', 'cold-load.json'),
    `${JSON.stringify({ at: new Date().toISOString(), loadBefore, loadAfter, cores: os.cpus().length, results }, null, 2)}\n`,
  );
  if (!flag('no-fail') && results.some((result) => !result.pass)) process.exitCode = 1;
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
