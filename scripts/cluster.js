#!/usr/bin/env node
/**
 * `npm run cluster`: Wishes as a small cluster on one machine, the shape of a production
 * deployment (docs/cluster.md):
 *
 *   HAProxy on PORT (default 8000) ─┬─ server 1 ─┐
 *   (health-checks GET /healthz,    ├─ server 2 ─┼─ PostgreSQL (DATABASE_URL: data, avatars)
 *    X-Forwarded-For to servers)    └─ server 3 ─┴─ Redis (REDIS_URL: counters, cache invalidations)
 *
 * PostgreSQL and Redis are started when not running (and stopped again at exit only if started
 * here); HAProxy and redis-server are installed from Debian's packages when absent. Each server
 * is started exactly as `npm start` starts one (scripts/start.js), with the same settings
 * (RATE_LIMIT_SCALE, GENERATION_LIMIT_PER_HOUR, ...) plus REDIS_URL, MEDIA_STORAGE=postgres and
 * TRUST_PROXY=loopback (so the client address is the one HAProxy saw). The first server migrates
 * and seeds the database alone; the other two start once it answers (with SEED_DEMO=false all
 * three start at once). SIGINT/SIGTERM stops all.
 *
 * A server that dies (a crash, the OOM killer, kill -9) is started again on its own port and HAProxy
 * name, logged (`server 2 (pid …) exited (SIGKILL); starting it again on port …`), with a back-off
 * when it keeps dying at start. With METRICS_PORT set, server i (from 0) serves /metrics on
 * METRICS_PORT + i, the same port across respawns and reloads (old and new process share it with
 * SO_REUSEPORT while both run), and DATA_DIR/prometheus-targets.json lists them for Prometheus'
 * file-based discovery.
 *
 * `npm run cluster -- reload` (same folder and DATA_DIR as the running cluster) asks it, over the
 * control socket DATA_DIR/cluster.sock, to replace its servers one at a time with the code on disk
 * (reloadCluster below; HAProxy's runtime API on a socket in the cluster's temp folder); it prints
 * the progress and exits 0 when every server was replaced, 1 otherwise.
 *
 *   DATABASE_URL  default postgres://postgres@127.0.0.1:5432/wishes_cluster (created if missing)
 *   REDIS_URL     default redis://127.0.0.1:6379
 *   CLUSTER_SIZE  default 3
 *
 * `startCluster()` is also used by the cluster test suite and `npm run load -- --cluster`.
 */
require('../build/node-support').checkNode(); // before anything loads a native addon
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/wishes_cluster';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function tcpOpen(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Status of GET http://127.0.0.1:port/path, or 0 when nothing answers. */
function httpStatus(port, urlPath) {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false, timeout: 2000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode || 0));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(0));
  });
}

async function waitFor(what, check, timeoutMs, isDead) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    const dead = isDead?.();
    if (dead) throw new Error(`${what}: ${dead}`);
    await sleep(200);
  }
  throw new Error(`${what}: not ready after ${Math.round(timeoutMs / 1000)} s`);
}

function commandExists(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/** Installs Debian packages when their command is missing (as root, the way .ci/run does). */
function ensureDebianPackage(command, pkg, log) {
  if (commandExists(command)) return;
  log(`${command} is not installed: apt-get install -y ${pkg}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const result = spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env });
  if (result.status !== 0 || !commandExists(command)) throw new Error(`${pkg} could not be installed (run: apt-get install -y ${pkg})`);
}

/** Starts the machine's PostgreSQL cluster when nothing answers on the DATABASE_URL's port. */
async function ensurePostgres(databaseUrl, log) {
  const url = new URL(databaseUrl);
  const host = url.hostname || '127.0.0.1';
  const port = Number(url.port || 5432);
  if (await tcpOpen(host, port)) return;
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) throw new Error(`PostgreSQL at ${host}:${port} does not answer`);
  const versions = fs.existsSync('/etc/postgresql') ? fs.readdirSync('/etc/postgresql') : [];
  if (versions.length === 0) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
  log(`starting PostgreSQL ${versions[0]}`);
  spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', versions[0], 'main', 'start'], { stdio: 'inherit' });
  await waitFor('PostgreSQL', () => tcpOpen(host, port), 30_000);
}

/** Creates the DATABASE_URL's database when missing. */
async function ensureDatabase(databaseUrl) {
  const { Client } = require('pg');
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL must name a database');
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** Starts redis-server (no persistence: it holds counters only) when nothing answers on REDIS_URL. */
async function ensureRedis(redisUrl, log, children) {
  const url = new URL(redisUrl);
  const host = url.hostname || '127.0.0.1';
  const port = Number(url.port || 6379);
  if (await tcpOpen(host, port)) return;
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) throw new Error(`Redis at ${host}:${port} does not answer`);
  ensureDebianPackage('redis-server', 'redis-server', log);
  log(`starting redis-server on ${host}:${port}`);
  const proc = spawn('redis-server', ['--bind', host, '--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push({ name: 'redis', proc });
  await waitFor('Redis', () => tcpOpen(host, port), 15_000, () => (proc.exitCode !== null ? `exited with code ${proc.exitCode}` : null));
}

/**
 * Every process must sign and check the same tokens: the secret file the server would create in
 * DATA_DIR on its first start (platform/config.ts) is created here once, before three processes race to.
 */
function ensureSigningSecret(dataDir) {
  if (process.env.JWT_SECRET) return;
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8').trim().length >= 32) return;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, require('node:crypto').randomBytes(48).toString('base64url') + '\n', { mode: 0o600 });
}

function haproxyConfig(port, servers, socketPath) {
  return [
    'global',
    // Each proxied connection takes two descriptors: stay well inside a default 'ulimit -n'.
    '  maxconn 4000',
    // The runtime API: `npm run cluster -- reload` adds, drains and removes servers through it.
    `  stats socket ${socketPath} mode 600 level admin`,
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 120s',
    '  timeout server 120s',
    // Notification streams (SSE) stay open; a tunnel timeout keeps them from being cut at 120 s.
    '  timeout tunnel 1h',
    '  timeout http-keep-alive 10s',
    // The client address goes to the servers in X-Forwarded-For (they trust loopback: TRUST_PROXY).
    '  option forwardfor',
    // A connection refused by a dead server is tried again on another one (the request never reached it).
    '  retries 3',
    '  option redispatch 1',
    'frontend wishes',
    `  bind 127.0.0.1:${port}`,
    '  default_backend servers',
    'backend servers',
    '  balance roundrobin',
    '  option httpchk GET /healthz',
    '  http-check expect status 200',
    // A busy server answers slowly, which is not down: only 3 failed checks in a row (3 s when it
    // refuses connections, i.e. died) take it out. Requests meanwhile are redispatched (above).
    '  timeout check 5s',
    '  default-server inter 1s fall 3 rise 2',
    ...servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`),
    '',
  ].join('\n');
}

/**
 * Starts Redis/PostgreSQL when needed, `size` servers and HAProxy; resolves once GET /healthz
 * answers through the proxy. `env` is added to every server's environment.
 */
async function startCluster(options = {}) {
  const log = options.log || ((line) => console.log(`[cluster] ${line}`));
  const size = options.size || Number(process.env.CLUSTER_SIZE) || 3;
  if (!Number.isInteger(size) || size < 1 || size > 32) throw new Error(`CLUSTER_SIZE must be a whole number from 1 to 32 (got ${size})`);
  const databaseUrl = options.databaseUrl || process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const redisUrl = options.redisUrl || process.env.REDIS_URL || DEFAULT_REDIS_URL;
  // port 0: any free port (tests, load runs).
  const port = options.port === 0 ? await freePort() : (options.port ?? Number(process.env.PORT || 8000));
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('The cluster needs PostgreSQL: DATABASE_URL must be postgres://...');
  const children = [];
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wishes-cluster-'));
  const cluster = { port, databaseUrl, redisUrl, servers: [], children, workDir };
  cluster.stop = () => {
    cluster.stopping = true;
    return stopAll(children, workDir);
  };
  cluster.respawn = options.respawn !== false;
  cluster.direct = Boolean(options.direct);
  cluster.reload = (reloadLog = log) => reloadCluster(cluster, reloadLog);
  try {
    ensureDebianPackage('haproxy', 'haproxy', log);
    await ensurePostgres(databaseUrl, log);
    await ensureDatabase(databaseUrl);
    await ensureRedis(redisUrl, log, children);

    if (!options.direct) {
      // Built once here, as scripts/start.js would, so the servers' own checks find it fresh.
      require('./build-site').buildSite({ force: false });
    }

    // The data folder (signing secret, outbox) is shared by the servers: kept across runs like
    // `npm start`'s, or a throwaway one for tests and load runs (`direct`).
    const dataDir = options.dataDir || (options.direct ? path.join(workDir, 'data') : path.resolve(ROOT, process.env.DATA_DIR || path.join('data', 'cluster')));
    cluster.dataDir = dataDir;
    if (!(options.env && options.env.JWT_SECRET)) ensureSigningSecret(dataDir);
    const serverEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      ...options.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      MEDIA_STORAGE: 'postgres',
      TRUST_PROXY: 'loopback',
      HOST: '127.0.0.1',
    };
    // As `npm start` runs a server; `direct` (tests, load runs: API only) skips start.js's site
    // build check and runs the server entry as the fault tests do (server/src/reliability/child.ts).
    const serverArgs = options.direct ? ['--import', 'tsx', path.join('server', 'src', 'main.ts')] : [path.join(ROOT, 'scripts', 'start.js')];
    // Process i's metrics port: METRICS_PORT + i, whichever process holds slot i (stable for scrapers).
    const metricsBase = serverEnv.METRICS_PORT ? Number(serverEnv.METRICS_PORT) : undefined;
    cluster.metricsPorts = metricsBase === undefined ? [] : Array.from({ length: size }, (_, i) => metricsBase + i);
    const startOne = async (index, generation = 0, same = undefined) => {
      // A respawn keeps the dead server's port and HAProxy name: HAProxy's health check takes it back.
      const serverPort = same ? same.port : await freePort();
      const metricsEnv = metricsBase === undefined ? {} : { METRICS_PORT: String(metricsBase + index) };
      // Its own process group, so a kill reaches the server under scripts/start.js too.
      const proc = spawn(process.execPath, serverArgs, {
        cwd: ROOT,
        env: { ...serverEnv, ...metricsEnv, PORT: String(serverPort), PUBLIC_URL: serverEnv.PUBLIC_URL || `http://localhost:${port}` },
        // Quiet (tests): the log (stdout) and errors are kept, the last few lines of each, for failure messages.
        stdio: ['ignore', options.quiet ? 'pipe' : 'inherit', options.quiet ? 'pipe' : 'inherit'],
        detached: true,
      });
      let errors = '';
      proc.stderr?.on('data', (chunk) => (errors = (errors + chunk.toString()).slice(-4000)));
      proc.stdout?.on('data', (chunk) => (errors = (errors + chunk.toString()).slice(-4000)));
      // HAProxy's name for it: s1, s2, ...; a replacement from a rolling reload is s1g1, s1g2, ...
      const name = same ? same.name : generation ? `s${index + 1}g${generation}` : `s${index + 1}`;
      const server = { index, port: serverPort, proc, output: () => errors, name, generation };
      if (generation === 0 && !same) cluster.servers[index] = server;
      children.push({ name: `server ${index + 1}`, proc, group: true });
      await waitFor(`server ${index + 1}`, async () => (await httpStatus(serverPort, '/healthz')) === 200, options.startTimeoutMs || 120_000, () =>
        proc.exitCode !== null || proc.signalCode !== null ? `exited with ${proc.signalCode || `code ${proc.exitCode}`}\n${errors}` : null,
      );
      if (same) cluster.servers[index] = server;
      log(`server ${index + 1} on 127.0.0.1:${serverPort}${generation ? ` (reload ${generation})` : ''}${same ? ` (restarted, pid ${proc.pid})` : ''}`);
      watchServer(server);
      return server;
    };
    // A server that dies unasked (not replaced by a reload, not stopping) is started again.
    const restarts = [];
    const watchServer = (server) => {
      server.startedAt = Date.now();
      server.proc.once('exit', (code, signal) => {
        if (cluster.stopping || server.replaced || !cluster.respawn) return;
        const i = server.index;
        // One that dies within 30 s of its start waits longer each time (1 s, 2 s, ... 30 s).
        const quick = Date.now() - server.startedAt < 30_000;
        restarts[i] = quick ? (restarts[i] || 0) + 1 : 0;
        const delay = restarts[i] > 1 ? Math.min(30_000, 1000 * 2 ** (restarts[i] - 2)) : 0;
        log(`server ${i + 1} (pid ${server.proc.pid}) exited (${signal || `code ${code}`}); starting it again on port ${server.port}${delay ? ` in ${delay / 1000} s` : ''}`);
        const begun = Date.now();
        const again = () => {
          if (cluster.stopping || cluster.servers[i] !== server) return;
          startOne(i, server.generation, { port: server.port, name: server.name }).then(
            () => log(`server ${i + 1} is back after ${((Date.now() - begun) / 1000).toFixed(1)} s`),
            (error) => {
              if (cluster.stopping) return;
              log(`server ${i + 1} could not be started again: ${error.message.split('\n')[0]}`);
              restarts[i] = (restarts[i] || 0) + 1;
              setTimeout(again, Math.min(30_000, 1000 * 2 ** restarts[i])).unref();
            },
          );
        };
        setTimeout(again, delay).unref();
      });
    };
    cluster.startServer = startOne;
    // Seeding an empty database is not safe from two processes at once: then the first one starts
    // (migrates and seeds) alone and the others find it ready. Migrations alone are (Kysely's
    // migrator takes a lock), so without seeding all start together.
    const seeding = !/^(0|false|no|off)$/i.test(String(serverEnv.SEED_DEMO ?? 'true').trim());
    if (seeding) {
      await startOne(0);
      await Promise.all(Array.from({ length: size - 1 }, (_, i) => startOne(i + 1)));
    } else {
      await Promise.all(Array.from({ length: size }, (_, i) => startOne(i)));
    }

    const configFile = path.join(workDir, 'haproxy.cfg');
    cluster.runtimeSocket = path.join(workDir, 'haproxy.sock');
    fs.writeFileSync(configFile, haproxyConfig(port, cluster.servers, cluster.runtimeSocket));
    const proxy = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    let proxyErrors = '';
    proxy.stderr.on('data', (chunk) => {
      proxyErrors = (proxyErrors + chunk.toString()).slice(-4000);
      if (!options.quiet) process.stderr.write(chunk);
    });
    children.push({ name: 'haproxy', proc: proxy });
    await waitFor('HAProxy', async () => (await httpStatus(port, '/healthz')) === 200, 30_000, () => (proxy.exitCode !== null ? `exited with code ${proxy.exitCode}\n${proxyErrors}` : null));
    log(`HAProxy on http://127.0.0.1:${port} → ${size} servers (database ${new URL(databaseUrl).pathname.slice(1)}, Redis ${redisUrl})`);
    if (cluster.metricsPorts.length) {
      cluster.targetsFile = writeMetricsTargets(dataDir, cluster.metricsPorts);
      log(`metrics: ${cluster.metricsPorts.map((p) => `127.0.0.1:${p}`).join(', ')} (listed in ${cluster.targetsFile})`);
    }
    return cluster;
  } catch (error) {
    cluster.stopping = true;
    await stopAll(children, workDir);
    throw error;
  }
}

/**
 * Prometheus file-based discovery (`file_sd_configs: [{files: [DATA_DIR/prometheus-targets.json]}]`):
 * one target per server slot, labelled with its number. Written through a temporary file and a
 * rename, so Prometheus never reads half a list.
 */
function writeMetricsTargets(dataDir, ports) {
  const file = path.join(dataDir, 'prometheus-targets.json');
  const list = ports.map((p, i) => ({ targets: [`127.0.0.1:${p}`], labels: { job: 'wishes', process: String(i + 1) } }));
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(list, null, 2)}\n`);
  fs.renameSync(`${file}.tmp`, file);
  return file;
}

/** SIGKILLs one server (its whole process group): the crash the proxy must route around. */
function killServer(server) {
  try {
    process.kill(-server.proc.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** SIGTERM to everything started here (servers drain and close), SIGKILL what is left after 10 s. */
async function stopAll(children, workDir) {
  const alive = children.filter((c) => c.proc.exitCode === null && c.proc.signalCode === null);
  const signal = (c, sig) => {
    try {
      if (c.group) process.kill(-c.proc.pid, sig);
      else c.proc.kill(sig);
    } catch {
      // already gone
    }
  };
  const exited = alive.map((c) => new Promise((resolve) => (c.proc.exitCode !== null || c.proc.signalCode !== null ? resolve() : c.proc.once('exit', resolve))));
  // The proxy first, so nothing new reaches a server that is closing.
  for (const c of alive.filter((c) => c.name === 'haproxy')) signal(c, 'SIGTERM');
  for (const c of alive.filter((c) => c.name !== 'haproxy')) signal(c, 'SIGTERM');
  const timer = setTimeout(() => alive.forEach((c) => signal(c, 'SIGKILL')), 10_000);
  await Promise.all(exited);
  clearTimeout(timer);
  fs.rmSync(workDir, { recursive: true, force: true });
}


/** One command to HAProxy's runtime API (the stats socket); resolves with its answer. */
function haproxyCommand(socketPath, command) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let answer = '';
    socket.setTimeout(5000);
    socket.on('connect', () => socket.end(`${command}\n`));
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer.trim()));
    socket.on('timeout', () => socket.destroy(new Error(`HAProxy did not answer "${command}"`)));
    socket.on('error', reject);
  });
}

/** HAProxy's view of one server of the backend: { status: 'UP' | 'DOWN' | 'MAINT' | ..., scur } or null. */
async function haproxyServer(socketPath, name) {
  const csv = await haproxyCommand(socketPath, 'show stat');
  const [header, ...rows] = csv.replace(/^# /, '').split('\n');
  const columns = header.split(',');
  for (const row of rows) {
    const values = row.split(',');
    if (values[columns.indexOf('pxname')] === 'servers' && values[columns.indexOf('svname')] === name) {
      return { status: values[columns.indexOf('status')], scur: Number(values[columns.indexOf('scur')]) };
    }
  }
  return null;
}

function exitedPromise(proc) {
  return new Promise((resolve) => (proc.exitCode !== null || proc.signalCode !== null ? resolve() : proc.once('exit', () => resolve())));
}

/**
 * Rolling reload (`npm run cluster -- reload`): each server in turn is replaced by a new process
 * running the code on disk. The new one must answer /healthz directly and be UP in HAProxy (added
 * through the runtime API) before the old one is set to maintenance, which stops HAProxy sending
 * it anything new; then SIGTERM: the old process finishes its in-flight requests, ends its
 * notification streams (the browsers reconnect through HAProxy to another process: the streams
 * carry an SSE `retry:` hint) and exits within its own 10 s bound; then it is removed from HAProxy.
 * One at a time, so the cluster never has fewer servers than it started with. Throws (leaving the
 * old server in place) when a new one does not come up.
 */
async function reloadCluster(cluster, log) {
  if (cluster.reloading) throw new Error('a reload is already running');
  cluster.reloading = true;
  const socket = cluster.runtimeSocket;
  try {
    if (!cluster.direct) require('./build-site').buildSite({ force: false });
    for (let i = 0; i < cluster.servers.length; i++) {
      const old = cluster.servers[i];
      const generation = (cluster.generation = (cluster.generation || 0) + 1);
      log(`reload: starting a new server ${i + 1}`);
      const fresh = await cluster.startServer(i, generation);
      const add = await haproxyCommand(socket, `add server servers/${fresh.name} 127.0.0.1:${fresh.port} check inter 1s fall 3 rise 2`);
      if (!/New server registered/i.test(add)) {
        killServer(fresh);
        throw new Error(`HAProxy refused the new server: ${add}`);
      }
      await haproxyCommand(socket, `enable health servers/${fresh.name}`);
      await haproxyCommand(socket, `enable server servers/${fresh.name}`);
      await waitFor(`HAProxy marking ${fresh.name} up`, async () => /^UP/.test((await haproxyServer(socket, fresh.name))?.status || ''), 30_000);
      log(`reload: new server ${i + 1} answers /healthz on port ${fresh.port} and is UP in HAProxy; draining the old one (port ${old.port})`);
      // Nothing new goes to the old one from here on; what it is answering, it finishes.
      await haproxyCommand(socket, `set server servers/${old.name} state maint`);
      cluster.servers[i] = fresh;
      old.replaced = true;
      try {
        process.kill(-old.proc.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const killTimer = setTimeout(() => killServer(old), 15_000);
      await exitedPromise(old.proc);
      clearTimeout(killTimer);
      // HAProxy may still hold the closed connections for a moment: then "del server" says so.
      await waitFor(`HAProxy removing ${old.name}`, async () => {
        await haproxyCommand(socket, `shutdown sessions server servers/${old.name}`).catch(() => '');
        const answer = await haproxyCommand(socket, `del server servers/${old.name}`);
        return /Server deleted|No such server/i.test(answer);
      }, 15_000);
      const clean = old.proc.exitCode === 0;
      log(`reload: server ${i + 1} replaced (port ${old.port} → ${fresh.port}, old one exited ${clean ? 'cleanly' : `with ${old.proc.signalCode || old.proc.exitCode}: ${old.output().trim().split('\n').slice(-3).join(' | ')}`})`);
    }
    if (cluster.metricsPorts && cluster.metricsPorts.length) writeMetricsTargets(cluster.dataDir, cluster.metricsPorts);
    log(`reload: done, ${cluster.servers.length} servers on the code on disk`);
  } finally {
    cluster.reloading = false;
  }
}

/** The control socket a running `npm run cluster` listens on; `npm run cluster -- reload` talks to it. */
function controlSocketPath(dataDir) {
  return path.join(dataDir, 'cluster.sock');
}

/** Serves `reload` on the control socket: progress lines, then "ok" or "error: ...". */
function listenForControl(cluster) {
  const file = controlSocketPath(cluster.dataDir);
  fs.rmSync(file, { force: true });
  const server = net.createServer((conn) => {
    let input = '';
    conn.on('data', (chunk) => {
      input += chunk.toString();
      if (!input.includes('\n')) return;
      const command = input.trim();
      if (command !== 'reload') return conn.end(`error: unknown command "${command}"\n`);
      const say = (line) => {
        console.log(`[cluster] ${line}`);
        if (!conn.destroyed) conn.write(`${line}\n`);
      };
      reloadCluster(cluster, say).then(
        () => conn.end('ok\n'),
        (error) => conn.end(`error: ${error.message}\n`),
      );
    });
    conn.on('error', () => undefined);
  });
  server.listen(file);
  fs.chmodSync(file, 0o600);
  return () => {
    server.close();
    fs.rmSync(file, { force: true });
  };
}

/** `npm run cluster -- reload`: asks the running cluster (same DATA_DIR) to reload; exit 0 when done. */
function requestReload() {
  const dataDir = path.resolve(ROOT, process.env.DATA_DIR || path.join('data', 'cluster'));
  const file = controlSocketPath(dataDir);
  const conn = net.connect(file);
  let buffer = '';
  let last = '';
  conn.on('connect', () => conn.write('reload\n'));
  conn.on('data', (chunk) => {
    buffer += chunk.toString();
    let nl;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      last = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      (last.startsWith('error:') ? console.error : console.log)(`[cluster] ${last}`);
    }
  });
  conn.on('end', () => process.exit(last === 'ok' ? 0 : 1));
  conn.on('error', (error) => {
    console.error(`[cluster] no running cluster answers on ${file} (${error.code || error.message}): start it with \`npm run cluster\` from this folder and environment`);
    process.exit(1);
  });
}

module.exports = { startCluster, killServer, httpStatus, listenForControl };

if (require.main === module && process.argv[2] === 'reload') {
  requestReload();
} else if (require.main === module && process.argv[2] !== undefined) {
  console.error(`usage: npm run cluster [-- reload] (got "${process.argv.slice(2).join(' ')}")`);
  process.exit(2);
} else if (require.main === module) {
  let cluster;
  let closeControl = () => undefined;
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    console.log('[cluster] stopping...');
    closeControl();
    if (cluster) await cluster.stop();
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(0));
  // SEED_DEMO unset: the servers decide (demo content on a local PUBLIC_URL only).
  startCluster({ env: process.env.SEED_DEMO ? { SEED_DEMO: process.env.SEED_DEMO } : {} })
    .then((started) => {
      cluster = started;
      if (stopping) return started.stop();
      closeControl = listenForControl(started);
      console.log(`[cluster] ready: http://localhost:${started.port} (Ctrl+C stops everything; \`npm run cluster -- reload\` replaces the servers one at a time)`);
    })
    .catch((error) => {
      console.error(`[cluster] ${error.message}`);
      process.exit(1);
    });
}
