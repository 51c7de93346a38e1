/**
 * WAL checkpoints from a worker thread (sqlite-checkpointer.ts): while it runs the main connection
 * does not checkpoint on commit and the WAL is still copied back; stopped (or dead), the automatic
 * checkpoint is back; a checkpoint is not a change other connections see (the read model's
 * `data_version` check stays put).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { startCheckpointer, CHECKPOINT_EVERY_MS } from './sqlite-checkpointer';

describe('SQLite checkpointer', () => {
  let dir: string;
  let main: Database.Database;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'wishes-ckpt-'));
    main = new Database(path.join(dir, 'db.sqlite'));
    main.pragma('journal_mode = WAL');
    main.exec('create table t (id integer primary key, v text)');
  });
  afterEach(() => {
    main.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(check()).toBe(true);
  };

  it('checkpoints from its thread while the main connection does not, and hands back on stop', async () => {
    const errors: Error[] = [];
    const checkpointer = startCheckpointer(main, path.join(dir, 'db.sqlite'), (error) => errors.push(error));
    await until(() => main.pragma('wal_autocheckpoint', { simple: true }) === 0);
    const version = main.pragma('data_version', { simple: true });
    const insert = main.prepare('insert into t (v) values (?)');
    // Well past 1,000 pages of WAL: no commit of ours checkpoints, the worker does.
    for (let i = 0; i < 3000; i++) insert.run('x'.repeat(2000));
    await until(() => checkpointer.runs >= 2);
    await new Promise((resolve) => setTimeout(resolve, 2 * CHECKPOINT_EVERY_MS));
    // Copied back: the database file holds the rows (a reader that ignored the WAL would see them).
    expect(statSync(path.join(dir, 'db.sqlite')).size).toBeGreaterThan(3000 * 2000);
    // The worker's checkpoints are not changes for this connection's data_version.
    expect(main.pragma('data_version', { simple: true })).toBe(version);
    await checkpointer.stop();
    expect(main.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    expect(errors).toEqual([]);
  });
});
