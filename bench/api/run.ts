/**
 * API benchmark: starts bench/api/server.ts on a loaded database (loopback only), then runs
 * autocannon against each endpoint in turn (a short warm-up whose figures are dropped, then the
 * measured run) and reports requests/s, p50/p99 latency and the ratio to the bare route measured
 * by the same server process in the same run.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// autocannon ships no types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<AutocannonResult>;
import { sql } from 'kysely';
import { COMMON_WORD, RARE_WORD, type Dataset } from '../lib/data';
import { openDatabase } from '../../server/src/db/connect';

/** How many people the following-feed member follows (issue: "a member following 200 people"). */
export const FOLLOWED = 200;

/**
 * Makes `followerId` follow FOLLOWED authors of public wishes, spread over the whole range of
 * authors (prolific and occasional alike; the generated follows are skewed towards a few), and
 * keeps the denormalized counters exact. Idempotent: a second run adds nothing.
 */
async function followAuthors(databaseUrl: string, followerId: number): Promise<number> {
  const { db } = openDatabase(databaseUrl, { poolSize: 1 });
  try {
    const authors = (await sql<{ user_id: number }>`select distinct user_id from wishes where is_public = 1 and user_id <> ${followerId} order by user_id`.execute(db)).rows.map((r) => r.user_id);
    const step = Math.max(1, Math.floor(authors.length / FOLLOWED));
    const chosen = authors.filter((_, i) => i % step === 0).slice(0, FOLLOWED);
    const now = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      for (const targetId of chosen) {
        const added = await trx
          .insertInto('subscriptions')
          .values({ follower_id: followerId, target_id: targetId, created_at: now })
          .onConflict((oc) => oc.columns(['follower_id', 'target_id']).doNothing())
          .executeTakeFirst();
        if (Number(added.numInsertedOrUpdatedRows ?? 0n) > 0) {
          await sql`update users set followers_count = followers_count + 1 where id = ${targetId}`.execute(trx);
          await sql`update users set following_count = following_count + 1 where id = ${followerId}`.execute(trx);
        }
      }
    });
    const count = await sql<{ n: number | string }>`select count(*) as n from subscriptions where follower_id = ${followerId}`.execute(db);
    return Number(count.rows[0]!.n);
  } finally {
    await db.destroy();
  }
}

interface Histogram {
  average: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  throughput: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  duration: number;
}

export interface EndpointResult {
  key: string;
  label: string;
  method: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  bytesPerResponse: number;
  ratioToBare: number | null;
  requests: number;
  errors: number;
  non2xx: number;
}

export interface ApiBenchOptions {
  databaseUrl: string;
  data: Dataset;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  only?: string[];
  log: (line: string) => void;
}

const SERVER = path.join(__dirname, 'server.ts');

export function startServer(databaseUrl: string, userIds: number[], extraEnv: Record<string, string> = {}): Promise<{ child: ChildProcess; port: number; tokens: string[]; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wishes-bench-'));
  return new Promise((resolve, reject) => {
    const child = fork(SERVER, [], {
      cwd: path.join(__dirname, '..', '..', 'server'),
      // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server (open it in Chrome DevTools).
      execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
      // Production defaults (NODE_ENV unset, LOG_LEVEL unset = info); the request log goes nowhere.
      // The per-address search throttle is lifted: every benchmark connection comes from 127.0.0.1,
      // and the search rows measure the search itself (bench/search-stall.ts covers abuse).
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SEED_DEMO: 'false', BENCH_USERS: JSON.stringify(userIds), SEARCH_LIMIT_PER_MINUTE: '1000000', ...extraEnv },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', (message) => {
      const { port, tokens } = message as { port: number; tokens: string[] };
      resolve({ child, port, tokens, dataDir });
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with code ${code} before listening`)));
  });
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

interface Scenario {
  key: string;
  label: string;
  method: string;
  path: string;
  opts: Record<string, unknown>;
  /** Run against the second server, which keeps the anonymous feed cache on (the first has it off). */
  cached?: boolean;
}

/** Wishes deleted by the delete row. */
export const DELETES = 1000;

/**
 * `count` public wishes spread evenly over the feed (newest to oldest), none of those the other rows
 * use (the popular wish, the vote pairs), with their authors.
 */
function wishesToDelete(data: Dataset, count: number): Array<{ wishId: number; userId: number }> {
  const keep = new Set([data.popularWish.id, ...data.freePairs.map((p) => p.wishId)]);
  const candidates: number[] = [];
  for (let i = 0; i < data.size.wishes; i++) if (data.wishes.isPublic[i] && !keep.has(i + 1)) candidates.push(i + 1);
  const step = Math.max(1, Math.floor(candidates.length / count));
  const chosen: Array<{ wishId: number; userId: number }> = [];
  for (let k = 0; k < candidates.length && chosen.length < count; k += step) chosen.push({ wishId: candidates[k]!, userId: data.wishes.userId[candidates[k]! - 1]! });
  return chosen;
}

/** Each author deletes their wish (DELETE /api/base/wish/{id}/), `parallel` requests in flight; latency per request. */
async function deleteWishes(base: string, doomed: Array<{ wishId: number; userId: number }>, tokenOf: Map<number, string>, parallel: number, s: Scenario): Promise<EndpointResult> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  let non2xx = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < doomed.length) {
        const { wishId, userId } = doomed[next++]!;
        const t0 = performance.now();
        try {
          const res = await fetch(`${base}/api/base/wish/${wishId}/`, { method: 'DELETE', headers: { authorization: `Bearer ${tokenOf.get(userId)}` } });
          await res.arrayBuffer();
          if (res.status !== 200) non2xx++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { key: s.key, label: s.label, method: s.method, path: s.path, rps: doomed.length / elapsed, p50: at(0.5), p99: at(0.99), bytesPerResponse: 0, ratioToBare: null, requests: doomed.length, errors, non2xx };
}

export async function runApiBench(options: ApiBenchOptions): Promise<EndpointResult[]> {
  const { data } = options;
  const pairs = data.freePairs.slice(0, options.connections);
  const doomed = wishesToDelete(data, DELETES);
  const doomedAuthors = [...new Set(doomed.map((d) => d.userId))];
  const benchUsers = [...pairs.map((p) => p.userId), ...doomedAuthors];
  // The following feed's member: the first bench user, made to follow FOLLOWED people.
  const following = options.only && !options.only.includes('following1') ? 0 : await followAuthors(options.databaseUrl, pairs[0].userId);
  // The main server runs with the anonymous feed cache off, so every figure below is the database
  // path; feed1Cached/feedDeepCached (and their own bare baseline) then run on a second server with
  // the production default (1 s cache, WISHES_FEED_CACHE_MS, Config.feedCacheMs).
  let server = { ...(await startServer(options.databaseUrl, benchUsers, { WISHES_FEED_CACHE_MS: '0' })), cachedOn: false };
  const { tokens } = server;
  let base = `http://127.0.0.1:${server.port}`;
  const json = { 'content-type': 'application/json' };
  const feedPages = Math.ceil(Array.from(data.wishes.isPublic).filter(Boolean).length / 10);
  const deepPage = Math.min(5000, feedPages);

  // Each connection toggles its own (user, wish) pair: vote, then remove the vote, so the data ends as it began.
  let nextPair = 0;
  const voteRequests = [
    {
      method: 'POST',
      setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
        if (context.pair === undefined) context.pair = nextPair++ % pairs.length;
        const k = context.pair as number;
        return { ...req, path: `/api/wish/${pairs[k].wishId}/vote/`, headers: { ...json, authorization: `Bearer ${tokens[k]}` }, body: '{"vote_type":"upvote"}' };
      },
    },
    {
      method: 'DELETE',
      setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
        const k = context.pair as number;
        return { ...req, path: `/api/wish/${pairs[k].wishId}/vote/`, headers: { authorization: `Bearer ${tokens[k]}` } };
      },
    },
  ];

  const scenarios: Scenario[] = [
    { key: 'bare', label: 'bare Fastify route (baseline)', method: 'GET', path: '/bench/bare', opts: {} },
    { key: 'feed1', label: 'feed page 1 (no cache)', method: 'GET', path: '/api/base/feed/1/', opts: {} },
    { key: 'feedDeep', label: `feed page ${deepPage} (no cache)`, method: 'GET', path: `/api/base/feed/${deepPage}/`, opts: {} },
    { key: 'wish', label: 'wish detail', method: 'GET', path: `/api/base/wish/${data.popularWish.id}/`, opts: {} },
    { key: 'voters', label: `voters (${data.popularWish.votes} votes)`, method: 'GET', path: `/api/wish/${data.popularWish.id}/voters/`, opts: {} },
    { key: 'userWishes', label: `user's wishes (${data.prolificUser.wishes} public)`, method: 'GET', path: `/api/base/user/${data.prolificUser.id}/wishes/1/`, opts: {} },
    { key: 'searchCommon', label: `search "${COMMON_WORD}" (common)`, method: 'POST', path: '/api/base/search/', opts: { headers: json, body: JSON.stringify({ query: COMMON_WORD }) } },
    { key: 'searchRare', label: `search "${RARE_WORD}" (rare)`, method: 'POST', path: '/api/base/search/', opts: { headers: json, body: JSON.stringify({ query: RARE_WORD }) } },
    {
      key: 'following1',
      label: `following feed page 1 (member following ${following})`,
      method: 'GET',
      path: '/api/base/feed/following/1/',
      opts: { headers: { authorization: `Bearer ${tokens[0]}` } },
    },
    { key: 'vote', label: 'vote toggle (signed in: vote, unvote)', method: 'POST+DELETE', path: '/api/wish/{id}/vote/', opts: { requests: voteRequests } },
    // Deletes spread over the whole feed (so every deep page moves), then the feed again on the changed data.
    { key: 'delete', label: `delete a wish (${DELETES} deletes, ${options.connections} at a time)`, method: 'DELETE', path: '/api/base/wish/{id}/', opts: {} },
    { key: 'feed1AfterDeletes', label: `feed page 1 after ${DELETES} deletes (no cache)`, method: 'GET', path: '/api/base/feed/1/', opts: {} },
    { key: 'feedDeepAfterDeletes', label: `feed page ${deepPage} after ${DELETES} deletes (no cache)`, method: 'GET', path: `/api/base/feed/${deepPage}/`, opts: {} },
    { key: 'bareCached', label: 'bare Fastify route (2nd server)', method: 'GET', path: '/bench/bare', opts: {}, cached: true },
    { key: 'feed1Cached', label: 'feed page 1, 1 s anonymous cache', method: 'GET', path: '/api/base/feed/1/', opts: {}, cached: true },
    { key: 'feedDeepCached', label: `feed page ${deepPage}, 1 s anonymous cache`, method: 'GET', path: `/api/base/feed/${deepPage}/`, opts: {}, cached: true },
  ];

  const results: EndpointResult[] = [];
  try {
    for (const s of scenarios) {
      const baseline = s.key === 'bare' || s.key === 'bareCached';
      const only = options.only;
      if (only && !baseline && !only.includes(s.key)) continue;
      if (s.key === 'bareCached' && only && !only.some((k) => k.endsWith('Cached'))) continue;
      if (s.cached && !server.cachedOn) {
        await stopServer(server.child);
        rmSync(server.dataDir, { recursive: true, force: true });
        server = { ...(await startServer(options.databaseUrl, benchUsers)), cachedOn: true };
        base = `http://127.0.0.1:${server.port}`;
      }
      if (s.key === 'delete') {
        const tokenOf = new Map(benchUsers.map((id, k) => [id, server.tokens[k]!]));
        const result = await deleteWishes(base, doomed, tokenOf, options.connections, s);
        results.push(result);
        options.log(`  ${s.label.padEnd(40)} ${result.rps.toFixed(0).padStart(7)} req/s  p50 ${String(result.p50).padStart(4)} ms  p99 ${String(result.p99).padStart(4)} ms` + (result.errors || result.non2xx ? `  (${result.errors} errors, ${result.non2xx} non-2xx!)` : ''));
        continue;
      }
      const common = { url: base + (s.key === 'vote' ? '' : s.path), method: s.method === 'POST+DELETE' ? 'POST' : s.method, connections: options.connections, pipelining: 1, ...s.opts };
      if (options.warmupSeconds > 0) await autocannon({ ...common, duration: options.warmupSeconds });
      const r = await autocannon({ ...common, duration: options.durationSeconds });
      const rps = r.requests.average;
      const bare = results.find((x) => x.key === (s.cached ? 'bareCached' : 'bare'));
      const result: EndpointResult = {
        key: s.key,
        label: s.label,
        method: s.method,
        path: s.path,
        rps,
        p50: r.latency.p50,
        p99: r.latency.p99,
        bytesPerResponse: r.requests.total ? Math.round((r.throughput.average * r.duration) / Math.max(1, r.requests.total)) : 0,
        ratioToBare: baseline ? 1 : bare ? rps / bare.rps : null,
        requests: r.requests.total,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
      };
      results.push(result);
      options.log(
        `  ${s.label.padEnd(40)} ${rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms` +
          (result.ratioToBare !== null ? `  ×${result.ratioToBare.toFixed(2)} bare` : '') +
          (result.errors || result.non2xx ? `  (${result.errors} errors, ${result.non2xx} non-2xx!)` : ''),
      );
    }
  } finally {
    await stopServer(server.child);
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  return results;
}
