/**
 * The gathered notifications (upvotes, follows) written after the response, so the action
 * that causes one (a vote, a follow) is answered once its own write is committed; the notification
 * is a job here, written with the jobs that arrived with it in one transaction, on the next turn
 * of the event loop. Then the recipients' streams are told.
 *
 * - Bounded: at most `limit` jobs wait. A job offered to a full queue is written at once by its
 *   caller instead (`inline`), so memory stays bounded and nothing is dropped.
 * - Nothing lost on a graceful shutdown: close() writes every waiting job (the app's onClose runs
 *   it before the database closes) and later jobs are written at once.
 * - A reader sees every acknowledged action: the list and the unread count first wait for the
 *   jobs waiting for that recipient (settledFor), so a test or a member reading right after a vote
 *   sees its notification, as when it was written inside the request.
 * - A failing batch is retried job by job, so one bad job costs only itself (logged, as a
 *   notification never fails the action that caused it).
 */
import type { FastifyBaseLogger } from 'fastify';

export interface QueueOptions<J> {
  /** Writes a batch in one transaction; returns the recipients whose notifications changed. */
  write(jobs: J[]): Promise<Iterable<number>>;
  /** The recipient a job may change (for settledFor). */
  recipientOf(job: J): number | null;
  /** Tells the recipients' streams after the commit (all of a batch's at once: one round trip on PostgreSQL). */
  publish(userIds: number[]): Promise<void>;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Most jobs waiting (default 10,000). */
  limit?: number;
  /** Most jobs in one transaction (default 500). */
  batch?: number;
  /** How long a job waits for others when the queue is busy (default 0: always the next turn). */
  delayMs?: number;
  /** Busy: more jobs than this offered within the last `delayMs` (default 0). */
  busyJobs?: number;
  /** Jobs with one key that wait together are written once, as the last offered (default: none merged). */
  keyOf?(job: J): string | undefined;
}

export interface NotificationQueue<J> {
  /** Queues a job; false when it was not queued (full or closed): the caller writes it now. */
  offer(job: J): boolean;
  /** Resolves once no job for this recipient waits or is being written. */
  settledFor(userId: number): Promise<void>;
  /** Resolves once every job offered so far is written. */
  flush(): Promise<void>;
  /** Writes what waits; afterwards offer() refuses (callers write at once). */
  close(): Promise<void>;
  readonly size: number;
}

export function createNotificationQueue<J>(options: QueueOptions<J>): NotificationQueue<J> {
  const limit = options.limit ?? 10_000;
  const batchSize = options.batch ?? 500;
  const delayMs = options.delayMs ?? 0;
  const busyJobs = options.busyJobs ?? 0;
  /** Jobs offered since `periodStart` (busy or quiet, see the header). */
  let offeredInPeriod = 0;
  let periodStart = 0;
  const waiting: J[] = [];
  /** Key → index in `waiting`, for the jobs not yet taken into a batch. */
  const waitingAt = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Jobs waiting or being written, per recipient. */
  const open = new Map<number, number>();
  let running: Promise<void> | null = null;
  let scheduled = false;
  let closed = false;

  const settle = (jobs: J[]) => {
    for (const job of jobs) {
      const user = options.recipientOf(job);
      if (user === null) continue;
      const left = (open.get(user) ?? 1) - 1;
      if (left <= 0) open.delete(user);
      else open.set(user, left);
    }
  };

  const writeBatch = async (jobs: J[]) => {
    let changed: Iterable<number> = [];
    try {
      changed = await options.write(jobs);
    } catch (error) {
      // One bad job must not cost the others: each alone, in its own transaction.
      const each = new Set<number>();
      for (const job of jobs) {
        try {
          for (const user of await options.write([job])) each.add(user);
        } catch (jobError) {
          options.log.error({ err: jobError, batchError: error }, 'notification not recorded');
        }
      }
      changed = each;
    }
    const users = [...new Set(changed)];
    if (users.length > 0) await options.publish(users).catch((error: unknown) => options.log.error({ err: error }, 'notification not published'));
  };

  const drain = async () => {
    while (waiting.length > 0) {
      const jobs = waiting.splice(0, batchSize);
      // Keys point into `waiting`: what is left moved, so index it again.
      waitingAt.clear();
      if (options.keyOf)
        waiting.forEach((job, i) => {
          const key = options.keyOf!(job);
          if (key !== undefined) waitingAt.set(key, i);
        });
      try {
        await writeBatch(jobs);
      } finally {
        settle(jobs);
      }
    }
  };

  const start = () => {
    scheduled = false;
    if (timer) clearTimeout(timer);
    timer = null;
    if (running) return;
    running = drain().finally(() => {
      running = null;
      if (waiting.length > 0) start();
    });
  };

  const idle = async () => {
    while (running || waiting.length > 0) {
      if (!running) start();
      await running;
    }
  };

  return {
    offer(job) {
      if (closed) return false;
      if (delayMs > 0) {
        const now = Date.now();
        if (now - periodStart >= delayMs) {
          periodStart = now;
          offeredInPeriod = 0;
        }
        offeredInPeriod++;
      }
      const key = options.keyOf?.(job);
      const at = key === undefined ? undefined : waitingAt.get(key);
      if (at !== undefined) {
        // The same recipient's same action: the last one stands for both (see the header).
        waiting[at] = job;
        return true;
      }
      if (waiting.length >= limit) return false;
      if (key !== undefined) waitingAt.set(key, waiting.length);
      waiting.push(job);
      const user = options.recipientOf(job);
      if (user !== null) open.set(user, (open.get(user) ?? 0) + 1);
      if (waiting.length >= batchSize && !running) start();
      else if (!scheduled && !running) {
        scheduled = true;
        // After the poll phase (the jobs of every request read in this turn join one batch), or after the gathering period.
        if (delayMs > 0 && offeredInPeriod > busyJobs) timer = setTimeout(start, delayMs);
        else setImmediate(start);
      }
      return true;
    },
    async settledFor(userId) {
      while (open.has(userId) && (running || waiting.length > 0)) {
        if (!running) start();
        await running;
      }
    },
    flush: idle,
    async close() {
      closed = true;
      await idle();
    },
    get size() {
      return waiting.length;
    },
  };
}
