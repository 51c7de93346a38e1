/**
 * The SQLite search worker's life cycle. A fresh worker takes a moment to load the native driver;
 * under load that moment grew past a search's bound, the bound terminated the loading thread, and
 * Node-API aborted the whole process ("FATAL ERROR: Error::New napi_get_last_error_info", seen in
 * the soak under load average ~28; not reproduced on a quiet machine, where loading is quick). A
 * worker is now never given a search nor terminated before it says it is ready.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { SearchBusyError, SqliteSearchWorker } from './sqlite-search';

let dir: string;
let file: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'wishes-search-worker-'));
  file = path.join(dir, 'search.sqlite');
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.exec("create virtual table wishes_fts using fts5(text); insert into wishes_fts(rowid, text) values (1, 'a cake for you'), (2, 'cakes and candles')");
  db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the SQLite search worker', () => {
  it('bounds a search that waits for a loading worker without stopping the load, then answers', async () => {
    // Bounds from 1 ms (long before the driver loads) up to about the load time, so some expire
    // exactly while the thread registers the native addon.
    for (let bound = 1; bound <= 100; bound += 7) {
      const worker = new SqliteSearchWorker(file, { maxQueue: 8 });
      await worker.rank('"cake"*', 10, 0, bound).catch((error: unknown) => expect(error).toBeInstanceOf(SearchBusyError));
      await expect(worker.rank('"cake"*', 10, 0, 10_000)).resolves.toEqual({ ids: expect.arrayContaining([1, 2]), total: 2 });
      await worker.close();
    }
  });

  it('closes while its worker is still loading (shutdown right after the first search)', async () => {
    for (let round = 0; round < 5; round++) {
      const worker = new SqliteSearchWorker(file, { maxQueue: 8 });
      const refused = expect(worker.rank('"cake"*', 10, 0, 10_000)).rejects.toBeInstanceOf(SearchBusyError);
      await worker.close();
      await refused;
    }
  });

  it('warms up before the first search (a serving process calls warm() when it starts listening)', async () => {
    const worker = new SqliteSearchWorker(file, { maxQueue: 8 });
    worker.warm();
    for (let i = 0; i < 200 && !worker.isReady; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(worker.isReady).toBe(true);
    expect(worker.depth).toBe(0);
    await expect(worker.rank('"cake"*', 10, 0, 10_000)).resolves.toEqual({ ids: expect.arrayContaining([1, 2]), total: 2 });
    await worker.close();
  });

  it('fails the waiting searches once when the worker cannot load, and tries again on the next', async () => {
    const worker = new SqliteSearchWorker(path.join(dir, 'missing.sqlite'), { maxQueue: 8 });
    await expect(worker.rank('"cake"*', 10, 0, 10_000)).rejects.toThrow();
    await expect(worker.rank('"cake"*', 10, 0, 10_000)).rejects.toThrow();
    await worker.close();
  });
});
