/**
 * Helpers for the fault tests: the real server as a child process, free loopback ports, a small
 * HTTP client, and a throwaway PostgreSQL instance of our own (never the machine's shared cluster).
 *
 * The server runs as `node --import tsx server/src/main.ts`, so the child's pid is the server
 * itself: SIGKILL and SIGTERM reach it directly, not a wrapper that would leave it orphaned.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { request as httpRequest, Agent } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../src/platform/config';
import { PROBE_PATHS } from '@wishes/kit-contract/api';

export const IN_CI = Boolean(process.env.CI);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface HttpResult {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  json<T = any>(): T;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One request to 127.0.0.1:port; network errors reject (status 0 is never returned). */
export function http(port: number, method: string, urlPath: string, options: { body?: unknown; token?: string; timeoutMs?: number; fresh?: boolean } = {}): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
    const headers: Record<string, string> = {};
    if (payload) headers['content-type'] = 'application/json';
    if (payload) headers['content-length'] = String(payload.length);
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const req = httpRequest({ host: '127.0.0.1', port, method, path: urlPath, headers, agent: options.fresh ? false : agent, timeout: options.timeoutMs ?? 15_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body, headers: res.headers, json: () => JSON.parse(body) });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timeout after ${options.timeoutMs ?? 15_000} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

export interface ServerChild {
  port: number;
  proc: ChildProcess;
  /** Everything the process printed so far (stdout + stderr). */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the real server and waits until /healthz answers. */
export async function startServer(env: Record<string, string>, timeoutMs = 45_000): Promise<ServerChild> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'src', 'main.ts')], {
    cwd: REPO_ROOT,
    // NODE_ENV=production turns the production guards on: without an SMTP server, mail goes to the outbox folder.
    env: { ...process.env, NODE_ENV: 'production', SEED_DEMO: 'false', HOST: '127.0.0.1', LOG_LEVEL: 'warn', JWT_SECRET: 'reliability-secret-0123456789abcdef', ...(env.SMTP_URL ? {} : { MAIL_TRANSPORT: 'outbox' }), ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  const child: ServerChild = { port, proc, output: () => out, exited };
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`server exited during start:\n${out}`);
    try {
      const res = await http(port, 'GET', PROBE_PATHS.live, { timeoutMs: 1000, fresh: true });
      if (res.status === 200) return child;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  proc.kill('SIGKILL');
  throw new Error(`server did not answer /healthz within ${timeoutMs} ms:\n${out}`);
}

/** Stops a child we started (by its pid), waiting for it to exit. */
export async function stopServer(child: ServerChild | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  child.proc.kill(signal);
  const timer = setTimeout(() => child.proc.kill('SIGKILL'), 15_000);
  await child.exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------- throwaway PostgreSQL

/** The newest PostgreSQL server binaries on this machine, or null. */
export function findPgBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')) && existsSync(path.join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

function postgresUser(): { uid: number; gid: number } | null {
  const res = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (res.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(res.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export interface ThrowawayPg {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<db> */
  url(db?: string): string;
  start(): Promise<void>;
  stop(): Promise<void>;
  restart(): Promise<void>;
  destroy(): void;
}

/** Why a throwaway cluster cannot be made here, or null when it can. */
export function throwawayPgUnavailable(): string | null {
  if (!findPgBin()) return 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin';
  if (process.getuid?.() === 0 && !postgresUser()) return 'running as root and there is no "postgres" OS user for initdb';
  return null;
}

/**
 * initdb in a temp dir (as the postgres OS user when we are root), trust auth on 127.0.0.1 only,
 * its own port and socket dir. Nothing touches the machine's shared cluster.
 */
export async function createThrowawayPg(): Promise<ThrowawayPg> {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL binaries not found');
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wishes-pg-'));
  const dataDir = path.join(dir, 'data');
  const sockDir = path.join(dir, 'sock');
  const asRoot = process.getuid?.() === 0;
  const pgUser = asRoot ? postgresUser() : null;
  if (asRoot && !pgUser) throw new Error('no postgres OS user');
  chmodSync(dir, 0o755);
  if (pgUser) chownSync(dir, pgUser.uid, pgUser.gid);
  const run = (args: string[], allowFail = false) => {
    const command = path.join(bin, args[0]);
    const res = pgUser
      ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args.slice(1)], { encoding: 'utf8', cwd: dir, timeout: 60_000 })
      : spawnSync(command, args.slice(1), { encoding: 'utf8', cwd: dir, timeout: 60_000 });
    if (res.status !== 0 && !allowFail) throw new Error(`${args.join(' ')} failed (${res.status}): ${res.stderr || res.stdout}`);
    return res;
  };
  run(['initdb', '-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const mkdirRes = pgUser ? spawnSync('runuser', ['-u', 'postgres', '--', 'mkdir', '-p', sockDir]) : spawnSync('mkdir', ['-p', sockDir]);
  if (mkdirRes.status !== 0) throw new Error('cannot create the socket dir');
  /** Asynchronous, so the test's own HTTP clients keep running while the cluster restarts. */
  const runAsync = (args: string[], allowFail = false) =>
    new Promise<void>((resolve, reject) => {
      const command = path.join(bin, args[0]);
      const proc = pgUser ? spawn('runuser', ['-u', 'postgres', '--', command, ...args.slice(1)], { cwd: dir }) : spawn(command, args.slice(1), { cwd: dir });
      let err = '';
      proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
      proc.stdout.on('data', (c: Buffer) => (err += c.toString()));
      proc.once('exit', (code) => (code === 0 || allowFail ? resolve() : reject(new Error(`${args.join(' ')} failed (${code}): ${err}`))));
    });
  const options = `-p ${port} -k ${sockDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const logFile = path.join(dir, 'pg.log');
  const pg: ThrowawayPg = {
    port,
    url: (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`,
    start: () => runAsync(['pg_ctl', '-D', dataDir, '-o', options, '-l', logFile, '-w', '-t', '60', 'start']),
    stop: () => runAsync(['pg_ctl', '-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']),
    restart: () => runAsync(['pg_ctl', '-D', dataDir, '-o', options, '-l', logFile, '-m', 'fast', '-w', '-t', '60', 'restart']),
    destroy: () => {
      run(['pg_ctl', '-D', dataDir, '-m', 'immediate', '-w', '-t', '30', 'stop'], true);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await pg.start();
  return pg;
}
