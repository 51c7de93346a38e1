/**
 * SQLite WAL checkpoints off the event loop (issue 35). By default the connection that commits
 * when the WAL passes 1,000 pages also checkpoints it: it copies those pages into the database file
 * and fsyncs, inside that COMMIT, on the event loop, so every ~40th batch of votes waited for it
 * (a third of a toggle's COMMIT time). A serving process instead checkpoints from a worker thread
 * on a connection of its own, PASSIVE (it never blocks a writer or a reader), every
 * CHECKPOINT_EVERY_MS; the main connection's automatic checkpoint is off only while that worker
 * runs and comes back if it dies, so the WAL can never grow without bound. The last connection to
 * close checkpoints the rest (SQLite's own rule), so nothing depends on the worker at shutdown.
 */
import { Worker } from 'node:worker_threads';
import type { Database as SqliteConnection } from 'better-sqlite3';

export const CHECKPOINT_EVERY_MS = 100;
/** SQLite's default automatic checkpoint (pages), restored when the worker stops. */
const AUTOCHECKPOINT_PAGES = 1000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const checkpoint = () => {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ checkpointed: result.checkpointed, log: result.log });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
parentPort.postMessage({ ready: true });
`;

export interface Checkpointer {
  /** Checkpoints done by the worker (tests). */
  readonly runs: number;
  stop(): Promise<void>;
}

/** Starts checkpointing `file` from a worker thread and turns `main`'s automatic checkpoint off once it runs. */
export function startCheckpointer(main: SqliteConnection, file: string, onError: (error: Error) => void): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver: require.resolve('better-sqlite3'), everyMs: CHECKPOINT_EVERY_MS } });
  // Never keeps the process alive by itself (the app stops it on close).
  worker.unref();
  let runs = 0;
  let stopped = false;
  const restore = () => {
    if (main.open) main.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  worker.on('message', (message: { ready?: true; checkpointed?: number; error?: string }) => {
    if (message.ready) {
      if (!stopped && main.open) main.pragma('wal_autocheckpoint = 0');
    } else if (message.error) onError(new Error(`WAL checkpoint: ${message.error}`));
    else runs++;
  });
  worker.on('error', (error) => {
    restore();
    onError(error);
  });
  const exited = new Promise<void>((resolve) => worker.on('exit', () => resolve()));
  void exited.then(restore);
  return {
    get runs() {
      return runs;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      restore();
      worker.postMessage('stop');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
      await worker.terminate();
    },
  };
}
