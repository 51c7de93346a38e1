/**
 * `npm run load`: load and soak test against the real server on loopback, SQLite and PostgreSQL
 * (a fresh database each). N simulated users (default 200) read the feed, search, vote, unvote,
 * subscribe, generate and save for D seconds (default 60), closed loop, no think time. Prints a
 * table (requests, errors, 429s from the generation quota counted apart, p50/p99 latency after the
 * first --warmup seconds, which are printed apart), then
 * checks that every counter equals the rows it counts and prints the verdict.
 *
 *   npm run load -- --duration 60 --users 200 --db both|sqlite|postgres --gen-limit 1000 --think 0 --warmup 5
 *   npm run load -- --cluster   (three processes on PostgreSQL + Redis behind HAProxy, as `npm run
 *                                 cluster` starts them; one is SIGKILLed halfway: the proxy must
 *                                 route around it and every acknowledged save must be in the database)
 *
 * Only 127.0.0.1 is ever contacted. Exit status 1 when errors occurred or a counter is off.
 *
 * Mixed-load target (docs/performance.md): p99 of the reads (feed, search, wish detail,
 * profile) ≤ 100 ms, printed per database with the load average. Closed loop without think time
 * the latency is users ÷ throughput by construction, so the target is judged with `--think 1000`
 * (each user one request about a second after the previous answer, from a random start: up to
 * 200 req/s offered, spread rather than in one burst a second); a run
 * without think time prints the same line as a saturation figure.
 */
import { Agent, request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Client } from 'pg';
import { API_ROUTES, apiPath, type ApiOperationId } from '@wishes/kit-contract/api';
import { REPO_ROOT } from '../src/platform/config';
import { startServer, stopServer, type ServerChild } from '../test/reliability/child';
/** An operation's method and path from the operation table (@wishes/kit-contract/routes). */
const at = (id: ApiOperationId, params: Record<string, string | number> = {}) => [API_ROUTES[id].method, apiPath(id, params)] as const;

interface ClusterHandle {
  port: number;
  servers: Array<{ index: number; port: number }>;
  stop(): Promise<void>;
}
// scripts/cluster.js: the launcher of `npm run cluster` (plain JavaScript).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const launcher = require('../../scripts/cluster.js') as {
  startCluster(options: Record<string, unknown>): Promise<ClusterHandle>;
  killServer(server: unknown): void;
};

// ---------------------------------------------------------------- flags

function flag(name: string, fallback: string): string {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i === -1) return fallback;
  return args[i].includes('=') ? args[i].split('=').slice(1).join('=') : (args[i + 1] ?? fallback);
}
const DURATION_S = Number(flag('duration', '60'));
const USERS = Number(flag('users', '200'));
const CLUSTER = process.argv.includes('--cluster');
const DBS = CLUSTER ? ['cluster'] : flag('db', 'both') === 'both' ? ['sqlite', 'postgres'] : flag('db', 'both').split(',');
/** How long after the kill a failed request is put down to the kill (in flight on the dead process, or before the health check noticed). */
const KILL_WINDOW_MS = 5000;
const GEN_LIMIT = flag('gen-limit', '1000');
const THINK_MS = Number(flag('think', '0'));
/**
 * Seconds at the start of the drive whose requests are measured apart and left out of the table and
 * the target, as the bench drops its warm-up run: the first seconds after a server starts measure
 * its cold start (V8 compiling the request paths, each pooled PostgreSQL connection preparing its
 * statements, empty read-model caches), not the load it carries. Their p50/p99 are still printed.
 */
const WARMUP_S = Number(flag('warmup', '5'));
if (!(DURATION_S > 0) || !(USERS > 0)) throw new Error('--duration and --users must be positive numbers');
if (!(WARMUP_S >= 0) || WARMUP_S >= DURATION_S) throw new Error('--warmup must be at least 0 and shorter than --duration');

// ---------------------------------------------------------------- HTTP

interface Res {
  status: number;
  body: string;
}
let agent = new Agent({ keepAlive: true, maxSockets: USERS + 8 });

function call(port: number, method: string, urlPath: string, token?: string, body?: unknown): Promise<Res> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string> = {};
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    if (token) headers.authorization = `Bearer ${token}`;
    const req = httpRequest({ host: '127.0.0.1', port, method, path: urlPath, headers, agent, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

async function pool<T>(items: T[], concurrency: number, fn: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i], i);
      }
    }),
  );
}

// ---------------------------------------------------------------- the scenario

interface User {
  id: number;
  access: string;
}

const OPS = [
  ['feed', 25],
  ['search', 12],
  ['wish', 8],
  ['profile', 5],
  ['vote', 20],
  ['unvote', 8],
  ['subscribe', 8],
  ['unsubscribe', 4],
  ['generate', 5],
  ['save', 5],
] as const;
type Op = (typeof OPS)[number][0];
/** Operations that only read: the mixed-load target is on their p99. */
const READ_OPS: readonly Op[] = ['feed', 'search', 'wish', 'profile'];
const READ_P99_TARGET_MS = 100;
const TOTAL_WEIGHT = OPS.reduce((s, [, w]) => s + w, 0);
const pickOp = (): Op => {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const [op, w] of OPS) if ((r -= w) < 0) return op;
  return 'feed';
};
const WORDS = ['birthday', 'happy', 'wedding', 'luck', 'home', 'thanks', 'retirement', 'baby', 'cake', 'friend', 'zzzz-nothing'];
const STYLES = ['Funny', 'Heartfelt', 'Formal', 'Poetic'];
const TOPICS = ['Birthday', 'Wedding', 'New Job', 'Thank You'];
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)];

interface OpStats {
  requests: number;
  errors: number;
  quota429: number;
  latencies: number[];
  statuses: Record<string, number>;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function setup(port: number): Promise<{ users: User[]; publicWishes: number[] }> {
  const users: User[] = new Array(USERS);
  const stamp = Date.now().toString(36);
  await pool(
    Array.from({ length: USERS }, (_, i) => i),
    8,
    async (i) => {
      const email = `load${i}.${stamp}@example.com`;
      const password = 'Sturdy-Lantern-58';
      const created = await call(port, ...at('createUser'), undefined, { email, password, first_name: `Load${i}`, last_name: 'User', phone: '1' });
      if (created.status !== 201) throw new Error(`sign-up ${created.status} ${created.body}`);
      const login = await call(port, ...at('obtainToken'), undefined, { username: email, password });
      if (login.status !== 200) throw new Error(`login ${login.status} ${login.body}`);
      users[i] = { id: JSON.parse(created.body).user_id, access: JSON.parse(login.body).access };
    },
  );
  const publicWishes: number[] = [];
  await pool(users, 16, async (user, i) => {
    const res = await call(port, ...at('saveWish'), user.access, { text: `Happy birthday and good luck from user ${i}`, is_public: true });
    if (res.status !== 201) throw new Error(`save ${res.status} ${res.body}`);
    publicWishes.push(JSON.parse(res.body).wish_id);
    if (i % 5 === 0) await call(port, ...at('saveWish'), user.access, { text: `A private wish of user ${i}`, is_public: false });
  });
  return { users, publicWishes };
}

interface KillPlan {
  /** Called halfway through the run. */
  kill(): void;
  at?: number;
}

async function drive(port: number, users: User[], publicWishes: number[], killPlan?: KillPlan) {
  const acknowledgedSaves: number[] = [];
  let killErrors = 0;
  const stats = new Map<Op, OpStats>(OPS.map(([op]) => [op, { requests: 0, errors: 0, quota429: 0, latencies: [], statuses: {} }]));
  /** Latencies of the requests sent during the warm-up (errors and statuses still count above). */
  const warmup: { reads: number[]; all: number[] } = { reads: [], all: [] };
  let networkErrors = 0;
  const networkErrorKinds: Record<string, number> = {};
  const deadline = Date.now() + DURATION_S * 1000;
  const warmupEnd = Date.now() + WARMUP_S * 1000;
  const one = async (user: User) => {
    const op = pickOp();
    let method = 'GET';
    let url = '';
    let body: unknown;
    const wish = pick(publicWishes);
    let target = pick(users);
    if (target.id === user.id) target = users[(users.indexOf(user) + 1) % users.length];
    switch (op) {
      case 'feed':
        [method, url] = at('getFeedPage', { page: 1 + Math.floor(Math.random() * 3) });
        break;
      case 'search':
        [method, url] = at('search');
        body = { query: pick(WORDS) };
        break;
      case 'wish':
        [method, url] = at('getWish', { id: wish });
        break;
      case 'profile':
        [method, url] = at('getProfile', { id: target.id });
        break;
      case 'vote':
        [method, url] = at('voteOnWish', { id: wish });
        body = { vote_type: Math.random() < 0.7 ? 'upvote' : 'downvote' };
        break;
      case 'unvote':
        [method, url] = at('removeVote', { id: wish });
        break;
      case 'subscribe':
        [method, url] = at('subscribe', { id: target.id });
        break;
      case 'unsubscribe':
        [method, url] = at('unsubscribe', { id: target.id });
        break;
      case 'generate':
        [method, url] = at('generateText');
        body = { style: pick(STYLES), audience: 'Friend', name: 'Sam', topic: pick(TOPICS), details: 'loves hiking and cake' };
        break;
      case 'save':
        [method, url] = at('saveWish');
        body = { text: `Load wish ${Math.random().toString(36).slice(2)} for a happy birthday`, is_public: Math.random() < 0.9 };
        break;
    }
    const s = stats.get(op)!;
    const t0 = performance.now();
    const warming = Date.now() < warmupEnd;
    try {
      const res = await call(port, method, url, op === 'feed' || op === 'search' || op === 'wish' || op === 'profile' ? (Math.random() < 0.5 ? user.access : undefined) : user.access, body);
      const latency = performance.now() - t0;
      if (warming) {
        warmup.all.push(latency);
        if (READ_OPS.includes(op)) warmup.reads.push(latency);
      } else s.latencies.push(latency);
      s.requests++;
      s.statuses[res.status] = (s.statuses[res.status] ?? 0) + 1;
      if (op === 'generate' && res.status === 429) s.quota429++;
      else if (res.status >= 502 && duringKill()) killErrors++;
      else if (res.status >= 400) s.errors++;
      if (op === 'save' && res.status === 201) acknowledgedSaves.push(JSON.parse(res.body).wish_id);
      if (op === 'save' && res.status === 201 && (body as { is_public: boolean }).is_public) publicWishes.push(JSON.parse(res.body).wish_id);
    } catch (error) {
      if (duringKill()) {
        s.requests++;
        killErrors++;
        return;
      }
      s.requests++;
      s.errors++;
      networkErrors++;
      const kind = `${op}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
      networkErrorKinds[kind] = (networkErrorKinds[kind] ?? 0) + 1;
    }
  };
  const started = Date.now();
  const duringKill = () => killPlan?.at !== undefined && Date.now() - killPlan.at <= KILL_WINDOW_MS;
  const killTimer = killPlan
    ? setTimeout(() => {
        killPlan.at = Date.now();
        killPlan.kill();
      }, (DURATION_S * 1000) / 2)
    : undefined;
  // With a think time, each user starts at a random moment of the first think period and thinks
  // 0.5–1.5× the mean: with one common start and a fixed pause, the 200 users arrived as one burst
  // every second and the reads' p99 measured the time to drain that burst (~300 ms on 2 cores),
  // not the site. The offered rate is unchanged (users ÷ mean think time).
  const think = () => new Promise((r) => setTimeout(r, THINK_MS * (0.5 + Math.random())));
  await Promise.all(
    users.map(async (user) => {
      if (THINK_MS) await new Promise((r) => setTimeout(r, Math.random() * THINK_MS));
      while (Date.now() < deadline) {
        await one(user);
        if (THINK_MS) await think();
      }
    }),
  );
  clearTimeout(killTimer);
  return { stats, warmup, networkErrors, networkErrorKinds, seconds: (Date.now() - started) / 1000, acknowledgedSaves, killErrors };
}

// ---------------------------------------------------------------- counters

interface Verdict {
  ok: boolean;
  lines: string[];
}

const COUNTER_SQL = {
  votes: `select count(*) as n from wishes w where w.upvote_count <> (select count(*) from votes v where v.wish_id = w.id and v.vote_type = 'upvote')
          or w.downvote_count <> (select count(*) from votes v where v.wish_id = w.id and v.vote_type = 'downvote')`,
  followers: `select count(*) as n from users u where u.followers_count <> (select count(*) from subscriptions s where s.target_id = u.id)`,
  following: `select count(*) as n from users u where u.following_count <> (select count(*) from subscriptions s where s.follower_id = u.id)`,
  totals: `select (select count(*) from wishes) as wishes, (select count(*) from votes) as votes, (select count(*) from subscriptions) as subscriptions, (select count(*) from users) as users`,
};

async function countersVia(query: (sqlText: string) => Promise<Record<string, unknown>>): Promise<Verdict> {
  const lines: string[] = [];
  let ok = true;
  const totals = await query(COUNTER_SQL.totals);
  for (const key of ['votes', 'followers', 'following'] as const) {
    const n = Number((await query(COUNTER_SQL[key])).n);
    if (n) ok = false;
    lines.push(`${key === 'votes' ? 'wish up/down counts vs votes rows' : key === 'followers' ? 'followers vs subscriptions rows' : 'following vs subscriptions rows'}: ${n ? `${n} MISMATCHED` : 'all equal'}`);
  }
  lines.unshift(`rows: ${totals.users} users, ${totals.wishes} wishes, ${totals.votes} votes, ${totals.subscriptions} subscriptions`);
  return { ok, lines };
}

/** posts (computed per request) vs the wishes each viewer may see, through the API. */
async function checkPosts(port: number, users: User[], query: (sqlText: string) => Promise<Record<string, unknown>[]>): Promise<Verdict> {
  const rows = await query(`select user_id, count(*) as total, sum(case when is_public = 1 then 1 else 0 end) as public from wishes group by user_id`);
  const byUser = new Map(rows.map((r) => [Number(r.user_id), { total: Number(r.total), public: Number(r.public) }]));
  let bad = 0;
  await pool(users, 16, async (user) => {
    const expected = byUser.get(user.id) ?? { total: 0, public: 0 };
    const visitor = JSON.parse((await call(port, ...at('getProfile', { id: user.id }))).body);
    const self = JSON.parse((await call(port, ...at('getProfile', { id: user.id }), user.access)).body);
    if (visitor.posts !== expected.public || self.posts !== expected.total) bad++;
  });
  return { ok: bad === 0, lines: [`posts (visitor and self) vs wishes rows: ${bad ? `${bad} users MISMATCHED` : `all ${users.length} users equal`}`] };
}

// ---------------------------------------------------------------- one database

const PG_CANDIDATES = [process.env.TEST_POSTGRES_URL, 'postgres://postgres@127.0.0.1:5432/test', 'postgres://root@127.0.0.1:5432/test', 'postgres://postgres@127.0.0.1:5432/postgres'].filter(
  (u): u is string => Boolean(u),
);

async function pgAdminUrl(): Promise<string | null> {
  for (const url of PG_CANDIDATES) {
    if (!/^postgres(ql)?:\/\/[^/]*@?(127\.0\.0\.1|localhost)(:\d+)?\//.test(url)) continue; // loopback only
    const c = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await c.connect();
      await c.end();
      return url;
    } catch {
      await c.end().catch(() => undefined);
    }
  }
  return null;
}

interface DbResult {
  db: string;
  rows: Array<{ op: string; requests: number; errors: number; quota429: number; p50: number; p99: number }>;
  total: { requests: number; errors: number; quota429: number; p50: number; p99: number; rps: number };
  /** Every read operation together (READ_OPS), after the warm-up. */
  reads: { requests: number; p50: number; p99: number };
  /** The requests sent in the first WARMUP_S seconds: counted in requests and errors, not in the latencies above. */
  warmup: { seconds: number; requests: number; reads: { p50: number; p99: number }; all: { p50: number; p99: number }; readsWithWarmup: { p50: number; p99: number } };
  networkErrors: number;
  networkErrorKinds: Record<string, number>;
  statuses: Record<string, Record<string, number>>;
  verdict: Verdict;
  /** One-minute load average at the end of the run. */
  loadAverage: number;
  /** The same before the users signed up. */
  loadAverageStart: number;
}

async function runOne(kind: string): Promise<DbResult | null> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `wishes-load-${kind}-`));
  let server: ServerChild | undefined;
  let cluster: ClusterHandle | undefined;
  let dropPg: (() => Promise<void>) | null = null;
  let pgUrl: string | null = null;
  try {
    const env: Record<string, string> = { DATA_DIR: dataDir, RATE_LIMIT_SCALE: '100000', GENERATION_LIMIT_PER_HOUR: GEN_LIMIT, LOG_LEVEL: 'warn' };
    if (kind === 'postgres' || kind === 'cluster') {
      const admin = await pgAdminUrl();
      if (!admin) {
        if (process.env.CI) throw new Error('PostgreSQL is not reachable on 127.0.0.1:5432 (required under CI)');
        console.warn('!!! PostgreSQL is not reachable on 127.0.0.1:5432: the PostgreSQL load run is SKIPPED');
        return null;
      }
      const name = `wishes_load_${Date.now().toString(36)}`;
      const c = new Client({ connectionString: admin });
      await c.connect();
      await c.query(`create database "${name}"`);
      await c.end();
      const url = new URL(admin);
      url.pathname = `/${name}`;
      pgUrl = url.toString();
      env.DATABASE_URL = pgUrl;
      dropPg = async () => {
        const d = new Client({ connectionString: admin });
        await d.connect();
        await d.query(`drop database if exists "${name}" with (force)`);
        await d.end();
      };
    }
    let port: number;
    let killPlan: KillPlan | undefined;
    if (kind === 'cluster') {
      cluster = await launcher.startCluster({ port: 0, databaseUrl: env.DATABASE_URL, direct: true, quiet: true, env: { ...env, NODE_ENV: 'production', SEED_DEMO: 'false', MAIL_TRANSPORT: 'outbox', JWT_SECRET: 'load-secret-0123456789abcdef0123' }, log: (line: string) => console.log(`[cluster] ${line}`) });
      port = cluster.port;
      const victim = cluster.servers[1];
      killPlan = {
        kill: () => {
          console.log(`[cluster] SIGKILL server 2 (127.0.0.1:${victim.port}) at ${Math.round(DURATION_S / 2)} s`);
          launcher.killServer(victim);
        },
      };
    } else {
      // A generous start bound: on a saturated machine compiling the server alone can take a minute.
      server = await startServer(env, 180_000);
      port = server.port;
    }
    const loadavg = os.loadavg()[0];
    if (loadavg > os.cpus().length) console.warn(`!!! the machine is busy before the run (load average ${loadavg.toFixed(1)} on ${os.cpus().length} cores): latencies will show it`);
    process.stdout.write(`[${kind}] server on 127.0.0.1:${port}; signing up ${USERS} users… `);
    const t0 = Date.now();
    const { users, publicWishes } = await setup(port);
    console.log(`done in ${((Date.now() - t0) / 1000).toFixed(1)} s; driving ${USERS} users for ${DURATION_S} s…`);
    const { stats, warmup, networkErrors, networkErrorKinds, seconds, acknowledgedSaves, killErrors } = await drive(port, users, publicWishes, killPlan);

    // Quiescent now: check counters while the server still answers (posts), then stop it cleanly.
    const sqlite = kind === 'sqlite' ? new Database(path.join(dataDir, 'wishes.db'), { readonly: true }) : null;
    const pgc = pgUrl ? new Client({ connectionString: pgUrl }) : null;
    if (pgc) await pgc.connect();
    const queryAll = async (text: string): Promise<Record<string, unknown>[]> =>
      sqlite ? (sqlite.prepare(text).all() as Record<string, unknown>[]) : (await pgc!.query(text)).rows;
    const posts = await checkPosts(port, users, queryAll);
    let lost = 0;
    for (let i = 0; i < acknowledgedSaves.length; i += 1000) {
      const ids = acknowledgedSaves.slice(i, i + 1000);
      const found = sqlite
        ? (sqlite.prepare(`select count(*) as n from wishes where id in (${ids.map(() => '?').join(',')})`).get(...ids) as { n: number }).n
        : Number((await pgc!.query('select count(*) as n from wishes where id = any($1::int[])', [ids])).rows[0].n);
      lost += ids.length - Number(found);
    }
    const writes: Verdict = {
      ok: lost === 0,
      lines: [
        `acknowledged saves (201) in the database: ${lost ? `${lost} of ${acknowledgedSaves.length} LOST` : `all ${acknowledgedSaves.length}`}`,
        ...(killPlan ? [`requests failed within ${KILL_WINDOW_MS / 1000} s of the kill (in flight on the killed process): ${killErrors}`] : []),
      ],
    };
    await stopServer(server);
    server = undefined;
    await cluster?.stop();
    cluster = undefined;
    const counters = await countersVia(async (text) => (await queryAll(text))[0]);
    sqlite?.close();
    await pgc?.end();

    const rows = [...stats.entries()].map(([op, s]) => {
      const sorted = s.latencies.sort((a, b) => a - b);
      return { op, requests: s.requests, errors: s.errors, quota429: s.quota429, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    });
    const all = [...stats.values()].flatMap((s) => s.latencies).sort((a, b) => a - b);
    const total = {
      requests: rows.reduce((n, r) => n + r.requests, 0),
      errors: rows.reduce((n, r) => n + r.errors, 0),
      quota429: rows.reduce((n, r) => n + r.quota429, 0),
      p50: percentile(all, 50),
      p99: percentile(all, 99),
      rps: 0,
    };
    total.rps = total.requests / seconds;
    const readLatencies = [...stats.entries()].filter(([op]) => READ_OPS.includes(op)).flatMap(([, s]) => s.latencies).sort((a, b) => a - b);
    return {
      db: kind,
      rows,
      total,
      reads: { requests: readLatencies.length, p50: percentile(readLatencies, 50), p99: percentile(readLatencies, 99) },
      warmup: (() => {
        const reads = warmup.reads.sort((a, b) => a - b);
        const every = warmup.all.sort((a, b) => a - b);
        const readsWithWarmup = [...reads, ...readLatencies].sort((a, b) => a - b);
        return {
          seconds: WARMUP_S,
          requests: every.length,
          reads: { p50: percentile(reads, 50), p99: percentile(reads, 99) },
          all: { p50: percentile(every, 50), p99: percentile(every, 99) },
          readsWithWarmup: { p50: percentile(readsWithWarmup, 50), p99: percentile(readsWithWarmup, 99) },
        };
      })(),
      networkErrors,
      networkErrorKinds,
      statuses: Object.fromEntries([...stats.entries()].map(([op, s]) => [op, s.statuses])),
      verdict: { ok: counters.ok && posts.ok && writes.ok, lines: [...counters.lines, ...posts.lines, ...writes.lines] },
      loadAverage: os.loadavg()[0],
      loadAverageStart: loadavg,
    };
  } finally {
    await stopServer(server);
    await cluster?.stop();
    if (dropPg) await dropPg().catch((e: unknown) => console.warn(`could not drop the load database: ${String(e)}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- report

function table(results: DbResult[]): string {
  const head = '| Database | Operation | Requests | Errors | 429 (quota) | p50 ms | p99 ms |';
  const lines = [head, '|---|---|---:|---:|---:|---:|---:|'];
  for (const r of results) {
    for (const row of r.rows) lines.push(`| ${r.db} | ${row.op} | ${row.requests} | ${row.errors} | ${row.quota429} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} |`);
    lines.push(`| ${r.db} | reads (${READ_OPS.join(', ')}) | ${r.reads.requests} | | | ${r.reads.p50.toFixed(1)} | ${r.reads.p99.toFixed(1)} |`);
    lines.push(`| **${r.db}** | **all (${r.total.rps.toFixed(0)} req/s)** | **${r.total.requests}** | **${r.total.errors}** | **${r.total.quota429}** | **${r.total.p50.toFixed(1)}** | **${r.total.p99.toFixed(1)}** |`);
  }
  return lines.join('\n');
}

async function main() {
  console.log(`load: ${USERS} users × ${DURATION_S} s per database (${DBS.join(', ')}), loopback only, generation limit ${GEN_LIMIT}/h, think time ${THINK_MS} ms, warm-up ${WARMUP_S} s`);
  const results: DbResult[] = [];
  let failed = false;
  for (const kind of DBS) {
    const r = await runOne(kind);
    if (!r) {
      if (process.env.CI) failed = true;
      continue;
    }
    results.push(r);
    agent.destroy();
    agent = new Agent({ keepAlive: true, maxSockets: USERS + 8 });
  }
  console.log('\n' + table(results) + '\n');
  for (const r of results) {
    console.log(`[${r.db}] counters: ${r.verdict.ok ? 'OK' : 'MISMATCH'} (load average ${r.loadAverageStart.toFixed(1)} before, ${r.loadAverage.toFixed(1)} after, on ${os.cpus().length} cores)`);
    for (const line of r.verdict.lines) console.log(`  - ${line}`);
    const readsPass = r.reads.p99 <= READ_P99_TARGET_MS;
    console.log(
      `  - mixed load, reads p50 ${r.reads.p50.toFixed(1)} ms, p99 ${r.reads.p99.toFixed(1)} ms: target p99 ≤ ${READ_P99_TARGET_MS} ms ${readsPass ? 'PASS' : 'FAIL'}` +
        (THINK_MS > 0 ? ` (think ${THINK_MS} ms)` : ' (no think time: a saturation figure, the target is judged with --think 1000)'),
    );
    if (r.warmup.requests)
      console.log(
        `  - warm-up (the first ${r.warmup.seconds} s after the server's start, counted in Requests and Errors, not in the latencies): ${r.warmup.requests} requests, reads p50 ${r.warmup.reads.p50.toFixed(1)} ms, p99 ${r.warmup.reads.p99.toFixed(1)} ms; all p99 ${r.warmup.all.p99.toFixed(1)} ms; the whole run's reads, warm-up included: p99 ${r.warmup.readsWithWarmup.p99.toFixed(1)} ms`,
      );
    if (r.networkErrors) console.log(`  - ${r.networkErrors} requests got no answer: ${JSON.stringify(r.networkErrorKinds)}`);
    const unexpected = Object.entries(r.statuses).flatMap(([op, st]) => Object.entries(st).filter(([code]) => Number(code) >= 400 && !(op === 'generate' && code === '429')).map(([code, n]) => `${op} ${code}×${n}`));
    if (unexpected.length) console.log(`  - error statuses: ${unexpected.join(', ')}`);
    if (!r.verdict.ok || r.total.errors > 0) failed = true;
  }
  const outDir = path.join(REPO_ROOT, '.tmp');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'load-results.json'), JSON.stringify({ users: USERS, durationSeconds: DURATION_S, thinkMs: THINK_MS, warmupSeconds: WARMUP_S, readP99TargetMs: READ_P99_TARGET_MS, results }, null, 2));
  writeFileSync(path.join(outDir, 'load-results.md'), table(results) + '\n');
  console.log(`\nverdict: ${failed ? 'FAIL' : 'PASS'} (results in .tmp/load-results.json and .tmp/load-results.md)`);
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
