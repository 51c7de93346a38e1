/**
 * Starts the production API server (tsx server/src/main.ts) on a free loopback port with its own
 * temporary data folder, and waits until it is ready. Used by global setup for the main server and
 * by tests that need a server with special settings (hourly generation limit, short token life,
 * PostgreSQL, remotes served from elsewhere).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';
import { REPO_ROOT, SERVER_MAIN } from './paths';
import { API_ROUTES } from '../../shared/kit-contract/src/routes';
import { PROBE_PATHS } from '../../shared/kit-contract/src/probes';

export interface ServerHandle {
  url: string;
  port: number;
  dataDir: string;
  logFile: string;
  pid: number;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Extra or overriding environment variables (e.g. GENERATION_LIMIT_PER_HOUR, ACCESS_TOKEN_TTL). */
  env?: Record<string, string | undefined>;
  /** How long to wait for /readyz. */
  readyTimeoutMs?: number;
  /** Label used in the temporary folder's name. */
  label?: string;
}

async function waitForReady(url: string, child: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited early (code ${child.exitCode}, signal ${child.signalCode}); log:\n${tail(logFile)}`);
    }
    for (const probe of [PROBE_PATHS.ready, API_ROUTES.getOptions.path]) {
      try {
        const response = await fetch(url + probe, { signal: AbortSignal.timeout(2000) });
        if (response.ok) return;
        lastError = `${probe}: HTTP ${response.status}`;
      } catch (error) {
        lastError = `${probe}: ${(error as Error).message}`;
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} not ready after ${timeoutMs} ms (${lastError}); log:\n${tail(logFile)}`);
}

function tail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export async function startServer(options: StartServerOptions = {}): Promise<ServerHandle> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `wishes-e2e-${options.label ?? 'server'}-`));
  const logFile = path.join(dataDir, 'server.log');
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  // The test runner's own variables must not leak into the server.
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  Object.assign(env, {
    // The server's test settings: scrypt at 2^10 instead of 2^15 (each sign-up and sign-in hashed
    // ~80 ms of CPU, several per journey), no warming of the offline writer per start (~0.7 s of
    // CPU, dozens of starts per run), and no developer's .env read. Nothing a page shows depends on
    // them (the writer's warming has a server test of its own).
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    SEED_DEMO: 'false',
    RATE_LIMIT_SCALE: '100',
    // The journeys sign reporters up a moment before they report a wish hidden by reports.
    REPORTER_MIN_ACCOUNT_AGE_HOURS: '0',
    LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL || 'warn',
    // Journeys sign up and send at once; verification has its own server tests.
    REQUIRE_VERIFIED_SENDERS: 'false',
    DELIVERY_POLL_MS: '500',
    ...(process.env.E2E_SMTP_URL ? { SMTP_URL: process.env.E2E_SMTP_URL } : {}),
  });
  for (const [k, v] of Object.entries(options.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  const out = fs.openSync(logFile, 'a');
  // `node --import tsx` is what the tsx binary does, minus its extra relay process: one pid to stop.
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], { cwd: REPO_ROOT, env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForReady(url, child, logFile, options.readyTimeoutMs ?? 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    port,
    dataDir,
    logFile,
    pid: child.pid ?? -1,
    async stop() {
      await stop();
      if (!process.env.E2E_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `body` against a server of its own (started with `options`), stopping it afterwards. */
export async function withServer<T>(options: StartServerOptions, body: (server: ServerHandle) => Promise<T>): Promise<T> {
  const server = await startServer(options);
  try {
    return await body(server);
  } finally {
    await server.stop();
  }
}
