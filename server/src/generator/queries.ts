/** The per-user hourly generation quota (generation_events). */
import type { Kysely } from 'kysely';
import type { Database, Dialect } from '../db/types';
import { QUOTA_WINDOW_MS } from './schemas';

export interface QuotaUsage {
  /** Events inside the rolling window. */
  used: number;
  /** created_at of the oldest event inside the window, null when there is none. */
  oldest: string | null;
}

const windowStart = (now: Date) => new Date(now.getTime() - QUOTA_WINDOW_MS).toISOString();

async function usage(db: Kysely<Database>, userId: number, now: Date): Promise<QuotaUsage> {
  const row = await db
    .selectFrom('generation_events')
    .select((eb) => [eb.fn.countAll<number | string>().as('used'), eb.fn.min('created_at').as('oldest')])
    .where('user_id', '=', userId)
    .where('created_at', '>', windowStart(now))
    .executeTakeFirst();
  return { used: Number(row?.used ?? 0), oldest: row?.oldest ?? null };
}

/** Read-only check before calling the provider, so a spent quota costs no generation. */
export function quotaUsage(db: Kysely<Database>, userId: number, now = new Date()): Promise<QuotaUsage> {
  return usage(db, userId, now);
}

export type RecordResult = { recorded: true; used: number } | { recorded: false; used: number; oldest: string | null };

/**
 * Counts and records one generation atomically, also across processes: on PostgreSQL the user's
 * row is locked for the transaction; on SQLite the first statement is a write, which takes the
 * database write lock up front (a deferred read-then-write transaction could fail with
 * SQLITE_BUSY_SNAPSHOT instead of waiting). That write prunes the user's expired events, which
 * also keeps the table small.
 */
export function recordGeneration(db: Kysely<Database>, dialect: Dialect, userId: number, limit: number, now = new Date()): Promise<RecordResult> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    }
    await trx.deleteFrom('generation_events').where('user_id', '=', userId).where('created_at', '<=', windowStart(now)).execute();
    const { used, oldest } = await usage(trx, userId, now);
    if (used >= limit) return { recorded: false, used, oldest };
    await trx.insertInto('generation_events').values({ user_id: userId, created_at: now.toISOString() }).execute();
    return { recorded: true, used: used + 1 };
  });
}

/** Seconds until the oldest event in the window leaves it (at least 1). */
export function retryAfterSeconds(oldest: string | null, now = new Date()): number {
  if (!oldest) return Math.ceil(QUOTA_WINDOW_MS / 1000);
  const ms = Date.parse(oldest) + QUOTA_WINDOW_MS - now.getTime();
  return Math.max(1, Math.ceil(ms / 1000));
}
