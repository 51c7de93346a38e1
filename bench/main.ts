/**
 * `npm run bench`: generates the data set, loads it into a fresh SQLite file and a fresh
 * PostgreSQL database, runs the API benchmark on each, builds the site and runs the front-end
 * benchmark, then prints one table with every figure and its target and writes
 * bench-results/latest.json. Options: see bench/README.md.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, freemem, tmpdir, totalmem } from 'node:os';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { FULL_SIZE, MEGA_VOTES, generate, type DataSize } from './lib/data';
import { createPostgresDatabase, dropPostgresDatabase, loadPostgres, loadSqlite } from './lib/load';
import { SEEDED_GROUP, runApiBench, seedGroup, startServer, stopServer, type EndpointResult } from './api/run';
import { boardLoad, type BoardLoad } from './web/board';
import { launchBrowser, measureColdFeed, measureJsWeight, runLighthouse, type ColdLoad, type JsWeight, type LighthouseResult } from './web/run';
import { coldLoad, PROFILES, type Run as ThrottledRun } from './web/cold-load';

const ROOT = path.resolve(__dirname, '..');
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => {
  const hit = args.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : undefined;
};

const DURATION = Number(option('duration') ?? 6);
const WARMUP = Number(option('warmup') ?? 1.5);
const CONNECTIONS = Number(option('connections') ?? 10);
const SCALE = Number(option('scale') ?? 1);
const ONLY = option('only')?.split(',');
/** The front end's parts to measure (default all): leaving some out shortens a run aimed at one row; `board` alone needs no site build. */
const WEB_PARTS = new Set(option('web-parts')?.split(',') ?? ['weights', 'cold', 'throttled', 'lighthouse', 'board']);
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The throwaway database (created, loaded, dropped): BENCH_PG_DB, so two runs on one server need not clash. */
const PG_DB = process.env.BENCH_PG_DB ?? 'wishes_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(PG_DB)) throw new Error(`BENCH_PG_DB must be a plain lower-case identifier (got "${PG_DB}")`);

const log = (line = '') => console.log(line);

interface WebResult {
  weights: JsWeight[];
  cold: ColdLoad[];
  /** Slow 4G + 4x CPU, cold: a visitor's loads at 412 px and a member's (the All / Following switch). */
  throttled: { visitor: ThrottledRun[]; member: ThrottledRun[] };
  /** Null when left out (`--web-parts`). */
  lighthouse: LighthouseResult | null;
  /** The recipient's group board (/w/{token}, SEEDED_GROUP's messages), slow 4G + 4x CPU, cold. */
  board: BoardLoad[];
}

interface TargetRow {
  name: string;
  value: string;
  target: string;
  pass: boolean | null;
}

function machine() {
  let model = cpus()[0]?.model ?? 'unknown';
  try {
    model = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? model;
  } catch {
    /* not Linux */
  }
  return { nproc: cpus().length, memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10, freeMemoryGiB: Math.round((freemem() / 2 ** 30) * 10) / 10, cpu: model, node: process.version, platform: `${process.platform} ${process.arch}` };
}

async function postgresReachable(): Promise<boolean> {
  const client = new Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Collects a load's steps for the log line and the JSON timings (`<prefix>:<step>` in ms). */
function loadStep(prefix: string, steps: string[], timings: Record<string, number>) {
  return (step: string, ms: number) => {
    steps.push(`${step} ${(ms / 1000).toFixed(1)} s`);
    timings[`${prefix}:${step}`] = Math.round(ms);
  };
}

/** This process's memory now and at its peak (the generated data set lives here, and the SQLite load runs here). */
function memory() {
  const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
  const { heapUsed, rss } = process.memoryUsage();
  return `heap ${mib(heapUsed)} MiB, RSS ${mib(rss)} MiB, peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MiB`;
}

const fmtMs = (ms: number | null | undefined) => (ms === null || ms === undefined || Number.isNaN(ms) ? 'n/a' : `${Math.round(ms)} ms`);
const fmtKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const started = Date.now();
  const size: DataSize = {
    users: Math.round(FULL_SIZE.users * SCALE),
    wishes: Math.round(FULL_SIZE.wishes * SCALE),
    votes: Math.round(FULL_SIZE.votes * SCALE),
    follows: Math.round(FULL_SIZE.follows * SCALE),
  };
  const info = machine();
  log(`Wishes benchmark on ${info.nproc} × ${info.cpu}, ${info.memoryGiB} GiB, Node ${info.node}`);
  log(`Data: ${size.users} users, ${size.wishes} wishes, ${size.votes} votes, ${size.follows} follows (+ a wish with ${MEGA_VOTES} more votes from as many extra users); autocannon ${CONNECTIONS} connections, ${DURATION} s per endpoint (+${WARMUP} s warm-up), loopback only`);

  const result: Record<string, unknown> = { date: new Date().toISOString(), machine: info, size, autocannon: { connections: CONNECTIONS, durationSeconds: DURATION, warmupSeconds: WARMUP } };
  const workDir = mkdtempSync(path.join(tmpdir(), 'wishes-bench-data-'));
  const sqliteFile = path.join(workDir, 'wishes.db');
  const api: Record<string, EndpointResult[]> = {};
  const timings: Record<string, number> = {};
  let web: WebResult | null = null;
  let pgCreated = false;

  try {
    let t = Date.now();
    const data = generate(size);
    timings.generateMs = Date.now() - t;
    log(`\nGenerated in ${(timings.generateMs / 1000).toFixed(1)} s (${memory()})`);

    if (!flag('skip-api')) {
      t = Date.now();
      const steps: string[] = [];
      await loadSqlite(sqliteFile, data, loadStep('loadSqlite', steps, timings));
      timings.loadSqliteMs = Date.now() - t;
      log(`SQLite loaded in ${(timings.loadSqliteMs / 1000).toFixed(1)} s (${sqliteFile}; ${memory()})\n  ${steps.join(', ')}`);
      log('\nAPI on SQLite');
      api.sqlite = await runApiBench({ databaseUrl: `sqlite:${sqliteFile}`, data, durationSeconds: DURATION, warmupSeconds: WARMUP, connections: CONNECTIONS, only: ONLY, paired: !flag('unpaired'), scale: SCALE, log });

      if (flag('skip-postgres')) {
        log('\nPostgreSQL skipped (--skip-postgres)');
      } else if (!(await postgresReachable())) {
        log(`\nPostgreSQL not reachable at ${PG_ADMIN_URL.replace(/\/\/[^@]*@/, '//')}: skipped (set BENCH_PG_URL)`);
      } else {
        t = Date.now();
        const url = await createPostgresDatabase(PG_ADMIN_URL, PG_DB);
        pgCreated = true;
        const steps: string[] = [];
        await loadPostgres(url, data, loadStep('loadPostgres', steps, timings));
        timings.loadPostgresMs = Date.now() - t;
        log(`\nPostgreSQL loaded in ${(timings.loadPostgresMs / 1000).toFixed(1)} s (database ${PG_DB}; ${memory()})\n  ${steps.join(', ')}`);
        log('API on PostgreSQL');
        api.postgres = await runApiBench({ databaseUrl: url, data, durationSeconds: DURATION, warmupSeconds: WARMUP, connections: CONNECTIONS, only: ONLY, paired: !flag('unpaired'), scale: SCALE, log });
        // --keep-postgres: left for a profile by hand (psql, pgbench); the next run with this name replaces it.
        if (!flag('keep-postgres')) await dropPostgresDatabase(PG_ADMIN_URL, PG_DB);
        else log(`  kept database ${PG_DB} (--keep-postgres)`);
        pgCreated = false;
      }
    }
    result.api = api;

    if (!flag('skip-web')) {
      // The /feed parts need the site's production build; the board's page is the server's own.
      const feedPart = ['weights', 'cold', 'throttled', 'lighthouse'].some((part) => WEB_PARTS.has(part));
      if (feedPart) {
        t = Date.now();
        log('\nFront end: production build (apps whose dist is missing or stale; --rebuild forces all)');
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { buildSite } = require(path.join(ROOT, 'scripts', 'build-site.js')) as { buildSite: (o: Record<string, unknown>) => { built: string[]; skipped: string[] } };
        const build = buildSite({ force: flag('rebuild'), log: (line: string) => log(`  ${line}`) });
        timings.buildMs = Date.now() - t;
        log(`  built: ${build.built.join(', ') || 'none'}; up to date: ${build.skipped.join(', ') || 'none'} (${(timings.buildMs / 1000).toFixed(0)} s)`);
      } else log(`\nFront end: ${[...WEB_PARTS].join(', ')} only (--web-parts)`);

      if (!api.sqlite) await loadSqlite(sqliteFile, data);
      const user = data.freePairs[0].userId;
      // The board's group (the API rows seed it too; a second call finds it there).
      if (WEB_PARTS.has('board')) await seedGroup(`sqlite:${sqliteFile}`, user);
      const server = await startServer(`sqlite:${sqliteFile}`, [user]);
      const origin = `http://127.0.0.1:${server.port}`;
      try {
        const browser = await launchBrowser();
        const weights: JsWeight[] = [];
        const cold: ColdLoad[] = [];
        const throttled: WebResult['throttled'] = { visitor: [], member: [] };
        let lighthouse: LighthouseResult | null = null;
        const board: BoardLoad[] = [];
        const slow = PROFILES.find((p) => p.cpuRate !== 1)!;
        try {
          if (WEB_PARTS.has('weights')) {
            weights.push(await measureJsWeight(browser, origin, '/feed'));
            weights.push(await measureJsWeight(browser, origin, '/'));
            weights.push(await measureJsWeight(browser, origin, '/compose', { access: server.tokens[0], username: `user${user}@bench.example` }));
          }
          for (const w of weights) log(`  JS for ${w.route.padEnd(9)} ${fmtKb(w.gzipTotal)} gzip (${w.files.length} files, ${fmtKb(w.rawTotal)} raw)${w.signedIn ? ', signed in' : ''}`);
          if (feedPart) await measureColdFeed(browser, origin); // the server's first render of the page and its caches
          if (WEB_PARTS.has('cold')) for (let i = 0; i < 3; i++) cold.push(await measureColdFeed(browser, origin));
          for (const c of cold) log(`  cold /feed: first card ${fmtMs(c.firstCardMs)}, LCP ${fmtMs(c.lcpMs)}, ${c.roundTripsBeforeFirstCard} round trips, ${c.requestsBeforeFirstCard} requests before the card`);
          // The throttled first load (DevTools' Slow 4G and 4x CPU), a visitor's and a member's:
          // the first wish on screen, the live vote, and the layout shifts until it settled.
          const member = { access: server.tokens[0], username: `user${user}@bench.example` };
          if (WEB_PARTS.has('throttled')) await coldLoad(browser, origin, slow);
          for (let i = 0; i < (WEB_PARTS.has('throttled') ? 3 : 0); i++) {
            throttled.visitor.push(await coldLoad(browser, origin, slow));
            throttled.member.push(await coldLoad(browser, origin, slow, false, member));
          }
          for (const [who, runs] of Object.entries(throttled)) for (const r of runs) log(`  slow 4G + 4x CPU, ${who}: first card ${fmtMs(r.firstCardMs)}, live vote ${fmtMs(r.liveCardMs)} (+${fmtMs(r.liveCardMs - r.firstCardMs)}), CLS ${r.cls}`);
          if (WEB_PARTS.has('board')) {
            // The recipient's board, cold on Slow 4G + 4x CPU: a discarded warm-up (the server's first draw), then three.
            const boardPath = `/w/${SEEDED_GROUP.token}`;
            await boardLoad(browser, origin, boardPath, slow);
            for (let i = 0; i < 3; i++) board.push(await boardLoad(browser, origin, boardPath, slow));
            for (const b of board) log(`  slow 4G + 4x CPU, group board (${SEEDED_GROUP.messages} messages): LCP ${fmtMs(b.lcpMs)}, JS ${fmtKb(b.jsGzip)} gzip in ${b.scripts} files, HTML ${fmtKb(b.documentBytes)} on the wire`);
          }
          await browser.close();
          if (WEB_PARTS.has('lighthouse')) {
            log('  Lighthouse (mobile) on /feed ...');
            lighthouse = await runLighthouse(origin + '/feed');
            // A run that drew no score (its trace failed, e.g. NO_NAVSTART, where Lighthouse itself
            // says to run it again) is run once more; a score is never run again.
            if (lighthouse.score === null) {
              log(`  Lighthouse unavailable (${lighthouse.error}); once more ...`);
              lighthouse = await runLighthouse(origin + '/feed');
            }
            log(lighthouse.score === null ? `  Lighthouse unavailable: ${lighthouse.error}` : `  Lighthouse performance ${lighthouse.score}`);
          }
          web = { weights, cold, throttled, lighthouse, board };
        } finally {
          await browser.close().catch(() => undefined);
        }
      } finally {
        await stopServer(server.child);
        rmSync(server.dataDir, { recursive: true, force: true });
      }
    }
    result.web = web;
  } finally {
    if (pgCreated) await dropPostgresDatabase(PG_ADMIN_URL, PG_DB).catch(() => undefined);
    rmSync(workDir, { recursive: true, force: true });
  }

  timings.totalMs = Date.now() - started;
  result.timings = timings;
  result.peakRssMiB = Math.round(process.resourceUsage().maxRSS / 1024);
  const targets = evaluateTargets(api, web);
  result.targets = targets;
  const table = renderTable(api, web, targets, info, size);
  result.table = table;
  log('\n' + table);
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  // Cost as work grows: this run's figures for the rows whose slope matters, kept per scale, and
  // the table of every scale measured so far (each with its date).
  const slope = slopeOf(api);
  if (Object.keys(slope).length > 0) writeFileSync(path.join(ROOT, 'bench-results', `scale-${SCALE}.json`), JSON.stringify({ date: result.date, scale: SCALE, size, rows: slope }, null, 2));
  const growthTable = renderGrowth(path.join(ROOT, 'bench-results'));
  if (growthTable) {
    result.growthTable = growthTable;
    log('\n' + growthTable);
  }
  writeFileSync(path.join(ROOT, 'bench-results', 'latest.json'), JSON.stringify(result, null, 2));
  log(`\nWrote bench-results/latest.json; total ${(timings.totalMs / 1000).toFixed(0)} s`);
}

/** The rows a reader follows across scales: feed page 1, a wish's replies, the reminder scan. */
const SLOPE_ROWS: Record<string, string> = { feed1: 'feed page 1', replies: "a wish's replies, page 1", reminderScan: "reminder scan, one round (a day's share due)", reminderScanIdle: 'reminder scan, nothing due' };

function slopeOf(api: Record<string, EndpointResult[]>): Record<string, Record<string, { p50: number; rps: number; ratioToBare: number | null; label: string }>> {
  const out: Record<string, Record<string, { p50: number; rps: number; ratioToBare: number | null; label: string }>> = {};
  for (const [db, results] of Object.entries(api)) {
    for (const r of results) {
      if (!(r.key in SLOPE_ROWS)) continue;
      (out[r.key] ??= {})[db] = { p50: r.p50, rps: r.rps, ratioToBare: r.ratioToBare, label: r.label };
    }
  }
  return out;
}

function renderGrowth(dir: string): string {
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => /^scale-[\d.]+\.json$/.test(f));
  } catch {
    return '';
  }
  const runs = files
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { date: string; scale: number; size: DataSize; rows: ReturnType<typeof slopeOf> })
    .sort((a, b) => a.scale - b.scale);
  if (runs.length === 0) return '';
  const lines = ['Cost as work grows (each scale from its own run; reads: p50 latency and × bare, the scan: median round):', ''];
  lines.push(`| Row | ${runs.map((r) => `scale ${r.scale} (${r.size.wishes.toLocaleString('en')} wishes; ${r.date.slice(0, 16).replace('T', ' ')})`).join(' | ')} |`);
  lines.push(`|---|${runs.map(() => '---:').join('|')}|`);
  for (const [key, name] of Object.entries(SLOPE_ROWS)) {
    for (const db of ['sqlite', 'postgres']) {
      if (!runs.some((r) => r.rows[key]?.[db])) continue;
      const cell = (r: (typeof runs)[number]) => {
        const x = r.rows[key]?.[db];
        if (!x) return '—';
        const what = /\(([^)]*)\)/.exec(x.label)?.[1] ?? '';
        return `${x.p50} ms${x.ratioToBare != null ? `, ${x.ratioToBare.toFixed(2)}× bare` : ''}${what ? ` (${what})` : ''}`;
      };
      lines.push(`| ${name}, ${db} | ${runs.map(cell).join(' | ')} |`);
    }
  }
  return lines.join('\n');
}

const median = (values: number[]) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : Number.NaN;
};

/** A row's throughput as a share of its floor's (a harness route doing only the part it cannot avoid), as the floor rows print it. */
const ofFloor = (ratio: number, floorRatio: number) => `${(ratio / Math.max(floorRatio, 0.001)).toFixed(2)}× of this floor`;

function evaluateTargets(api: Record<string, EndpointResult[]>, web: WebResult | null): TargetRow[] {
  const rows: TargetRow[] = [];
  for (const [db, results] of Object.entries(api)) {
    const get = (key: string) => results.find((r) => r.key === key);
    const feed = get('feed1');
    const deep = get('feedDeep');
    const vote = get('vote');
    // Targets (docs/performance.md): fresh feed page 1 ≥ 0.5× bare on SQLite, ≥ 0.3× on PostgreSQL (its `select 1` floor alone is ~0.33×); anonymous and signed in alike.
    const feedGoal = db === 'postgres' ? 0.3 : 0.5;
    if (feed?.ratioToBare != null) rows.push({ name: `${db}: feed page 1 (read model, fresh) throughput`, value: `${feed.ratioToBare.toFixed(2)}× bare`, target: `≥ ${feedGoal}× bare`, pass: feed.ratioToBare >= feedGoal });
    const signed = get('feed1Signed');
    if (signed?.ratioToBare != null) rows.push({ name: `${db}: feed page 1, signed in (read model, fresh) throughput`, value: `${signed.ratioToBare.toFixed(2)}× bare`, target: `≥ ${feedGoal}× bare`, pass: signed.ratioToBare >= feedGoal });
    // card.png ≥ 0.3× bare. The notifications list and the moderation queue have no target of their own;
    // they get the same bar as the other reads that are not the feed (a signed-in page of 20 rows is no bigger than a card).
    for (const key of ['cardPng', 'cardPng304', 'notifications', 'moderationQueue']) {
      const r = get(key);
      if (r?.ratioToBare != null) rows.push({ name: `${db}: ${r.label} throughput`, value: `${r.ratioToBare.toFixed(2)}× bare (p50 ${r.p50} ms, p99 ${r.p99} ms)`, target: '≥ 0.3× bare', pass: r.ratioToBare >= 0.3 });
    }
    // The card row's ceiling in this harness: the same-sized constant body from a route that does nothing else.
    const pngFloor = get('pngFloor');
    const cardRow = get('cardPng');
    if (pngFloor?.ratioToBare != null && cardRow?.ratioToBare != null) {
      rows.push({ name: `${db}: ${pngFloor.label}, for the card's ceiling`, value: `${pngFloor.ratioToBare.toFixed(2)}× bare (card.png: ${ofFloor(cardRow.ratioToBare, pngFloor.ratioToBare)})`, target: 'reported', pass: null });
    }
    if (feed && deep) {
      const ratio = deep.p50 / Math.max(feed.p50, 1);
      rows.push({ name: `${db}: ${deep.label} p50 latency`, value: `${deep.p50} ms = ${ratio.toFixed(1)}× page 1 (${feed.p50} ms)`, target: '≤ 3× page 1', pass: deep.p50 <= 3 * Math.max(feed.p50, 1) });
    }
    for (const key of ['searchCommon', 'searchRare']) {
      const s = get(key);
      if (s && feed) rows.push({ name: `${db}: ${s.label} p50`, value: `${s.p50} ms = ${(s.p50 / Math.max(feed.p50, 1)).toFixed(1)}× feed`, target: '≤ 2× feed p50', pass: s.p50 <= 2 * Math.max(feed.p50, 1) });
    }
    // Deletes (docs/api.md, "Own wishes and moderation"): the figure itself, then the deep page on the changed data, still within 3× of page 1.
    const del = get('delete');
    if (del) rows.push({ name: `${db}: ${del.label}`, value: `p50 ${del.p50} ms, p99 ${del.p99} ms, ${del.rps.toFixed(0)}/s`, target: 'cost independent of the number of wishes (no renumbering)', pass: null });
    const feedAfter = get('feed1AfterDeletes');
    const deepAfter = get('feedDeepAfterDeletes');
    if (feedAfter && deepAfter) {
      const ratio = deepAfter.p50 / Math.max(feedAfter.p50, 1);
      rows.push({ name: `${db}: ${deepAfter.label} p50 latency`, value: `${deepAfter.p50} ms = ${ratio.toFixed(1)}× page 1 (${feedAfter.p50} ms)`, target: '≤ 3× page 1', pass: deepAfter.p50 <= 3 * Math.max(feedAfter.p50, 1) });
    }
    // Paged voters: the modal's first page of a 100k-vote wish, its downvote filter and a page from the middle, each ≤ 2× feed p50.
    for (const key of ['votersMega', 'votersMegaDown', 'votersMegaDeep']) {
      const v = get(key);
      if (v && feed) rows.push({ name: `${db}: ${v.label} p50`, value: `${v.p50} ms = ${(v.p50 / Math.max(feed.p50, 1)).toFixed(1)}× feed`, target: '≤ 2× feed p50', pass: v.p50 <= 2 * Math.max(feed.p50, 1) });
    }
    const floor = get('dbFloor');
    if (floor?.ratioToBare != null && feed?.ratioToBare != null) {
      rows.push({ name: `${db}: database round trip alone (select 1 route), for the feed's ceiling`, value: `${floor.ratioToBare.toFixed(2)}× bare (feed page 1: ${feed.ratioToBare.toFixed(2)}× = ${ofFloor(feed.ratioToBare, floor.ratioToBare)})`, target: 'reported', pass: null });
    }
    const followingFeed = get('following1');
    if (followingFeed && feed) {
      rows.push({
        name: `${db}: ${followingFeed.label} p50`,
        value: `${followingFeed.p50} ms = ${(followingFeed.p50 / Math.max(feed.p50, 1)).toFixed(1)}× feed`,
        target: '≤ 2× feed p50',
        pass: followingFeed.p50 <= 2 * Math.max(feed.p50, 1),
      });
    }
    // The same two reads with the read model off (each read runs its query), for comparison; the rows above are the read model's.
    const feedC = get('feed1Cached');
    const deepC = get('feedDeepCached');
    if (feedC?.ratioToBare != null) rows.push({ name: `${db}: feed page 1 throughput, read model off`, value: `${feedC.ratioToBare.toFixed(2)}× bare`, target: 'reported', pass: null });
    if (feedC && deepC) {
      const ratio = deepC.p50 / Math.max(feedC.p50, 1);
      // Reported, not a target: the site serves these pages from the read model (the rows above hold the
      // goal); this is the design it replaced, kept to show what each query alone costs.
      rows.push({ name: `${db}: ${deepC.label} p50 latency`, value: `${deepC.p50} ms = ${ratio.toFixed(1)}× page 1 (${feedC.p50} ms)`, target: 'reported (≤ 3× page 1 is held by the read model rows)', pass: null });
    }
    // The newer pages against the wish detail's rate in the same run (each row's paired ratio to bare, divided).
    const detail = get('wish');
    for (const key of ['replies', 'peopleList', 'peopleListGzip', 'groupInvite', 'groupBoard']) {
      const row = get(key);
      if (row?.ratioToBare != null && detail?.ratioToBare) {
        const ratio = row.ratioToBare / detail.ratioToBare;
        rows.push({ name: `${db}: ${row.label} ≥ 0.5× wish detail`, value: `${ratio.toFixed(2)}× detail (${row.ratioToBare.toFixed(2)}× bare, p50 ${row.p50} ms)`, target: '≥ 0.5× detail', pass: ratio >= 0.5 });
      }
    }
    const scan = get('reminderScan');
    if (scan) rows.push({ name: `${db}: ${scan.label}, median of 3`, value: `${scan.p50} ms (slowest ${scan.p99} ms; ${scan.rps.toFixed(0)} reminders/s; nothing due: ${get('reminderScanIdle')?.p50 ?? 'n/a'} ms)`, target: '≤ 1 s', pass: scan.errors ? false : scan.p99 <= 1000 });
    // The vote toggle next to its ceiling in the same run: the write floor sends the same requests to
    // a route that only group-commits one narrow row per request. SQLite's flush is the process's own
    // (no round trip), so its toggle is held to the bare route; PostgreSQL's is held to its floor
    // (each answer waits for a WAL flush, which no design that answers after the write avoids).
    const writeFloor = get('writeFloor');
    if (vote?.ratioToBare != null) {
      if (db === 'postgres' && writeFloor?.ratioToBare != null) {
        const share = vote.ratioToBare / Math.max(writeFloor.ratioToBare, 0.001);
        rows.push({ name: `${db}: vote toggle throughput, of its durable-write floor`, value: `${ofFloor(vote.ratioToBare, writeFloor.ratioToBare)} (${vote.ratioToBare.toFixed(2)}× bare)`, target: '≥ 0.5× of the floor', pass: share >= 0.5 });
      } else {
        const goal = db === 'postgres' ? 0.25 : 0.3;
        rows.push({ name: `${db}: vote toggle throughput`, value: `${vote.ratioToBare.toFixed(2)}× bare`, target: `≥ ${goal}× bare`, pass: vote.ratioToBare >= goal });
      }
    }
    if (writeFloor?.ratioToBare != null) {
      const toggle = vote?.ratioToBare != null ? ` (vote toggle: ${ofFloor(vote.ratioToBare, writeFloor.ratioToBare)})` : '';
      rows.push({ name: `${db}: durable write alone (one row per request, group-committed), for the toggle's ceiling`, value: `${writeFloor.ratioToBare.toFixed(2)}× bare${toggle}`, target: 'reported', pass: null });
    }
    // Streamed calls (api/streams.ts): each beside its baseline from the same run.
    const fanout = get('notifyFanout');
    if (fanout) {
      const votes = get('notifyFanoutVotes');
      const one = get('notifyFanoutOne');
      rows.push({
        name: `${db}: ${fanout.label}`,
        value: `p50 ${fanout.p50} ms, p99 ${fanout.p99} ms, ${fanout.rps.toFixed(0)} events/s (the votes' own responses: p50 ${votes?.p50 ?? 'n/a'} ms; one stream alone: p50 ${one?.p50 ?? 'n/a'} ms)`,
        target: 'reported; every event delivered',
        pass: fanout.errors ? false : null,
      });
    }
    const firstToken = get('firstToken');
    const bare = get('bare');
    if (firstToken) {
      const draft = get('firstTokenDraft');
      rows.push({
        name: `${db}: ${firstToken.label} p50`,
        // autocannon's percentiles are whole milliseconds: a bare p50 of 0 ms is "under 1 ms", and the ratio is to 1 ms then.
        value: `${firstToken.p50} ms (p99 ${firstToken.p99} ms)${bare ? `, ${bare.p50 >= 1 ? `${(firstToken.p50 / bare.p50).toFixed(0)}× the bare route's p50 (${bare.p50} ms)` : `> ${firstToken.p50}× the bare route's p50 (< 1 ms)`}` : ''}; whole draft p50 ${draft?.p50 ?? 'n/a'} ms`,
        target: '≤ 300 ms',
        pass: firstToken.errors ? false : firstToken.p50 <= 300,
      });
    }
  }
  if (web) {
    const feedJs = web.weights.find((w) => w.route === '/feed');
    if (feedJs) rows.push({ name: 'JS for /feed (gzip)', value: fmtKb(feedJs.gzipTotal), target: '≤ 140 KB', pass: feedJs.gzipTotal <= 140 * 1024 });
    const all = [...web.throttled.visitor, ...web.throttled.member];
    if (all.length) {
      // A press on the drawn card is held from the moment it shows (the inline early-tap script runs
      // before it is laid out) and sent when the live card is there: this is the wait for the answer.
      for (const [who, runs] of Object.entries(web.throttled)) {
        if (runs.length === 0) continue;
        const gap = median(runs.map((r) => r.liveCardMs - r.firstCardMs));
        rows.push({ name: `slow 4G + 4x CPU, cold /feed, a ${who}: first wish visible → working vote (median of ${runs.length}; first card ${fmtMs(median(runs.map((r) => r.firstCardMs)))}, live vote ${fmtMs(median(runs.map((r) => r.liveCardMs)))})`, value: fmtMs(gap), target: '≤ 1.5 s', pass: gap <= 1500 });
      }
      const worst = (runs: ThrottledRun[]) => Math.max(...runs.map((r) => r.cls));
      rows.push({ name: `slow 4G + 4x CPU, cold /feed: CLS of the first load, worst of ${web.throttled.visitor.length} visitor / ${web.throttled.member.length} member loads`, value: `${worst(web.throttled.visitor).toFixed(3)} / ${worst(web.throttled.member).toFixed(3)}`, target: '≤ 0.05', pass: Math.max(worst(web.throttled.visitor), worst(web.throttled.member)) <= 0.05 });
    }
    if (web.cold.length) {
      const firstCard = median(web.cold.map((c) => c.firstCardMs));
      rows.push({ name: 'first wish card, cold /feed (median of 3)', value: fmtMs(firstCard), target: '≤ 500 ms', pass: Number.isFinite(firstCard) ? firstCard <= 500 : false });
    }
    if (web.lighthouse) {
      rows.push({
        name: 'Lighthouse performance (mobile, /feed)',
        value: web.lighthouse.score === null ? `unavailable (${web.lighthouse.error})` : String(web.lighthouse.score),
        target: '≥ 95',
        pass: web.lighthouse.score === null ? null : web.lighthouse.score >= 95,
      });
    }
    if (web.board.length) {
      const lcps = web.board.map((b) => b.lcpMs ?? Number.NaN);
      const lcp = median(lcps);
      rows.push({ name: `slow 4G + 4x CPU, cold group board /w/ (${SEEDED_GROUP.messages} messages): LCP (median of ${web.board.length}; ${lcps.map((v) => fmtMs(v)).join(' / ')})`, value: fmtMs(lcp), target: '≤ 1.5 s', pass: Number.isFinite(lcp) ? lcp <= 1500 : false });
      const js = Math.max(...web.board.map((b) => b.jsGzip));
      rows.push({ name: 'JS for the group board /w/ (gzip)', value: `${fmtKb(js)} in ${web.board[0]!.scripts} files`, target: '≤ 100 KB', pass: js <= 100 * 1024 });
    }
  }
  return rows;
}

function renderTable(api: Record<string, EndpointResult[]>, web: WebResult | null, targets: TargetRow[], info: ReturnType<typeof machine>, size: DataSize): string {
  const lines: string[] = [];
  lines.push(`Machine: ${info.nproc} CPUs (nproc), ${info.cpu}, ${info.memoryGiB} GiB RAM, Node ${info.node}, ${info.platform}`);
  lines.push(`Data: ${size.users.toLocaleString('en')} users, ${size.wishes.toLocaleString('en')} wishes, ${size.votes.toLocaleString('en')} votes, ${size.follows.toLocaleString('en')} follows. autocannon: ${CONNECTIONS} connections, ${DURATION} s per endpoint, loopback, no Accept-Encoding.`);
  lines.push('');
  for (const [db, results] of Object.entries(api)) {
    lines.push(`| API on ${db} | req/s | p50 | p99 | × bare req/s |`);
    lines.push('|---|---:|---:|---:|---:|');
    for (const r of results) {
      lines.push(`| ${r.label}${r.errors || r.non2xx ? ` (${r.errors} errors, ${r.non2xx} non-2xx)` : ''} | ${Math.round(r.rps)} | ${r.p50} ms | ${r.p99} ms | ${r.ratioToBare === null ? '-' : r.ratioToBare.toFixed(2)} |`);
    }
    lines.push('');
  }
  if (web) {
    lines.push('| Front end | value |');
    lines.push('|---|---:|');
    for (const w of web.weights) lines.push(`| JS for ${w.route}${w.signedIn ? ' (signed in)' : ''}, gzip -9 | ${fmtKb(w.gzipTotal)} in ${w.files.length} files (${fmtKb(w.rawTotal)} raw) |`);
    const cold = web.cold;
    if (cold.length) {
      lines.push(`| cold /feed: first wish card (median of ${cold.length}) | ${fmtMs(median(cold.map((c) => c.firstCardMs)))} |`);
      lines.push(`| cold /feed: LCP (median) | ${fmtMs(median(cold.map((c) => c.lcpMs ?? Number.NaN)))} |`);
      lines.push(`| cold /feed: round trips / requests before the first card | ${median(cold.map((c) => c.roundTripsBeforeFirstCard))} / ${median(cold.map((c) => c.requestsBeforeFirstCard))} |`);
    }
    const lh = web.lighthouse;
    if (lh) lines.push(`| Lighthouse performance (mobile, /feed) | ${lh.score === null ? `unavailable: ${lh.error}` : `${lh.score} (FCP ${fmtMs(lh.metrics?.fcpMs)}, LCP ${fmtMs(lh.metrics?.lcpMs)}, TBT ${fmtMs(lh.metrics?.tbtMs)}, CLS ${lh.metrics?.cls?.toFixed(3) ?? 'n/a'})`} |`);
    if (web.board.length) lines.push(`| slow 4G + 4x CPU, cold group board: LCP (median of ${web.board.length}) / JS gzip / HTML on the wire | ${fmtMs(median(web.board.map((b) => b.lcpMs ?? Number.NaN)))} / ${fmtKb(web.board[0]!.jsGzip)} / ${fmtKb(web.board[0]!.documentBytes)} |`);
    lines.push('');
  }
  lines.push('| Target | measured | goal | |');
  lines.push('|---|---|---|---|');
  for (const t of targets) lines.push(`| ${t.name} | ${t.value} | ${t.target} | ${t.pass === null ? 'n/a' : t.pass ? 'PASS' : 'FAIL'} |`);
  return lines.join('\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
