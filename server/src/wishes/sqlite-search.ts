/**
 * SQLite full-text ranking off the main thread.
 *
 * better-sqlite3 is synchronous: a search that ranks tens of thousands of matches runs on the
 * event loop and every other request waits (probe: single-letter searches on 100k wishes took
 * 1-2.6 s each and pushed /healthz p50 to 1.2-2.8 s). Here the ranking runs in a worker thread
 * with its own read-only connection (WAL lets it read while the main connection writes), so the
 * main thread only waits for a message. Chosen over capping the work per query alone because a
 * cap still runs on the event loop, and a cap small enough to be harmless (a few ms) would cut
 * ordinary common-word searches short.
 *
 * The worker's work is bounded too: one search at a time, a short queue (beyond it: busy), and a
 * deadline per search; a search past its deadline has its worker terminated (SQLite stops
 * mid-statement) and a fresh worker takes the queue, so nothing can hold a core for long.
 */
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

/** A search that could not run now (deadline passed, queue full): the route answers 503 with Retry-After. */
export class SearchBusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SearchBusyError';
  }
}

export interface RankedPage {
  ids: number[];
  total: number;
}

export interface SqliteSearchOptions {
  /** Searches waiting for the worker beyond the running one; more are refused as busy. */
  maxQueue: number;
}

// Plain JavaScript so it runs the same under tsx, jest and compiled code. The statements are the
// ones wishes/queries.ts used in process: wishes_fts holds exactly the public wishes.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const count = db.prepare('select count(*) as n from wishes_fts where wishes_fts match ?');
const ranked = db.prepare('select rowid as id from wishes_fts where wishes_fts match ? order by bm25(wishes_fts) asc, rowid desc limit ? offset ?');
parentPort.on('message', ({ id, match, limit, offset }) => {
  try {
    const total = count.get(match).n;
    const ids = total > offset ? ranked.all(match, limit, offset).map((r) => r.id) : [];
    parentPort.postMessage({ id, total, ids });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error && error.message), code: error && error.code } });
  }
});
`;

interface Job {
  id: number;
  match: string;
  limit: number;
  offset: number;
  resolve: (page: RankedPage) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class SqliteSearchWorker {
  private worker: Worker | null = null;
  private running: Job | null = null;
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly file: string,
    private readonly options: SqliteSearchOptions,
  ) {}

  /** Searches waiting or running (GET /metrics: wishes_queue_depth{queue="sqlite_search"}). */
  get depth(): number {
    return this.queue.length + (this.running ? 1 : 0);
  }

  /** Total matches of an FTS5 MATCH expression and one slice of ids, best match first, within timeoutMs (queue wait included). */
  rank(match: string, limit: number, offset: number, timeoutMs: number): Promise<RankedPage> {
    if (this.closed) return Promise.reject(new SearchBusyError('search is shut down'));
    if (this.queue.length >= this.options.maxQueue) return Promise.reject(new SearchBusyError('search queue full'));
    return new Promise<RankedPage>((resolve, reject) => {
      const job: Job = { id: this.nextId++, match, limit, offset, resolve, reject, timer: setTimeout(() => this.expire(job), timeoutMs) };
      this.queue.push(job);
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.fail(job, new SearchBusyError('search is shut down'));
    if (this.running) this.fail(this.running, new SearchBusyError('search is shut down'));
    this.running = null;
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private pump(): void {
    if (this.running || this.queue.length === 0 || this.closed) return;
    const job = this.queue.shift()!;
    this.running = job;
    this.ensureWorker().postMessage({ id: job.id, match: job.match, limit: job.limit, offset: job.offset });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file: this.file, driver: require.resolve('better-sqlite3') } });
    // Never keeps the process alive by itself (the app closes it on shutdown).
    worker.unref();
    worker.on('message', (message: { id: number; total?: number; ids?: number[]; error?: { message: string; code?: string } }) => {
      const job = this.running;
      if (!job || job.id !== message.id) return;
      this.running = null;
      clearTimeout(job.timer);
      if (message.error) job.reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
      else job.resolve({ ids: message.ids ?? [], total: message.total ?? 0 });
      this.pump();
    });
    worker.on('error', (error) => this.replaceWorker(worker, error));
    worker.on('exit', () => this.replaceWorker(worker, new Error('search worker exited')));
    this.worker = worker;
    return worker;
  }

  /** The worker died or was stopped: fail the search it had, and start afresh for the queue. */
  private replaceWorker(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const job = this.running;
    this.running = null;
    if (job) this.fail(job, error);
    this.pump();
  }

  private expire(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued !== -1) {
      this.queue.splice(queued, 1);
      job.reject(new SearchBusyError('search waited too long'));
      return;
    }
    if (this.running === job && this.worker) {
      // Interrupts the statement: terminating the thread is the only way to stop a running SQLite step.
      const worker = this.worker;
      this.worker = null;
      this.running = null;
      job.reject(new SearchBusyError('search took too long'));
      void worker.terminate();
      this.pump();
    }
  }

  private fail(job: Job, error: Error) {
    clearTimeout(job.timer);
    job.reject(error);
  }
}

const workers = new WeakMap<Kysely<Database>, SqliteSearchWorker>();

/** The search worker of a SQLite database handle, started on first use. */
export function sqliteSearchWorker(db: Kysely<Database>, file: string, options: SqliteSearchOptions): SqliteSearchWorker {
  let worker = workers.get(db);
  if (!worker) workers.set(db, (worker = new SqliteSearchWorker(file, options)));
  return worker;
}

/** Searches waiting or running on the handle's worker (0 before the first search). */
export function sqliteSearchQueueDepth(db: Kysely<Database>): number {
  return workers.get(db)?.depth ?? 0;
}

/** Stops the database handle's search worker (app shutdown). */
export async function closeSqliteSearch(db: Kysely<Database>): Promise<void> {
  const worker = workers.get(db);
  workers.delete(db);
  if (worker) await worker.close();
}
