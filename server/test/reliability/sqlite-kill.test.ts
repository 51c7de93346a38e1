/**
 * SQLite (WAL) survives `kill -9` mid-load: the real server as a child process takes writes,
 * is SIGKILLed while they are in flight, is started again on the same DATA_DIR, and every write
 * it acknowledged with a 2xx is there; `pragma integrity_check` is ok.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { http, sleep, startServer, stopServer, type ServerChild } from './child';
import { missingWrites, signUp, writeLoad } from './writers';

jest.setTimeout(120_000);

describe('SQLite survives kill -9 under write load', () => {
  let dataDir: string;
  let server: ServerChild | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-kill-'));
  });
  afterAll(async () => {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write and an intact database', async () => {
    const env = { DATA_DIR: dataDir, RATE_LIMIT_SCALE: '1000' };
    server = await startServer(env);
    const users = await signUp(server.port, 6, 'kill');
    let stop = false;
    let acks = 0;
    const load = writeLoad(server.port, users, () => stop, { onAck: () => void acks++ });
    const deadline = Date.now() + 30_000;
    while (acks < 150 && Date.now() < deadline) await sleep(20);
    // Mid-load: requests are in flight on every worker right now.
    server.proc.kill('SIGKILL');
    const exit = await server.exited;
    stop = true;
    const acked = await load;
    expect(exit.signal).toBe('SIGKILL');
    expect(acked.wishes.length).toBeGreaterThanOrEqual(150);

    server = await startServer(env);
    const db = new Database(path.join(dataDir, 'wishes.db'));
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const rows = {
        wishes: db.prepare('select id, text from wishes').all() as Array<{ id: number; text: string }>,
        votes: db.prepare('select wish_id, user_id, vote_type from votes').all() as Array<{ wish_id: number; user_id: number; vote_type: string }>,
        subscriptions: db.prepare('select follower_id, target_id from subscriptions').all() as Array<{ follower_id: number; target_id: number }>,
      };
      expect(missingWrites(acked, rows)).toEqual({ wishes: [], votes: [], subscriptions: [] });
      // Counters agree with the rows they count, even for the write that was cut off.
      const drift = db
        .prepare(`select count(*) as n from wishes w where w.upvote_count <> (select count(*) from votes v where v.wish_id = w.id and v.vote_type = 'upvote')`)
        .get() as { n: number };
      expect(drift.n).toBe(0);
      console.log(`kill -9: ${acked.wishes.length} wishes, ${acked.votes.length} votes, ${acked.subscriptions.length} subscriptions acknowledged; all present after restart, integrity ok (${rows.wishes.length} wish rows)`);
    } finally {
      db.close();
    }
    const after = await http(server.port, 'POST', '/api/base/save_wish/', { token: users[0].access, body: { text: 'after kill -9' } });
    expect(after.status).toBe(201);
  });
});
