/**
 * The cluster looks after itself (scripts/cluster.js, docs/cluster.md → "Supervision"): a server
 * killed with SIGKILL is started again on its own port, logged, and answers within 10 s; with
 * METRICS_PORT set, server i serves /metrics on METRICS_PORT + i, the same ports after a respawn and
 * a rolling reload (new processes behind them), listed in DATA_DIR/prometheus-targets.json. Two
 * servers on a PostgreSQL database of their own, Redis, HAProxy.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { REPO_ROOT } from '../../src/platform/config';
import { commandExists, describeUnless, firstMissing, tcpReachable, unreachable } from '../kit/services';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const launcher = require(`${REPO_ROOT}/scripts/cluster.js`) as {
  startCluster(options: Record<string, unknown>): Promise<Cluster>;
  killServer(server: ClusterServer): void;
};

interface ClusterServer {
  index: number;
  port: number;
  name: string;
  proc: { pid: number; exitCode: number | null; signalCode: string | null };
}
interface Cluster {
  port: number;
  dataDir: string;
  servers: ClusterServer[];
  metricsPorts: number[];
  targetsFile?: string;
  stop(): Promise<void>;
  reload(log?: (line: string) => void): Promise<void>;
}

const ADMIN_URL = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = { host: '127.0.0.1', port: 6379 };
const unavailable = firstMissing(
  () => (commandExists('haproxy') ? null : 'haproxy is not installed (apt-get install -y haproxy)'),
  () => (tcpReachable(REDIS.host, REDIS.port) || commandExists('redis-server') ? null : `Redis does not answer on ${REDIS.host}:${REDIS.port} and redis-server is not installed`),
  () => unreachable('PostgreSQL', ADMIN_URL, 5432),
);
const describeCluster = describeUnless(unavailable, Boolean(process.env.CI));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** A base port with `count` free ports from it. */
async function freeRun(count: number): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    let free = true;
    for (let i = 0; i < count && free; i++) free = await portFree(base + i);
    if (free) return base;
  }
}

async function status(port: number, path: string): Promise<number> {
  try {
    return (await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(2000) })).status;
  } catch {
    return 0;
  }
}

/** process_start_time_seconds of whichever process answers on that metrics port. */
async function startTimeOn(port: number): Promise<string> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return /^process_start_time_seconds (\S+)$/m.exec(text)?.[1] ?? '';
}

describeCluster('a cluster that looks after itself', () => {
  let cluster: Cluster | undefined;
  let databaseName = '';
  const lines: string[] = [];
  let metricsBase = 0;

  beforeAll(async () => {
    databaseName = `cluster_sup_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = new Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database "${databaseName}"`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${databaseName}`;
    metricsBase = await freeRun(2);
    cluster = await launcher.startCluster({
      port: 0,
      size: 2,
      databaseUrl: url.toString(),
      redisUrl: `redis://${REDIS.host}:${REDIS.port}`,
      direct: true,
      quiet: true,
      log: (line: string) => lines.push(line),
      env: { NODE_ENV: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'warn', METRICS_PORT: String(metricsBase) },
    });
  }, 170_000);

  afterAll(async () => {
    await cluster?.stop();
    if (databaseName) {
      const admin = new Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`drop database if exists "${databaseName}" with (force)`);
      await admin.end();
    }
  }, 60_000);

  it('serves /metrics of process i on METRICS_PORT + i and lists them for Prometheus', async () => {
    const c = cluster!;
    expect(c.metricsPorts).toEqual([metricsBase, metricsBase + 1]);
    for (const port of c.metricsPorts) expect(await status(port, '/metrics')).toBe(200);
    expect(JSON.parse(readFileSync(c.targetsFile!, 'utf8'))).toEqual([
      { targets: [`127.0.0.1:${metricsBase}`], labels: { job: 'wishes', process: '1' } },
      { targets: [`127.0.0.1:${metricsBase + 1}`], labels: { job: 'wishes', process: '2' } },
    ]);
  });

  it('starts a server killed with SIGKILL again within 10 s, on its own port, and logs it', async () => {
    const c = cluster!;
    const victim = c.servers[1]!;
    const before = await startTimeOn(metricsBase + 1);
    const killedAt = Date.now();
    launcher.killServer(victim);
    while (c.servers[1] === victim || (await status(victim.port, '/healthz')) !== 200) {
      if (Date.now() - killedAt > 30_000) break;
      await sleep(100);
    }
    const back = Date.now() - killedAt;
    expect(c.servers[1]).not.toBe(victim);
    expect(c.servers[1]!.port).toBe(victim.port);
    expect(c.servers[1]!.proc.pid).not.toBe(victim.proc.pid);
    expect(back).toBeLessThan(10_000);
    expect(lines).toContain(`server 2 (pid ${victim.proc.pid}) exited (SIGKILL); starting it again on port ${victim.port}`);
    expect(lines.some((l) => /^server 2 is back after \d+\.\d s$/.test(l))).toBe(true);
    // Its metrics port is the same, served by the new process.
    expect(await startTimeOn(metricsBase + 1)).not.toBe(before);
    // HAProxy takes it back: requests through the proxy keep answering.
    for (let i = 0; i < 6; i++) expect(await status(c.port, '/healthz')).toBe(200);
    console.log(`respawn: server 2 answered again ${back} ms after SIGKILL`);
  }, 60_000);

  it('keeps the metrics ports across a rolling reload, and does not restart a server the reload replaced', async () => {
    const c = cluster!;
    const before = await Promise.all(c.metricsPorts.map(startTimeOn));
    const pids = c.servers.map((s) => s.proc.pid);
    const mark = lines.length;
    await c.reload(() => undefined);
    expect(c.servers.map((s) => s.proc.pid).every((pid, i) => pid !== pids[i])).toBe(true);
    const after = await Promise.all(c.metricsPorts.map(startTimeOn));
    after.forEach((t, i) => expect(t).not.toBe(before[i]));
    expect(JSON.parse(readFileSync(c.targetsFile!, 'utf8')).map((t: { targets: string[] }) => t.targets[0])).toEqual(c.metricsPorts.map((p) => `127.0.0.1:${p}`));
    await sleep(1500);
    expect(lines.slice(mark).filter((l) => /starting it again/.test(l))).toEqual([]);
  }, 120_000);
});
