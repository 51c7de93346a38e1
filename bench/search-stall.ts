/**
 * Search under attack: can a few clients sending the most expensive searches stall the server?
 *
 * Loads bench-size data (~100k public wishes, bench/lib/data.ts) into a fresh database, starts the
 * real server (bench/api/server.ts, its own process), measures GET /healthz latency idle, then
 * again while CLIENTS clients each send worst-case searches back to back: single letters (the
 * widest prefix expansion) on a page past the 100 cached ids, so no result cache ever answers.
 * The server runs with RATE_LIMIT_SCALE=1000 so the per-IP search throttle does not hide the
 * search's own cost (the throttle is tested separately in server/src/wishes/search-limits.test.ts).
 *
 *   cd server && node --import tsx ../bench/search-stall.ts [--postgres] [--seconds=20] [--clients=2] [--terms=letters|prefixes]
 *
 * Target: /healthz p50 < 50 ms under attack (a search flood must not stall the process).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { generate, type DataSize } from './lib/data';
import { loadPostgres, loadSqlite } from './lib/load';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const SECONDS = Number(arg('seconds', '20'));
const CLIENTS = Number(arg('clients', '2'));
const POSTGRES = process.argv.includes('--postgres');
// letters: the probe's single letters; prefixes: common 3-letter prefixes, the widest prefix
// expansion left now that one- and two-letter terms match whole words only.
const TERMS = arg('terms', 'letters') === 'prefixes' ? ['you', 'the', 'wis', 'bir', 'hap', 'day', 'may', 'and', 'lov', 'sun', 'new', 'fri', 'gra', 'hom', 'tha'] : 'abcdefghijklmnopqrstuvwxyz'.split('');
const PG_ADMIN = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// 90 % of generated wishes are public: 111,112 wishes → ~100k public.
const SIZE: DataSize = { users: 5_000, wishes: 111_112, votes: 100_000, follows: 10_000 };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' / ');

async function prepareDatabase(dir: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const t0 = Date.now();
  const data = generate(SIZE, 42);
  const publicCount = data.wishes.isPublic.reduce((n, v) => n + v, 0);
  if (!POSTGRES) {
    const file = path.join(dir, 'stall.db');
    await loadSqlite(file, data);
    console.log(`loaded SQLite: ${publicCount} public wishes of ${SIZE.wishes} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return { url: `sqlite:${file}`, drop: async () => undefined };
  }
  const name = `wishes_stall_${process.pid}`;
  const admin = new Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`drop database if exists "${name}"`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  await loadPostgres(url.toString(), data);
  console.log(`loaded PostgreSQL: ${publicCount} public wishes of ${SIZE.wishes} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: PG_ADMIN });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

function startServer(databaseUrl: string, dataDir: string): Promise<{ port: number; stop: () => void }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'api', 'server.ts'), [], {
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, RATE_LIMIT_SCALE: '1000', LOG_LEVEL: 'warn', SEED_DEMO: 'false', MAIL_TRANSPORT: 'outbox', NODE_ENV: 'production' },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m: { port: number }) => resolve({ port: m.port, stop: () => child.kill('SIGTERM') }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** Samples GET /healthz one after another (a 20 ms pause between) for `seconds`. */
async function sampleHealth(base: string, seconds: number): Promise<number[]> {
  const times: number[] = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const t0 = performance.now();
    const res = await fetch(`${base}/healthz`);
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 20));
  }
  return times.sort((a, b) => a - b);
}

async function attacker(base: string, index: number, until: { stop: boolean }, stats: { statuses: Map<number, number>; times: number[] }) {
  let n = index * 7;
  while (!until.stop) {
    const letter = TERMS[n % TERMS.length]!;
    // Page 11+: past the 100 ranked ids the cache keeps, so each search is a fresh ranking.
    const page = 11 + (n % 5);
    n++;
    const t0 = performance.now();
    const res = await fetch(`${base}/api/base/search/${page}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: letter }) });
    await res.arrayBuffer();
    stats.times.push(performance.now() - t0);
    stats.statuses.set(res.status, (stats.statuses.get(res.status) ?? 0) + 1);
  }
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wishes-stall-'));
  const database = await prepareDatabase(dir);
  const server = await startServer(database.url, dir);
  const base = `http://127.0.0.1:${server.port}`;
  try {
    await sampleHealth(base, 1); // warm-up
    const loadIdle = load();
    const idle = await sampleHealth(base, 5);
    const until = { stop: false };
    const stats = { statuses: new Map<number, number>(), times: [] as number[] };
    const attackers = Array.from({ length: CLIENTS }, (_, i) => attacker(base, i, until, stats));
    await new Promise((r) => setTimeout(r, 1000));
    const busy = await sampleHealth(base, SECONDS);
    const loadBusy = load();
    until.stop = true;
    await Promise.all(attackers);
    const searches = stats.times.sort((a, b) => a - b);
    const p50 = percentile(busy, 50);
    console.log(`\n${POSTGRES ? 'PostgreSQL' : 'SQLite'}, ${CLIENTS} clients sending ${TERMS[0]!.length === 1 ? 'single-letter' : '3-letter prefix'} searches (uncached pages), ${SECONDS} s`);
    console.log(`/healthz idle:         p50 ${ms(percentile(idle, 50))}, p95 ${ms(percentile(idle, 95))} (${idle.length} samples; load average ${loadIdle})`);
    console.log(`/healthz under attack: p50 ${ms(p50)}, p95 ${ms(percentile(busy, 95))}, max ${ms(busy[busy.length - 1] ?? NaN)} (${busy.length} samples; load average ${loadBusy})`);
    console.log(`searches: ${searches.length}, p50 ${ms(percentile(searches, 50))}, p95 ${ms(percentile(searches, 95))}; statuses ${JSON.stringify(Object.fromEntries(stats.statuses))}`);
    console.log(`target /healthz p50 < 50 ms: ${p50 < 50 ? 'MET' : 'NOT MET'}`);
    process.exitCode = p50 < 50 ? 0 : 1;
  } finally {
    server.stop();
    await new Promise((r) => setTimeout(r, 500));
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
