/**
 * Graceful shutdown: SIGTERM while a slow request is in flight and a notification stream is open.
 * No new request is taken, the in-flight one completes, the stream (which began with an SSE
 * `retry:` hint) is ended by the server, the process exits 0 and the SQLite database is closed
 * cleanly (the WAL is checkpointed and removed). A request that never finishes does not hold the
 * process: it exits 1 at its own bound (10 s), well before the request's own timeout (20 s).
 * The slow request is a generation against a local OpenAI-compatible stub that answers after 1.5 s
 * (or, for the stuck one, never).
 */
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { http, sleep, startServer, stopServer, type ServerChild } from './child';
import { signUp } from './writers';

jest.setTimeout(90_000);

const COMPLETION = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'stub',
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Happy birthday, Sam! May the cake be as sweet as you.' } }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
};

describe('graceful shutdown on SIGTERM', () => {
  let stub: Server;
  let stubPort: number;
  let received = 0;
  /** Requests the stub holds without ever answering (the stuck generation). */
  let hang = false;
  let dataDir: string;
  let stuckDir: string;
  let server: ServerChild | undefined;

  beforeAll(async () => {
    stub = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received++;
        if (hang) return;
        setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(COMPLETION)), 1500);
      });
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    stubPort = (stub.address() as AddressInfo).port;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-shutdown-'));
    stuckDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-shutdown-stuck-'));
  });
  afterAll(async () => {
    await stopServer(server, 'SIGKILL');
    stub.closeAllConnections();
    rmSync(stuckDir, { recursive: true, force: true });
    await new Promise((resolve) => stub.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes nothing new, finishes the in-flight request, ends the open stream, exits 0 and leaves no WAL behind', async () => {
    server = await startServer({ DATA_DIR: dataDir, GENERATOR: 'openai', OPENAI_BASE_URL: `http://127.0.0.1:${stubPort}/v1`, RATE_LIMIT_SCALE: '1000' });
    const [user] = await signUp(server.port, 1, 'shutdown');
    // A write, so the WAL has content that a clean close must checkpoint.
    expect((await http(server.port, 'POST', '/api/base/save_wish/', { token: user.access, body: { text: 'before shutdown' } })).status).toBe(201);
    expect(existsSync(path.join(dataDir, 'wishes.db-wal'))).toBe(true);

    const slow = http(server.port, 'POST', '/api/base/generate_text/', {
      token: user.access,
      body: { style: 'Funny', audience: 'Friend', name: 'Sam', topic: 'Birthday', details: 'cake' },
      timeoutMs: 20_000,
      fresh: true,
    });
    // A live notification stream, as a browser holds one.
    const stream = await new Promise<IncomingMessage>((resolve, reject) => {
      get({ host: '127.0.0.1', port: server!.port, path: '/api/notifications/stream/', agent: false, headers: { authorization: `Bearer ${user.access}` } }, resolve).on('error', reject);
    });
    expect(stream.statusCode).toBe(200);
    let streamed = '';
    stream.on('data', (chunk: Buffer) => (streamed += chunk.toString('utf8')));
    const streamEnded = new Promise<void>((resolve) => stream.once('close', () => resolve()));
    while (!streamed.includes('event: unread')) await sleep(20);
    const deadline = Date.now() + 10_000;
    while (received === 0 && Date.now() < deadline) await sleep(20);
    expect(received).toBe(1);
    const t0 = Date.now();
    server.proc.kill('SIGTERM');

    // The server ends the stream (the browser reconnects, after the hint, to another process).
    await streamEnded;
    expect(streamed.startsWith('retry: 3000\n')).toBe(true);
    // No new request is taken while the in-flight one finishes: refused, or 503 on a connection that got through.
    const late = await http(server.port, 'GET', '/api/base/feed/1/', { fresh: true }).then(
      (r) => String(r.status),
      (error: NodeJS.ErrnoException) => error.code ?? error.message,
    );
    expect(['503', 'ECONNREFUSED', 'ECONNRESET']).toContain(late);
    const res = await slow;
    expect(res.status).toBe(200);
    expect(res.json().text).toContain('Happy birthday');
    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    console.log(`graceful shutdown: in-flight generation answered 200, process exited 0 ${Date.now() - t0} ms after SIGTERM`);

    const wal = path.join(dataDir, 'wishes.db-wal');
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
    const db = new Database(path.join(dataDir, 'wishes.db'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect((db.prepare('select count(*) as n from generation_events').get() as { n: number }).n).toBe(1);
    } finally {
      db.close();
    }
  });

  it('does not wait forever on a request that never finishes: exits 1 at its own bound', async () => {
    hang = true;
    server = await startServer({ DATA_DIR: stuckDir, GENERATOR: 'openai', OPENAI_BASE_URL: `http://127.0.0.1:${stubPort}/v1`, RATE_LIMIT_SCALE: '1000' });
    const [user] = await signUp(server.port, 1, 'stuck');
    const before = received;
    const stuck = http(server.port, 'POST', '/api/base/generate_text/', {
      token: user.access,
      body: { style: 'Funny', audience: 'Friend', name: 'Sam', topic: 'Birthday', details: 'cake' },
      timeoutMs: 60_000,
      fresh: true,
    }).then(
      (r) => `answered ${r.status}`,
      () => 'cut',
    );
    while (received === before) await sleep(20);
    server.proc.kill('SIGTERM');
    // The generation would wait 20 s for the provider; the process gives up on it after 10 s.
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(await stuck).toBe('cut');
    expect(server.output()).toMatch(/graceful shutdown timed out/);
  });
});
