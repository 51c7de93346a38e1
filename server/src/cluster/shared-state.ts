/**
 * Cluster mode (REDIS_URL set): what several server processes must share besides the database.
 *
 * PostgreSQL stays the store of record. Redis holds what is counted on every request and must be
 * exact across processes, yet is cheap to lose: the rate-limit counters (@fastify/rate-limit's
 * Redis store) and the login/reset lockout counters (auth/lockout.ts). Redis pub/sub carries the
 * domain events (platform/events.ts; the read model and search ids of every process subscribe) and
 * "sessions ended" between processes: a message lost while Redis restarts costs bounded staleness
 * (the read model's version check; one session-cache lifetime), never a wrong write. Live notifications keep their PostgreSQL LISTEN/NOTIFY bus
 * (notifications/bus.ts), and avatars go to PostgreSQL (media/store.ts, MEDIA_STORAGE=postgres).
 *
 * Without REDIS_URL nothing here runs: one process keeps everything in memory, as before.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { parseDomainEvent, type DomainEvent } from '../platform/events';

/** What other processes must hear: a domain event (platform/events.ts), or a member's sessions ended. */
export type ClusterEvent = { kind: 'domain'; event: DomainEvent } | { kind: 'sessions-ended'; userId: number };

export interface ClusterLink {
  /** Commands (counters). Fails fast while Redis is unreachable rather than queueing. */
  redis: Redis;
  /**
   * Whether Redis answers now. While it does not, the process runs on its own (docs/operations.md →
   * "Redis outage"): rate limits and lockouts count in process memory, caches keep short lifetimes,
   * /healthz says "degraded"; ioredis keeps reconnecting, and all of it switches back by itself.
   */
  available(): boolean;
  /** Calls `listener` on every change of `available()`; returns the undo. */
  onAvailability(listener: (available: boolean) => void): () => void;
  /** Sends an event to every other process (this one has already applied it). */
  publish(event: ClusterEvent): void;
  /** Calls `listener` for every event another process published. */
  subscribe(listener: (event: ClusterEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'wishes:events';
/**
 * How often each connection is PINGed: with commandTimeout (2 s) and two misses in a row, a Redis
 * that hangs is noticed within about 5 s, the bound docs/operations.md promises.
 */
const HEARTBEAT_MS = 1000;
const COMMAND_TIMEOUT_MS = 2000;

function parseEvent(text: string): { from: string; event: ClusterEvent } | null {
  try {
    const value = JSON.parse(text) as { from?: unknown; event?: { kind?: unknown; userId?: unknown; event?: unknown } };
    if (typeof value.from !== 'string' || !value.event) return null;
    if (value.event.kind === 'domain') {
      const event = parseDomainEvent(value.event.event);
      return event ? { from: value.from, event: { kind: 'domain', event } } : null;
    }
    if (value.event.kind === 'sessions-ended' && Number.isSafeInteger(value.event.userId)) {
      return { from: value.from, event: { kind: 'sessions-ended', userId: value.event.userId as number } };
    }
  } catch {
    // A message we did not write: ignored.
  }
  return null;
}

/** Connects to Redis (commands and a subscriber) and resolves once both are ready. */
export async function connectCluster(redisUrl: string, log: FastifyBaseLogger): Promise<ClusterLink> {
  const processId = randomBytes(8).toString('hex');
  const options = {
    // Counters are on the request path: a command must fail (503) rather than hang while Redis is away.
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
    // A Redis that stops answering without closing the connection must not hold requests either.
    commandTimeout: COMMAND_TIMEOUT_MS,
    lazyConnect: true,
  };
  const redis = new Redis(redisUrl, options);
  const subscriber = new Redis(redisUrl, options);
  const listeners = new Set<(event: ClusterEvent) => void>();
  const availability = new Set<(available: boolean) => void>();
  let up = false;
  let closing = false;
  const setUp = (next: boolean) => {
    if (next === up || closing) return;
    up = next;
    // One line per outage and one per recovery, not one per retry.
    if (next) log.info('Redis is back: shared rate limits and cache invalidations resume');
    else log.warn('Redis unavailable: this process now limits rates on its own and keeps its caches short-lived until Redis returns');
    for (const listener of [...availability]) listener(next);
  };
  // Errors are reported through the state changes above; ioredis reconnects by itself.
  redis.on('error', () => undefined);
  subscriber.on('error', () => undefined);
  // A Redis that hangs (a frozen process, a host gone without a reset) closes no connection: only
  // an unanswered PING tells. Without it every request would wait out commandTimeout on Redis for
  // as long as the hang lasts, and the process would go on calling itself healthy.
  const answering = new Map<Redis, boolean>([
    [redis, true],
    [subscriber, true],
  ]);
  const missed = new Map<Redis, number>([
    [redis, 0],
    [subscriber, 0],
  ]);
  // Available when both connections are ready and answering: commands (counters) and the subscriber (invalidations).
  const check = () => setUp(redis.status === 'ready' && subscriber.status === 'ready' && answering.get(redis) === true && answering.get(subscriber) === true);
  for (const connection of [redis, subscriber]) {
    connection.on('ready', () => {
      answering.set(connection, true);
      missed.set(connection, 0);
      check();
    });
    connection.on('close', check);
  }
  // Two unanswered PINGs in a row, the second sent as soon as the first failed, so one event-loop
  // stall on a busy machine (which fires the timeout late, with the reply already waiting) does
  // not take a healthy Redis out; a PING that "timed out" well after its timeout is such a stall.
  const ping = async (connection: Redis): Promise<boolean> => {
    const sent = performance.now();
    return connection.ping().then(
      () => true,
      () => performance.now() - sent > COMMAND_TIMEOUT_MS + 1000,
    );
  };
  let pinging = false;
  const heartbeat = setInterval(() => {
    if (pinging || closing) return;
    pinging = true;
    // PING is allowed on a subscriber connection; each fails after commandTimeout when nothing answers.
    void Promise.all(
      [redis, subscriber].map(async (connection) => {
        for (let attempt = 0; attempt < 2 && connection.status === 'ready' && !closing; attempt++) {
          if (await ping(connection)) {
            missed.set(connection, 0);
            answering.set(connection, true);
            return;
          }
          const count = (missed.get(connection) ?? 0) + 1;
          missed.set(connection, count);
          if (count >= 2) answering.set(connection, false);
        }
      }),
    ).then(() => {
      pinging = false;
      check();
    });
  }, HEARTBEAT_MS);
  heartbeat.unref();
  subscriber.on('message', (_channel: string, text: string) => {
    const message = parseEvent(text);
    if (!message || message.from === processId) return;
    for (const listener of [...listeners]) listener(message.event);
  });
  try {
    await Promise.all([redis.connect(), subscriber.connect()]);
    // ioredis re-subscribes by itself after a reconnect.
    await subscriber.subscribe(CHANNEL);
  } catch (error) {
    clearInterval(heartbeat);
    redis.disconnect();
    subscriber.disconnect();
    throw new Error(`REDIS_URL: cannot reach Redis (${error instanceof Error ? error.message : String(error)})`);
  }
  up = redis.status === 'ready' && subscriber.status === 'ready';
  const available = () => up && redis.status === 'ready' && subscriber.status === 'ready';
  return {
    redis,
    available,
    onAvailability(listener) {
      availability.add(listener);
      return () => availability.delete(listener);
    },
    publish(event) {
      // Lost while Redis is away: the other processes' caches are short-lived meanwhile and are cleared when it returns.
      if (!available()) return;
      redis.publish(CHANNEL, JSON.stringify({ from: processId, event })).catch((error: unknown) => log.warn({ err: error, event }, 'cluster event not published'));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closing = true;
      clearInterval(heartbeat);
      listeners.clear();
      availability.clear();
      await Promise.allSettled([redis.quit(), subscriber.quit()]);
    },
  };
}
