/**
 * Canaries (docs/teams.md): a release a share of browsers gets before everyone does.
 *
 * - Each browser has a stable bucket 0-99 (cookie `wishes_bucket`, set on its first page load or
 *   manifest); it gets a remote's canary when its bucket is below the canary's percent.
 * - Each page load (HTML or /mf/remotes.json) gets a `load_id`: random, with its time and the
 *   canary releases it was served, signed with the server's secret (HMAC-SHA256), so nobody can
 *   make one up or claim a canary it was not served. Serving a page counts nothing.
 * - The shell reports each canary module that mounted to POST /api/client-loads/ and each failure
 *   to POST /api/client-errors/, with its load_id. What counts is client addresses, not requests
 *   (canary-count.ts): one load and one error per address per canary per CANARY_WINDOW_S.
 * - Every 10 s the server checks each running canary and ends it itself when errors from at least
 *   CANARY_MIN_ERRORS addresses are above CANARY_MAX_ERROR_RATE of its loading addresses (history:
 *   `auto-rollback` with the counts and the team that started it).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

export const BUCKET_COOKIE = 'wishes_bucket';
/** How long a load_id may be reported against. */
export const LOAD_ID_TTL_MS = 24 * 3600_000;

export interface CanarySettings {
  windowS: number;
  maxErrorRate: number;
  /** Distinct addresses with an error needed before the rate can end a canary. */
  minErrors: number;
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

/** A canary release's short name inside a load id (signed with it, so it only needs to tell releases apart). */
const servedTag = (remote: string, release: string) => createHash('sha256').update(`${remote}\u0000${release}`).digest('base64url').slice(0, 8);

/** At most this many canaries named in one load id (more would make the id long; there is one per remote at most). */
const MAX_SERVED = 24;

/** A new signed load id: `<random>.<issued ms, base 36>.<canaries served, ~-joined>.<hmac>`. */
export function newLoadId(secret: string, now = Date.now(), served: ReadonlyArray<{ remote: string; release: string }> = []): string {
  const tags = served.slice(0, MAX_SERVED).map((s) => servedTag(s.remote, s.release)).join('~');
  const body = `${randomBytes(12).toString('base64url')}.${now.toString(36)}.${tags}`;
  return `${body}.${sign(secret, body)}`;
}

export interface LoadId {
  /** Whether this load was served `release` of `remote` as a canary. */
  served(remote: string, release: string): boolean;
}

/** The load `loadId` stands for when it was signed here and is not older than LOAD_ID_TTL_MS, else null. */
export function verifyLoadId(secret: string, loadId: string, now = Date.now()): LoadId | null {
  const match = /^([A-Za-z0-9_-]{16})\.([0-9a-z]{1,12})\.((?:[A-Za-z0-9_-]{8}(?:~[A-Za-z0-9_-]{8}){0,23})?)\.([A-Za-z0-9_-]{43})$/.exec(loadId);
  if (!match) return null;
  const expected = Buffer.from(sign(secret, `${match[1]}.${match[2]}.${match[3]}`));
  const given = Buffer.from(match[4]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const issued = parseInt(match[2], 36);
  if (issued > now + 60_000 || now - issued > LOAD_ID_TTL_MS) return null;
  const tags = new Set(match[3] ? match[3].split('~') : []);
  return { served: (remote, release) => tags.has(servedTag(remote, release)) };
}

export interface ClientErrorReport {
  load_id: string;
  remote: string;
  release: string;
  kind: 'load' | 'render' | 'runtime';
  message: string;
  stack?: string;
}

/** Stores a report for the team to read: the first of its load for its remote (true); later ones are dropped (false). */
export async function storeClientError(db: Kysely<Database>, report: ClientErrorReport): Promise<boolean> {
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
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
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
