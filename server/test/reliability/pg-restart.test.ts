/**
 * PostgreSQL restarted under load: the server (a real child process) keeps running, answers again
 * without a restart of its own, and loses no acknowledged write. /readyz is 503 while the
 * database is down and 200 once it is back; /healthz stays 200.
 *
 * Uses a throwaway PostgreSQL instance (initdb in a temp dir, its own port): the machine's
 * shared cluster is used by other suites at the same time and is never restarted.
 * Missing PostgreSQL binaries: a loud skip locally, a failure under CI.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { IN_CI, createThrowawayPg, http, sleep, startServer, stopServer, throwawayPgUnavailable, type ServerChild, type ThrowawayPg } from './child';
import { missingWrites, signUp, writeLoad } from './writers';
import { PROBE_PATHS } from '@wishes/kit-contract/api';

jest.setTimeout(180_000);

const unavailable = throwawayPgUnavailable();
if (unavailable) {
  if (IN_CI) throw new Error(`PostgreSQL fault tests cannot run under CI: ${unavailable}`);
  console.warn(`\n!!!!! PostgreSQL restart fault test SKIPPED: ${unavailable} !!!!!\n`);
}
const maybe = unavailable ? describe.skip : describe;

async function rowsOf(url: string) {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    const wishes = (await c.query('select id, text from wishes')).rows;
    const votes = (await c.query('select wish_id, user_id, vote_type from votes')).rows;
    const subscriptions = (await c.query('select follower_id, target_id from subscriptions')).rows;
    return { wishes, votes, subscriptions };
  } finally {
    await c.end();
  }
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (await check().catch(() => false)) return Date.now() - start;
    await sleep(100);
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}

maybe('PostgreSQL restart under load (throwaway instance)', () => {
  let pg: ThrowawayPg;
  let server: ServerChild;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-pgfault-'));
    pg = await createThrowawayPg();
    const admin = new Client({ connectionString: pg.url() });
    await admin.connect();
    await admin.query('create database wishes');
    await admin.end();
    server = await startServer({ DATABASE_URL: pg.url('wishes'), RATE_LIMIT_SCALE: '1000', DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await stopServer(server);
    pg?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps serving through `pg_ctl restart -m fast` and loses no acknowledged write', async () => {
    const users = await signUp(server.port, 6, 'pgr');
    let stop = false;
    let acksBeforeRestart = 0;
    const load = writeLoad(server.port, users, () => stop, { onAck: () => void acksBeforeRestart++ });
    let restartMs = 0;
    try {
      await waitFor('writes before the restart', async () => acksBeforeRestart >= 30);
      const restartStarted = Date.now();
      await pg.restart();
      restartMs = Date.now() - restartStarted;
      const acksAtRestart = acksBeforeRestart;
      // Keep writing until plenty of writes were acknowledged after the restart.
      await waitFor('writes after the restart', async () => acksBeforeRestart >= acksAtRestart + 60, 30_000);
    } catch (error) {
      const exit = server.proc.exitCode !== null || server.proc.signalCode !== null ? `the server process EXITED (${server.proc.exitCode ?? server.proc.signalCode})` : 'the server process is still running';
      throw new Error(`${(error as Error).message}; ${exit}. Server output:\n${server.output().slice(-3000)}`);
    } finally {
      stop = true;
    }
    const acked = await load;

    expect(server.proc.exitCode).toBeNull();
    expect(server.proc.signalCode).toBeNull();
    const missing = missingWrites(acked, await rowsOf(pg.url('wishes')));
    console.log(
      `pg restart: ${acked.attempts} write requests, ${acked.wishes.length} wishes + ${acked.votes.length} votes + ${acked.subscriptions.length} subscriptions acknowledged, ` +
        `failed during the restart: ${JSON.stringify(acked.failures)}, network errors: ${acked.networkErrors}, restart took ${restartMs} ms`,
    );
    expect(missing).toEqual({ wishes: [], votes: [], subscriptions: [] });
    // Failures during the restart are 5xx JSON answers, never dropped connections.
    expect(acked.networkErrors).toBe(0);
    // Every failure during the restart is the database being out of reach: 503, never 500.
    for (const status of Object.keys(acked.failures)) expect(Number(status)).toBe(503);

    const after = await http(server.port, 'POST', '/api/base/save_wish/', { token: users[0].access, body: { text: 'after the restart' } });
    expect(after.status).toBe(201);
  });

  it('readyz is 503 while the database is down and 200 again once it is back; healthz stays 200', async () => {
    expect((await http(server.port, 'GET', PROBE_PATHS.ready)).status).toBe(200);
    await pg.stop();
    try {
      const down = await http(server.port, 'GET', PROBE_PATHS.ready, { timeoutMs: 30_000 });
      expect(down.status).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable' });
      expect((await http(server.port, 'GET', PROBE_PATHS.live)).status).toBe(200);
      const feed = await http(server.port, 'GET', '/api/base/feed/1/', { timeoutMs: 30_000 });
      expect(feed.status).toBe(503);
      expect(typeof feed.json().error).toBe('string');
    } finally {
      await pg.start();
    }
    const recoveredMs = await waitFor('readyz 200', async () => (await http(server.port, 'GET', PROBE_PATHS.ready)).status === 200);
    expect((await http(server.port, 'GET', '/api/base/feed/1/')).status).toBe(200);
    expect(server.proc.exitCode).toBeNull();
    console.log(`pg stop/start: readyz 503 while down, 200 again ${recoveredMs} ms after the start`);
  });
});
