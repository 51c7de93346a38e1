/**
 * What a canary is judged by (docs/teams.md → "Canaries"): client addresses, not requests. Per
 * canary release, a `load` is an address whose browser mounted the canary's module (POST
 * /api/client-loads/) and an `error` an address that reported one of its failures (an address that
 * reports an error tried to load it, so it is a loading address too). Each address counts once
 * per kind per CANARY_WINDOW_S however often it sends: a count is an upsert of (canary, kind,
 * address) → last time seen, and a window's count is the addresses seen within it. So neither
 * many page loads from one place (a broken canary kept alive) nor many reports from one place (a
 * good canary forced back) move the numbers; it takes CANARY_MIN_ERRORS different addresses.
 *
 * The counts live in the database (every process counts the same), or in Redis in cluster mode
 * (REDIS_URL) like the other counters: one sorted set per canary and kind, member the address key,
 * score the time. While Redis is unreachable a process counts in the database meanwhile.
 *
 * Addresses are kept as a keyed hash (HMAC with the server's secret), never in the clear.
 */
import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { ClusterLink } from '../cluster/shared-state';
import type { Database } from '../db/types';

export type CanaryCountKind = 'load' | 'error';

export interface CanaryCounts {
  /** Addresses that loaded the canary in the window. */
  loads: number;
  /** Addresses that reported an error of it in the window. */
  errors: number;
}

export interface CanaryCounter {
  /** Counts `address` for `kind` of the canary (at most once per window: a repeat only moves its time). */
  count(remote: string, release: string, kind: CanaryCountKind, address: string, now: number): Promise<void>;
  /** Distinct addresses of each kind seen in the `windowS` seconds up to `now`. */
  counts(remote: string, release: string, windowS: number, now: number): Promise<CanaryCounts>;
  /** Forgets what is older than the window (called by the evaluation). */
  prune(remote: string, release: string, windowS: number, now: number): Promise<void>;
}

/** A keyed hash of a client address: the same address gives the same key, and the key gives nothing back. */
export const addressKey = (secret: string, address: string) => createHmac('sha256', `canary-address:${secret}`).update(address).digest('base64url').slice(0, 22);

export function databaseCounter(db: Kysely<Database>): CanaryCounter {
  const countOf = async (remote: string, release: string, kind: CanaryCountKind, since: number) =>
    Number(
      (
        await db
          .selectFrom('canary_addresses')
          .select(sql<number>`count(*)`.as('n'))
          .where('remote', '=', remote)
          .where('release_id', '=', release)
          .where('kind', '=', kind)
          .where('seen_ms', '>', since)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    async count(remote, release, kind, address, now) {
      // One row per address: a repeat is an update, so the count cannot grow with requests.
      await db
        .insertInto('canary_addresses')
        .values({ remote, release_id: release, kind, address, seen_ms: now })
        .onConflict((oc) => oc.columns(['remote', 'release_id', 'kind', 'address']).doUpdateSet({ seen_ms: now }))
        .execute();
    },
    async counts(remote, release, windowS, now) {
      const since = now - windowS * 1000;
      return { loads: await countOf(remote, release, 'load', since), errors: await countOf(remote, release, 'error', since) };
    },
    async prune(remote, release, windowS, now) {
      await db
        .deleteFrom('canary_addresses')
        .where('remote', '=', remote)
        .where('release_id', '=', release)
        .where('seen_ms', '<=', now - windowS * 1000)
        .execute();
    },
  };
}

/** Redis (cluster mode), falling back to `fallback` (the database) while Redis is unreachable. */
export function redisCounter(cluster: ClusterLink, fallback: CanaryCounter, windowS: number): CanaryCounter {
  const key = (remote: string, release: string, kind: CanaryCountKind) => `wishes:canary:${kind}:${remote}:${release}`;
  const live = () => cluster.available();
  return {
    async count(remote, release, kind, address, now) {
      if (!live()) return fallback.count(remote, release, kind, address, now);
      try {
        // ZADD replaces the member's score: one member per address, whatever it sends.
        await cluster.redis.multi().zadd(key(remote, release, kind), now, address).pexpire(key(remote, release, kind), windowS * 2000).exec();
      } catch {
        await fallback.count(remote, release, kind, address, now);
      }
    },
    async counts(remote, release, windowSeconds, now) {
      if (!live()) return fallback.counts(remote, release, windowSeconds, now);
      const since = `(${now - windowSeconds * 1000}`;
      try {
        const [loads, errors] = await Promise.all([cluster.redis.zcount(key(remote, release, 'load'), since, '+inf'), cluster.redis.zcount(key(remote, release, 'error'), since, '+inf')]);
        return { loads, errors };
      } catch {
        return fallback.counts(remote, release, windowSeconds, now);
      }
    },
    async prune(remote, release, windowSeconds, now) {
      await fallback.prune(remote, release, windowSeconds, now);
      if (!live()) return;
      const upTo = now - windowSeconds * 1000;
      await cluster.redis
        .multi()
        .zremrangebyscore(key(remote, release, 'load'), '-inf', upTo)
        .zremrangebyscore(key(remote, release, 'error'), '-inf', upTo)
        .exec()
        .catch(() => undefined);
    },
  };
}

/** The counter of a server: Redis in cluster mode, else the database. */
export function canaryCounter(db: Kysely<Database>, cluster: ClusterLink | undefined, windowS: number): CanaryCounter {
  const inDatabase = databaseCounter(db);
  return cluster ? redisCounter(cluster, inDatabase, windowS) : inDatabase;
}

/**
 * The time and the timer the canary watch runs on: the real ones, or a test's fake clock (the
 * window and the 10 s evaluation are tested without waiting).
 */
export interface CanaryClock {
  now(): number;
  /** Calls `run` every `ms` (a fake clock awaits what it returns); returns the stop. */
  every(ms: number, run: () => Promise<void> | void): () => void;
}

export const realClock: CanaryClock = {
  now: () => Date.now(),
  every(ms, run) {
    const timer = setInterval(run, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};

/** How often every running canary is evaluated. */
export const CANARY_EVALUATION_MS = 10_000;

/** Whether `counts` end a canary: errors from at least `minErrors` addresses, above `maxErrorRate` of its loading addresses. */
export function failing(counts: CanaryCounts, settings: { maxErrorRate: number; minErrors: number }): boolean {
  if (counts.errors < settings.minErrors) return false;
  return counts.errors / Math.max(counts.loads, counts.errors) > settings.maxErrorRate;
}
