/**
 * Canaries (docs/teams.md): a release a share of browsers gets before everyone does.
 *
 * - Each browser has a stable bucket 0-99 (cookie `wishes_bucket`, set on its first page load or
 *   manifest); it gets a remote's canary when its bucket is below the canary's percent.
 * - Each page load (HTML or /mf/remotes.json) gets a `load_id`: random, with its time, signed with
 *   the server's secret (HMAC-SHA256), so nobody can make one up. Serving a canary to a load
 *   records one row in `canary_loads` (the database: every process counts the same loads).
 * - The shell reports failures to POST /api/client-errors/ with its load_id. A report needs a
 *   valid, unexpired load_id; for a canary release, a load that was served that canary. One load
 *   counts at most one error per remote (the primary key), so forged or repeated reports cannot
 *   push a canary's rate up.
 * - After each counted error of a canary, its error rate over the last CANARY_WINDOW_S is checked:
 *   above CANARY_MAX_ERROR_RATE with at least CANARY_MIN_LOADS loads, the server ends the canary
 *   itself (history: `auto-rollback` with the rate and the team that started it).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/types';

export const BUCKET_COOKIE = 'wishes_bucket';
/** How long a load_id may be reported against. */
export const LOAD_ID_TTL_MS = 24 * 3600_000;

export interface CanarySettings {
  windowS: number;
  maxErrorRate: number;
  minLoads: number;
}

/** The bucket in a Cookie header, or null when absent or malformed. */
export function bucketFromCookie(header: string | undefined): number | null {
  if (!header) return null;
  const match = new RegExp(`(?:^|;\\s*)${BUCKET_COOKIE}=(\\d{1,2})(?:;|$)`).exec(header);
  return match ? Number(match[1]) : null;
}

export function newBucket(): number {
  return randomBytes(1)[0] % 100;
}

/** `Set-Cookie` for a bucket: a year, the whole site, not readable by page scripts. */
export function bucketCookie(bucket: number, secure: boolean): string {
  return `${BUCKET_COOKIE}=${bucket}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
}

const sign = (secret: string, body: string) => createHmac('sha256', `load-id:${secret}`).update(body).digest('base64url');

/** A new signed load id: `<random>.<issued ms, base 36>.<hmac>`. */
export function newLoadId(secret: string, now = Date.now()): string {
  const body = `${randomBytes(12).toString('base64url')}.${now.toString(36)}`;
  return `${body}.${sign(secret, body)}`;
}

/** Whether `loadId` was signed here and is not older than LOAD_ID_TTL_MS. */
export function verifyLoadId(secret: string, loadId: string, now = Date.now()): boolean {
  const match = /^([A-Za-z0-9_-]{16})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(loadId);
  if (!match) return false;
  const expected = Buffer.from(sign(secret, `${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const issued = parseInt(match[2], 36);
  return issued <= now + 60_000 && now - issued <= LOAD_ID_TTL_MS;
}

/** Records that load `loadId` was served these canary releases. */
export async function recordCanaryLoads(db: Kysely<Database>, loadId: string, served: Array<{ remote: string; release: string }>): Promise<void> {
  if (!served.length) return;
  const now = new Date().toISOString();
  await db
    .insertInto('canary_loads')
    .values(served.map((s) => ({ load_id: loadId, remote: s.remote, release_id: s.release, created_at: now })))
    .onConflict((oc) => oc.columns(['load_id', 'remote']).doNothing())
    .execute();
}

export interface CanaryStats {
  loads: number;
  errors: number;
  /** errors / loads over the window (0 without loads). */
  error_rate: number;
}

/** Loads and errors of `remote`'s release `release` over the last `windowS` seconds. */
export async function canaryStats(db: Kysely<Database>, remote: string, release: string, windowS: number): Promise<CanaryStats> {
  const since = new Date(Date.now() - windowS * 1000).toISOString();
  const loads = await db
    .selectFrom('canary_loads')
    .select(sql<number>`count(*)`.as('n'))
    .where('remote', '=', remote)
    .where('release_id', '=', release)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  // Errors of loads in the window (each load counts one at most).
  const errors = await db
    .selectFrom('client_errors as e')
    .innerJoin('canary_loads as l', (join) => join.onRef('l.load_id', '=', 'e.load_id').onRef('l.remote', '=', 'e.remote'))
    .select(sql<number>`count(*)`.as('n'))
    .where('e.remote', '=', remote)
    .where('e.release_id', '=', release)
    .where('l.release_id', '=', release)
    .where('l.created_at', '>=', since)
    .executeTakeFirstOrThrow();
  const l = Number(loads.n);
  const e = Number(errors.n);
  return { loads: l, errors: e, error_rate: l ? e / l : 0 };
}

export interface ClientErrorReport {
  load_id: string;
  remote: string;
  release: string;
  kind: 'load' | 'render' | 'runtime';
  message: string;
  stack?: string;
}

/**
 * Stores a report (the first of its load for its remote; later ones are dropped). A canary
 * release's report needs a load that was served it. Returns 'stored', 'duplicate' or 'not-served'.
 */
export async function storeClientError(db: Kysely<Database>, report: ClientErrorReport, canaryRelease: string | undefined): Promise<'stored' | 'duplicate' | 'not-served'> {
  if (canaryRelease === report.release) {
    const served = await db.selectFrom('canary_loads').select('release_id').where('load_id', '=', report.load_id).where('remote', '=', report.remote).executeTakeFirst();
    if (!served || served.release_id !== report.release) return 'not-served';
  }
  const result = await db
    .insertInto('client_errors')
    .values({
      load_id: report.load_id,
      remote: report.remote,
      release_id: report.release,
      kind: report.kind,
      message: report.message,
      stack: report.stack ?? null,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['load_id', 'remote']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? 'stored' : 'duplicate';
}

/** Recent errors of a release, newest first. */
export async function recentErrors(db: Kysely<Database>, remote: string, release: string | undefined, limit = 50) {
  let query = db.selectFrom('client_errors').select(['release_id', 'kind', 'message', 'stack', 'created_at']).where('remote', '=', remote).orderBy('created_at', 'desc').limit(limit);
  if (release) query = query.where('release_id', '=', release);
  return query.execute();
}

/** A preview pins one release of one remote for the browser that opens its link (docs/teams.md). */
export const PREVIEW_COOKIE = 'wishes_preview';
export const PREVIEW_PARAM = 'wishes_preview';
export const PREVIEW_TTL_MS = 3600_000;

export interface PreviewPin {
  remote: string;
  release: string;
  expires: number;
}

const signPreview = (secret: string, body: string) => createHmac('sha256', `preview:${secret}`).update(body).digest('base64url');

/** A signed preview value: `<remote>~<release>~<expiry ms, base 36>~<hmac>`. */
export function newPreviewToken(secret: string, remote: string, release: string, now = Date.now()): { token: string; expires: number } {
  const expires = now + PREVIEW_TTL_MS;
  const body = `${remote}~${release}~${expires.toString(36)}`;
  return { token: `${body}~${signPreview(secret, body)}`, expires };
}

/** The pin a preview value stands for, or null (malformed, forged or expired). */
export function verifyPreviewToken(secret: string, token: string | undefined, now = Date.now()): PreviewPin | null {
  if (!token) return null;
  const match = /^([a-z][a-z0-9-]{0,62})~([0-9A-Za-z][0-9A-Za-z.+_-]{0,99})~([0-9a-z]{1,12})~([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(signPreview(secret, `${match[1]}~${match[2]}~${match[3]}`));
  const given = Buffer.from(match[4]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const expires = parseInt(match[3], 36);
  return expires > now ? { remote: match[1], release: match[2], expires } : null;
}

/** The Set-Cookie of a confirmed preview (`maxAge` 0 with an empty value: the preview ends). */
export function previewCookie(value: string, maxAge: number, secure: boolean): string {
  return `${PREVIEW_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
}

/** The preview value in a Cookie header, if any. */
export function previewFromCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  return new RegExp(`(?:^|;\\s*)${PREVIEW_COOKIE}=([^;]+)`).exec(header)?.[1];
}
