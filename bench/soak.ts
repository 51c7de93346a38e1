/**
 * `npm run soak -- --minutes N [--cluster] [--db sqlite|postgres] [--out DIR]` (docs/operations.md →
 * "Soak"): hours-shaped traffic for N minutes (default 20) against the real server, one process
 * (SQLite by default) or the cluster (three processes behind HAProxy on PostgreSQL and Redis,
 * scripts/cluster.js). Not part of `npm test`.
 *
 * Traffic: 200 live notification streams held open (reconnecting whenever one ends, as a browser
 * does), and a few clients in a loop over a mix of feed pages, wish pages, votes (cast, switched,
 * taken back: each raises a notification on an open stream), saves, generation (the offline
 * template generator), search, profiles, notification lists and deliveries (wishes sent by email,
 * now or a few seconds ahead, to the soak's own SMTP sink; each mailed link is then opened).
 *
 * Each minute it prints requests, p50/p99 latency, errors, the open streams, and each server
 * process's resident memory and V8 heap (read from its GET /metrics, platform/metrics.ts). At the end it
 * writes soak.json, soak.csv and soak.png (echarts rendered to SVG on the server side, then PNG by
 * sharp) into --out (default .tmp/soak/<time>/), and exits 1 when any request erred or memory grew
 * without bound: after the first third of the run (warm-up), the median of the last half of the
 * minutes above 1.25 × the median of the first half plus 32 MiB, for RSS or heap (needs 6+ minutes;
 * shorter runs only report).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { startSmtpSink, type SmtpSink } from '../server/test/kit/smtp-sink';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as echarts from 'echarts';
import { Client } from 'pg';
import sharp from 'sharp';

const ROOT = path.resolve(__dirname, '..');
const STREAMS = 200;
const CLIENTS = 6;
const METRICS_TOKEN = `soak-${randomBytes(24).toString('hex')}`;
const PASSWORD = 'Soak-Harbor-Lantern-77';
const PG_ADMIN = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

interface Options {
  minutes: number;
  cluster: boolean;
  db: 'sqlite' | 'postgres';
  out: string;
}

function parseArgs(argv: string[]): Options {
  const value = (name: string) => {
    const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
    if (i === -1) return undefined;
    return argv[i]!.includes('=') ? argv[i]!.split('=')[1] : argv[i + 1];
  };
  const minutes = Number(value('minutes') ?? 20);
  if (!(minutes > 0) || minutes > 24 * 60) throw new Error('--minutes must be a number of minutes above 0');
  const cluster = argv.includes('--cluster');
  const db = (value('db') ?? (cluster ? 'postgres' : 'sqlite')) as Options['db'];
  if (db !== 'sqlite' && db !== 'postgres') throw new Error('--db must be sqlite or postgres');
  if (cluster && db !== 'postgres') throw new Error('--cluster runs on PostgreSQL');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = path.resolve(value('out') ?? path.join(ROOT, '.tmp', 'soak', `${stamp}-${cluster ? 'cluster' : db}`));
  return { minutes, cluster, db, out };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// ------------------------------------------------------------------ HTTP

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

interface Answer {
  status: number;
  body: string;
}

function request(port: number, method: string, urlPath: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { ...options.headers };
    if (payload) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, headers, agent, timeout: 30_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timed out after 30 s')));
    req.on('error', reject);
    req.end(payload);
  });
}

// ------------------------------------------------------------------ the system under test

interface Target {
  /** Where traffic goes (the server, or HAProxy). */
  port: number;
  /** Each server process's own port (for its /metrics). */
  processPorts(): number[];
  stop(): Promise<void>;
}

const SERVER_ENV: Record<string, string> = {
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  // The soak measures memory and latency, not the throttles: none of them may answer 429.
  RATE_LIMIT_SCALE: '100000',
  GENERATION_LIMIT_PER_HOUR: '1000000',
  GENERATOR: 'template',
  GENERATOR_TOKEN_DELAY_MS: '0',
  // Streams end when their token expires; a soak longer than that would measure reconnects of its own making.
  ACCESS_TOKEN_TTL: '24h',
  // All 200 streams come from this one loopback address; the per-member cap (one stream each here) stays.
  STREAMS_PER_ADDRESS: '1000',
  METRICS_TOKEN,
  // Deliveries: the soak's members are fresh and unverified, and each sends many; the scheduler
  // looks every second so scheduled sends go out during the run (SMTP_URL: the soak's own sink).
  REQUIRE_VERIFIED_SENDERS: 'false',
  DELIVERIES_PER_DAY: '1000000',
  DELIVERY_POLL_MS: '1000',
};

async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `soak_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
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

async function startSingle(db: Options['db']): Promise<Target> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-soak-'));
  const pg = db === 'postgres' ? await createPgDatabase() : null;
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'src', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...SERVER_ENV, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...(pg ? { DATABASE_URL: pg.url } : { DATABASE_URL: '' }) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not answer /healthz within 120 s');
    const ok = await request(port, 'GET', '/healthz').then((a) => a.status === 200, () => false);
    if (ok) break;
    await sleep(250);
  }
  return {
    port,
    processPorts: () => [port],
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startClusterTarget(): Promise<Target> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const launcher = require(path.join(ROOT, 'scripts', 'cluster.js')) as {
    startCluster(options: Record<string, unknown>): Promise<{ port: number; servers: Array<{ port: number }>; stop(): Promise<void> }>;
  };
  const pg = await createPgDatabase();
  const cluster = await launcher.startCluster({ port: 0, databaseUrl: pg.url, direct: true, quiet: true, log: (line: string) => console.log(`[cluster] ${line}`), env: SERVER_ENV });
  return {
    port: cluster.port,
    processPorts: () => cluster.servers.map((s) => s.port),
    async stop() {
      await cluster.stop();
      await pg.drop();
    },
  };
}

// ------------------------------------------------------------------ traffic

interface Member {
  id: number;
  email: string;
  access: string;
}

async function signUp(port: number, n: number): Promise<Member[]> {
  const tag = randomBytes(3).toString('hex');
  const members: Member[] = [];
  const one = async (i: number) => {
    const email = `soak${i}.${tag}@example.com`;
    const created = await request(port, 'POST', '/api/base/create_user/', { body: { email, password: PASSWORD, first_name: 'Soak', last_name: `Member${i}`, phone: '1' } });
    if (created.status !== 201) throw new Error(`sign-up: ${created.status} ${created.body}`);
    const login = await request(port, 'POST', '/api/token/', { body: { username: email, password: PASSWORD } });
    if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${login.body}`);
    members[i] = { id: JSON.parse(created.body).user_id, email, access: JSON.parse(login.body).access };
  };
  for (let i = 0; i < n; i += 10) await Promise.all(Array.from({ length: Math.min(10, n - i) }, (_, k) => one(i + k)));
  return members;
}

interface Minute {
  latencies: number[];
  errors: number;
  events: number;
}

class Recorder {
  minutes: Minute[] = [];
  errorsSeen: string[] = [];
  current: Minute = { latencies: [], errors: 0, events: 0 };
  ok(ms: number) {
    this.current.latencies.push(ms);
  }
  error(what: string) {
    this.current.errors += 1;
    if (this.errorsSeen.length < 20) this.errorsSeen.push(what);
  }
  roll(): Minute {
    const done = this.current;
    this.minutes.push(done);
    this.current = { latencies: [], errors: 0, events: 0 };
    return done;
  }
}

/** One notification stream, reopened whenever it ends (the server's retry hint, at most 3 s). */
function holdStream(port: number, member: Member, recorder: Recorder, stopped: () => boolean, open: { count: number }): Promise<void> {
  return (async () => {
    while (!stopped()) {
      await new Promise<void>((resolve) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/api/notifications/stream/', headers: { authorization: `Bearer ${member.access}` }, agent: false }, (res) => {
          if (res.statusCode !== 200) {
            recorder.error(`stream ${res.statusCode}`);
            res.resume();
            res.on('end', resolve);
            return;
          }
          open.count += 1;
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (chunk.includes('event: unread')) recorder.current.events += 1;
          });
          const done = () => {
            open.count -= 1;
            resolve();
          };
          res.once('end', done);
          res.once('error', done);
          const check = setInterval(() => {
            if (stopped()) {
              clearInterval(check);
              req.destroy();
            }
          }, 500);
          res.once('close', () => clearInterval(check));
        });
        req.on('error', (error) => {
          if (!stopped()) recorder.error(`stream: ${error.message}`);
          resolve();
        });
      });
      if (!stopped()) await sleep(1000 + Math.random() * 2000);
    }
  })();
}

const TOPICS = ['Birthday', 'Wedding', 'New Year', 'Graduation', 'Anniversary'];

async function client(port: number, members: Member[], wishIds: number[], own: Map<number, number[]>, recorder: Recorder, stopped: () => boolean, n: number) {
  let i = 0;
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  while (!stopped()) {
    i += 1;
    const me = pick(members);
    const roll = Math.random();
    let method = 'GET';
    let url: string;
    let body: unknown;
    let token: string | undefined;
    if (roll < 0.3) url = `/api/base/feed/${1 + Math.floor(Math.random() * 3)}/`;
    else if (roll < 0.42) url = `/api/base/wish/${pick(wishIds)}/`;
    else if (roll < 0.62) {
      method = Math.random() < 0.2 ? 'DELETE' : 'POST';
      url = `/api/wish/${pick(wishIds)}/vote/`;
      body = method === 'POST' ? { vote_type: Math.random() < 0.7 ? 'upvote' : 'downvote' } : undefined;
      token = me.access;
    } else if (roll < 0.72) {
      method = 'POST';
      url = '/api/base/save_wish/';
      body = { text: `Soak wish ${n}.${i}: happy ${pick(TOPICS).toLowerCase()}, and all the best for the year ahead`, is_public: Math.random() < 0.8 };
      // Only public wishes join the pool others read and vote on (a private one is 404 to them).
      token = me.access;
    } else if (roll < 0.78) {
      method = 'POST';
      url = '/api/base/generate_text/';
      body = { style: 'Warm', audience: 'Friend', name: 'Sam', topic: pick(TOPICS), details: 'loves the sea' };
      token = me.access;
    } else if (roll < 0.84) {
      method = 'POST';
      url = '/api/base/search/';
      body = { query: pick(['birthday', 'happy', 'year', 'sea', 'wedding']) };
    } else if (roll < 0.87) url = `/api/profile/${pick(members).id}/`;
    else if (roll < 0.9 && own.get(me.id)?.length) {
      // A wish of one's own sent by email: now (mailed in the request) or 5-30 s ahead (the scheduler).
      method = 'POST';
      url = `/api/base/wish/${pick(own.get(me.id)!)}/send/`;
      const later = Math.random() < 0.5;
      body = { recipient_email: `friend${Math.floor(Math.random() * 500)}@example.net`, recipient_name: 'Friend', note: 'For you', ...(later ? { send_at: new Date(Date.now() + 5000 + Math.random() * 25_000).toISOString() } : {}) };
      token = me.access;
    } else if (roll < 0.92) {
      url = '/api/base/deliveries/';
      token = me.access;
    } else {
      url = '/api/notifications/';
      token = me.access;
    }
    const started = performance.now();
    try {
      const answer = await request(port, method, url, { token, body });
      // A vote taken back that was never cast is a 404 by design; anything else outside 2xx is an error.
      const fine = (answer.status >= 200 && answer.status < 300) || (method === 'DELETE' && answer.status === 404);
      if (fine) recorder.ok(performance.now() - started);
      else recorder.error(`${method} ${url} → ${answer.status} ${answer.body.slice(0, 160)}`);
      if (fine && url === '/api/base/save_wish/') {
        const id = JSON.parse(answer.body).wish_id as number;
        if ((body as { is_public: boolean }).is_public) wishIds.push(id);
        const mine = own.get(me.id) ?? [];
        mine.push(id);
        own.set(me.id, mine.slice(-20));
      }
      if (wishIds.length > 5000) wishIds.splice(0, wishIds.length - 5000);
    } catch (error) {
      recorder.error(`${method} ${url}: ${(error as Error).message}`);
    }
  }
}

/**
 * The recipients: every mailed wish's link is opened as the recipient's page does (the received
 * wish, then "opened", which notifies the sender on their stream).
 */
async function recipients(port: number, sink: SmtpSink, recorder: Recorder, stopped: () => boolean) {
  let read = 0;
  while (!stopped()) {
    await sleep(500);
    for (; read < sink.mails.length; read++) {
      const token = /\/w\/([A-Za-z0-9_-]{20,})/.exec(sink.mails[read]!.text)?.[1];
      if (!token) {
        recorder.error('a mailed wish without a /w/ link');
        continue;
      }
      for (const [method, url] of [['GET', `/api/base/deliveries/received/${token}/`], ['POST', `/api/base/deliveries/received/${token}/opened/`]] as const) {
        const started = performance.now();
        try {
          const answer = await request(port, method, url, method === 'POST' ? { body: {} } : {});
          if (answer.status >= 200 && answer.status < 300) recorder.ok(performance.now() - started);
          else recorder.error(`${method} /api/base/deliveries/received/…/ → ${answer.status} ${answer.body.slice(0, 160)}`);
        } catch (error) {
          recorder.error(`${method} received: ${(error as Error).message}`);
        }
      }
    }
  }
}

// ------------------------------------------------------------------ memory, figures, chart

async function processMemory(ports: number[]): Promise<Array<{ rss: number; heap: number; streams: number }>> {
  return Promise.all(
    ports.map(async (port) => {
      const answer = await request(port, 'GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      const value = (name: string) => {
        const line = answer.body.split('\n').find((l) => l.startsWith(`${name} `));
        return line ? Number(line.slice(name.length + 1)) : Number.NaN;
      };
      return { rss: value('process_resident_memory_bytes'), heap: value('nodejs_heap_size_used_bytes'), streams: value('wishes_notification_streams_open') };
    }),
  );
}

const MiB = 1024 * 1024;
const percentile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : Number.NaN);
const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 0.5);
const round1 = (n: number) => Math.round(n * 10) / 10;

interface Row {
  minute: number;
  requests: number;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
  stream_events: number;
  streams_open: number;
  rss_mib: number;
  heap_mib: number;
}

/** The growth check: null when it passes (or the run is too short), else why it failed. */
function growthVerdict(rows: Row[]): string | null {
  if (rows.length < 6) return null;
  const settled = rows.slice(Math.floor(rows.length / 3));
  const half = Math.floor(settled.length / 2);
  for (const key of ['rss_mib', 'heap_mib'] as const) {
    const first = median(settled.slice(0, half).map((r) => r[key]));
    const last = median(settled.slice(half).map((r) => r[key]));
    if (last > first * 1.25 + 32) return `${key === 'rss_mib' ? 'RSS' : 'heap'} kept growing: median ${round1(first)} MiB → ${round1(last)} MiB`;
  }
  return null;
}

async function writeChart(rows: Row[], file: string, title: string) {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 900, height: 420 });
  const minutes = rows.map((r) => String(r.minute));
  chart.setOption({
    animation: false,
    backgroundColor: '#ffffff',
    title: { text: title, left: 'center', top: 4, textStyle: { fontSize: 15 } },
    legend: { top: 36, data: ['RSS (MiB)', 'heap (MiB)', 'p50 (ms)', 'p99 (ms)'] },
    grid: { left: 60, right: 60, top: 84, bottom: 45 },
    xAxis: { type: 'category', name: 'minute', nameLocation: 'middle', nameGap: 28, data: minutes },
    yAxis: [
      { type: 'value', name: 'MiB', min: 0 },
      { type: 'value', name: 'ms', min: 0, splitLine: { show: false } },
    ],
    series: [
      { name: 'RSS (MiB)', type: 'line', data: rows.map((r) => r.rss_mib), yAxisIndex: 0, showSymbol: false, lineStyle: { width: 2 } },
      { name: 'heap (MiB)', type: 'line', data: rows.map((r) => r.heap_mib), yAxisIndex: 0, showSymbol: false, lineStyle: { width: 2 } },
      { name: 'p50 (ms)', type: 'line', data: rows.map((r) => r.p50_ms), yAxisIndex: 1, showSymbol: false, lineStyle: { width: 1, type: 'dashed' } },
      { name: 'p99 (ms)', type: 'line', data: rows.map((r) => r.p99_ms), yAxisIndex: 1, showSymbol: false, lineStyle: { width: 1, type: 'dashed' } },
    ],
  });
  const svg = chart.renderToSVGString();
  chart.dispose();
  await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).png().toFile(file);
}

// ------------------------------------------------------------------ main

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const label = options.cluster ? 'cluster (3 processes, PostgreSQL, Redis, HAProxy)' : `one process (${options.db === 'sqlite' ? 'SQLite' : 'PostgreSQL'})`;
  console.log(`soak: ${options.minutes} min against ${label}; ${STREAMS} notification streams, ${CLIENTS} clients; figures → ${options.out}`);
  const sink = await startSmtpSink();
  SERVER_ENV.SMTP_URL = sink.url;
  const target = options.cluster ? await startClusterTarget() : await startSingle(options.db);
  const recorder = new Recorder();
  const rows: Row[] = [];
  let stopped = false;
  try {
    const members = await signUp(target.port, STREAMS + 20);
    const wishIds: number[] = [];
    const own = new Map<number, number[]>();
    for (let i = 0; i < 40; i++) {
      const author = members[i % members.length]!;
      const saved = await request(target.port, 'POST', '/api/base/save_wish/', { token: author.access, body: { text: `A first soak wish ${i}: happy birthday and a bright year`, is_public: true } });
      if (saved.status !== 201) throw new Error(`seed wish: ${saved.status} ${saved.body}`);
      wishIds.push(JSON.parse(saved.body).wish_id);
      own.set(author.id, [...(own.get(author.id) ?? []), JSON.parse(saved.body).wish_id]);
    }
    const open = { count: 0 };
    const streams = members.slice(0, STREAMS).map((m) => holdStream(target.port, m, recorder, () => stopped, open));
    const clients = Array.from({ length: CLIENTS }, (_, n) => client(target.port, members, wishIds, own, recorder, () => stopped, n));
    const mailReaders = recipients(target.port, sink, recorder, () => stopped);
    console.log('minute  requests   rps   p50 ms  p99 ms  errors  events  streams   RSS MiB  heap MiB');
    const started = Date.now();
    for (let minute = 1; minute <= options.minutes; minute++) {
      const until = started + minute * 60_000;
      while (Date.now() < until) await sleep(Math.min(1000, until - Date.now()));
      const done = recorder.roll();
      const memory = await processMemory(target.processPorts()).catch(() => []);
      const sorted = [...done.latencies].sort((a, b) => a - b);
      const row: Row = {
        minute,
        requests: sorted.length + done.errors,
        rps: round1((sorted.length + done.errors) / 60),
        p50_ms: round1(percentile(sorted, 0.5)),
        p99_ms: round1(percentile(sorted, 0.99)),
        errors: done.errors,
        stream_events: done.events,
        streams_open: open.count,
        // The cluster: the largest process (each one is what could run out of memory).
        rss_mib: round1(Math.max(...memory.map((m) => m.rss)) / MiB),
        heap_mib: round1(Math.max(...memory.map((m) => m.heap)) / MiB),
      };
      rows.push(row);
      console.log(
        [row.minute, row.requests, row.rps, row.p50_ms, row.p99_ms, row.errors, row.stream_events, row.streams_open, row.rss_mib, row.heap_mib]
          .map((v, i) => String(v).padStart([6, 9, 6, 8, 7, 7, 7, 8, 9, 9][i]!))
          .join(' '),
      );
    }
    stopped = true;
    await Promise.all([...clients, ...streams, mailReaders]);
  } finally {
    stopped = true;
    await target.stop();
    await sink.close();
    agent.destroy();
  }

  const errors = rows.reduce((n, r) => n + r.errors, 0) + recorder.current.errors;
  const growth = growthVerdict(rows);
  const verdict = errors > 0 ? `FAILED: ${errors} request(s) erred` : growth ? `FAILED: ${growth}` : rows.length < 6 ? 'passed (no errors; too short to judge memory growth: 6+ minutes)' : 'passed (no errors, memory bounded)';
  mkdirSync(options.out, { recursive: true });
  const columns = Object.keys(rows[0] ?? { minute: 0 }) as Array<keyof Row>;
  writeFileSync(path.join(options.out, 'soak.csv'), [columns.join(','), ...rows.map((r) => columns.map((c) => r[c]).join(','))].join('\n') + '\n');
  writeFileSync(
    path.join(options.out, 'soak.json'),
    JSON.stringify({ target: label, minutes: options.minutes, streams: STREAMS, clients: CLIENTS, node: process.version, finished_at: new Date().toISOString(), verdict, mails_delivered: sink.mails.length, first_errors: recorder.errorsSeen, rows }, null, 2) + '\n',
  );
  if (rows.length) await writeChart(rows, path.join(options.out, 'soak.png'), `Soak, ${label}: ${options.minutes} min`);
  if (recorder.errorsSeen.length) console.log(`first errors:\n  ${recorder.errorsSeen.join('\n  ')}`);
  console.log(`soak: ${sink.mails.length} wishes mailed to the sink and opened by their recipients`);
  console.log(`soak: ${verdict}; wrote soak.csv, soak.json, soak.png in ${options.out}`);
  return verdict.startsWith('FAILED') ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
