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
 * The worker's work is bounded too, by cost rather than by count (at 10 concurrent
 * common-word searches a queue of 8 refused 2-3 % of them while the machine had time to spare):
 * a search joins the queue while the queue's estimated time (what the running search has left
 * plus each waiting one's estimate, from how long the same MATCH took before, else the recent
 * average) stays within its time bound, and an identical search already waiting is shared, not
 * repeated. Each search runs under a deadline of its own; one past it has its worker terminated
 * (SQLite stops mid-statement) and a fresh worker takes the queue, so nothing can hold a core for
 * long. A search that waits twice its bound (estimates that were too low) is refused as busy.
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

/** The worker's admission (one place: the searches and the serving process's warm-up share it). */
export const SQLITE_SEARCH_OPTIONS: SqliteSearchOptions = { maxQueue: 64 };

export interface SqliteSearchOptions {
  /** Searches waiting for the worker beyond the running one, whatever their cost (a memory bound); more are refused as busy. */
  maxQueue: number;
}

/** Estimate for a MATCH never timed, before any search has run (a common word on 100k wishes: 50-120 ms). */
const DEFAULT_COST_MS = 50;
/** Timed MATCH expressions remembered for estimates. */
const COST_ENTRIES = 1000;

// Plain JavaScript so it runs the same under tsx, jest and compiled code. The statements are the
// ones wishes/queries.ts used in process: wishes_fts holds exactly the public wishes.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const count = db.prepare('select count(*) as n from wishes_fts where wishes_fts match ?');
const ranked = db.prepare('select rowid as id from wishes_fts where wishes_fts match ? order by bm25(wishes_fts) asc, rowid desc limit ? offset ?');
parentPort.postMessage({ ready: true });
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

interface Waiter {
  resolve: (page: RankedPage) => void;
  reject: (error: Error) => void;
}

interface Job {
  id: number;
  match: string;
  limit: number;
  offset: number;
  /** Requests answered by this one search (identical ones that arrived while it waited). */
  waiters: Waiter[];
  /** Longest run, from dispatch to the worker. */
  timeoutMs: number;
  /** Estimated run time (admission). */
  costMs: number;
  startedAt: number;
  /** While waiting: the wait bound; while running: the run bound. */
  timer: ReturnType<typeof setTimeout>;
}

export class SqliteSearchWorker {
  private worker: Worker | null = null;
  /**
   * The worker has loaded the driver and opened the database. Until then it is never given a
   * search nor terminated: terminating a thread while it registers the native addon aborts the
   * whole process (Node-API fatal error, seen under load when a fresh worker took seconds to load).
   */
  private workerReady = false;
  /** Settles when the current worker is ready or gone (close() waits for it before terminating). */
  private workerSettled: Promise<void> = Promise.resolve();
  private running: Job | null = null;
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** Last run time per MATCH expression (ms), most recent last. */
  private readonly costs = new Map<string, number>();
  /** Moving average of recent run times (ms), the estimate for an untimed MATCH. */
  private averageCostMs = DEFAULT_COST_MS;

  constructor(
    private readonly file: string,
    private readonly options: SqliteSearchOptions,
  ) {}

  /** Searches waiting or running (GET /metrics: wishes_queue_depth{queue="sqlite_search"}). */
  get depth(): number {
    return this.queue.length + (this.running ? 1 : 0);
  }

  /** Estimated time until a search queued now would start (ms). */
  get estimatedWaitMs(): number {
    let wait = this.running ? Math.max(0, this.running.costMs - (Date.now() - this.running.startedAt)) : 0;
    for (const job of this.queue) wait += job.costMs;
    return wait;
  }

  /**
   * Total matches of an FTS5 MATCH expression and one slice of ids, best match first. The search
   * waits at most about timeoutMs for its turn (admission by estimated cost) and then runs at most
   * timeoutMs.
   */
  rank(match: string, limit: number, offset: number, timeoutMs: number): Promise<RankedPage> {
    if (this.closed) return Promise.reject(new SearchBusyError('search is shut down'));
    // Only a waiting search is shared: a running one may have read before a write this request follows.
    const same = this.queue.find((job) => job.match === match && job.limit === limit && job.offset === offset);
    if (same) return new Promise<RankedPage>((resolve, reject) => void same.waiters.push({ resolve, reject }));
    if (this.queue.length >= this.options.maxQueue) return Promise.reject(new SearchBusyError('search queue full'));
    const costMs = this.estimate(match);
    // An idle worker takes any search (its own deadline bounds it); a busy one only what fits the wait.
    if ((this.running || this.queue.length > 0) && this.estimatedWaitMs + costMs > timeoutMs) {
      return Promise.reject(new SearchBusyError('search queue full'));
    }
    return new Promise<RankedPage>((resolve, reject) => {
      const job: Job = { id: this.nextId++, match, limit, offset, waiters: [{ resolve, reject }], timeoutMs, costMs, startedAt: 0, timer: setTimeout(() => this.expire(job), 2 * timeoutMs) };
      this.queue.push(job);
      this.pump();
    });
  }

  private estimate(match: string): number {
    return this.costs.get(match) ?? this.averageCostMs;
  }

  private recordCost(match: string, ms: number): void {
    this.costs.delete(match);
    if (this.costs.size >= COST_ENTRIES) this.costs.delete(this.costs.keys().next().value!);
    this.costs.set(match, ms);
    this.averageCostMs = 0.8 * this.averageCostMs + 0.2 * ms;
  }

  /** The worker has loaded and can take a search at once. */
  get isReady(): boolean {
    return this.worker !== null && this.workerReady;
  }

  /** Starts loading the worker before the first search needs it. */
  warm(): void {
    if (!this.closed) this.ensureWorker();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.fail(job, new SearchBusyError('search is shut down'));
    if (this.running) this.fail(this.running, new SearchBusyError('search is shut down'));
    this.running = null;
    const worker = this.worker;
    this.worker = null;
    if (worker) {
      // Never terminate mid-load (see workerReady); a load stuck this long is not going to finish.
      await Promise.race([this.workerSettled, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
      await worker.terminate();
    }
  }

  private pump(): void {
    if (this.running || this.queue.length === 0 || this.closed) return;
    // A fresh worker first loads; its 'ready' message pumps again.
    if (!this.ensureWorker() || !this.workerReady) return;
    const job = this.queue.shift()!;
    this.running = job;
    clearTimeout(job.timer);
    job.startedAt = Date.now();
    job.timer = setTimeout(() => this.expire(job), job.timeoutMs);
    this.worker!.postMessage({ id: job.id, match: job.match, limit: job.limit, offset: job.offset });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file: this.file, driver: require.resolve('better-sqlite3') } });
    // Never keeps the process alive by itself (the app closes it on shutdown).
    worker.unref();
    this.workerReady = false;
    let settle: () => void = () => undefined;
    this.workerSettled = new Promise<void>((resolve) => (settle = resolve));
    worker.on('exit', () => settle());
    worker.on('message', (message: { ready?: true; id: number; total?: number; ids?: number[]; error?: { message: string; code?: string } }) => {
      if (message.ready) {
        settle();
        if (this.worker !== worker) return void worker.terminate(); // replaced or closed while it loaded
        this.workerReady = true;
        return this.pump();
      }
      const job = this.running;
      if (!job || job.id !== message.id) return;
      this.running = null;
      clearTimeout(job.timer);
      this.recordCost(job.match, Date.now() - job.startedAt);
      if (message.error) this.fail(job, Object.assign(new Error(message.error.message), { code: message.error.code }));
      else for (const waiter of job.waiters) waiter.resolve({ ids: message.ids ?? [], total: message.total ?? 0 });
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
    if (!this.workerReady) {
      // It could not even load (no database file, say): fail the waiting searches rather than
      // start worker after worker; the next search tries again.
      for (const waiting of this.queue.splice(0)) this.fail(waiting, error);
      return;
    }
    this.workerReady = false;
    const job = this.running;
    this.running = null;
    if (job) this.fail(job, error);
    this.pump();
  }

  private expire(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued !== -1) {
      this.queue.splice(queued, 1);
      this.fail(job, new SearchBusyError('search waited too long'));
      return;
    }
    if (this.running === job && this.worker) {
      // Interrupts the statement: terminating the thread is the only way to stop a running SQLite step.
      const worker = this.worker;
      this.worker = null;
      this.workerReady = false;
      this.running = null;
      // Remembered as at least its bound, so the same search is not admitted behind others at a low estimate.
      this.recordCost(job.match, Date.now() - job.startedAt);
      this.fail(job, new SearchBusyError('search took too long'));
      void worker.terminate();
      this.pump();
    }
  }

  private fail(job: Job, error: Error) {
    clearTimeout(job.timer);
    for (const waiter of job.waiters) waiter.reject(error);
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
