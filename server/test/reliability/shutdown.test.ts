/**
 * Graceful shutdown: SIGTERM while a slow request is in flight. The request completes, the process
 * exits 0 and the SQLite database is closed cleanly (the WAL is checkpointed and removed).
 * The slow request is a generation against a local OpenAI-compatible stub that answers after 1.5 s.
 */
import { createServer, type Server } from 'node:http';
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
  let dataDir: string;
  let server: ServerChild | undefined;

  beforeAll(async () => {
    stub = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received++;
        setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(COMPLETION)), 1500);
      });
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    stubPort = (stub.address() as AddressInfo).port;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-shutdown-'));
  });
  afterAll(async () => {
    await stopServer(server, 'SIGKILL');
    stub.closeAllConnections();
    await new Promise((resolve) => stub.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the in-flight request, exits 0 and leaves no WAL behind', async () => {
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
    const deadline = Date.now() + 10_000;
    while (received === 0 && Date.now() < deadline) await sleep(20);
    expect(received).toBe(1);
    const t0 = Date.now();
    server.proc.kill('SIGTERM');

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
});
