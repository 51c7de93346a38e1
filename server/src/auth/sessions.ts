/**
 * Sessions: what makes a token pair valid, and how every session of a user ends at once.
 *
 * Each user has a `session_epoch` (migrations/0004_sessions.ts). Every access and refresh token
 * carries the epoch it was issued under (claim `sep`). `endUserSessions` bumps the epoch and
 * revokes the user's refresh tokens, so every token issued before the call answers
 * 401 token_not_valid on the next request: a password change or reset, "sign out everywhere", a
 * ban, an account deletion.
 *
 * The epoch check runs on every authenticated request, so the epoch is cached in process
 * (SessionEpochCache) instead of read from the database each time. `endUserSessions` clears the
 * user's entry in this process at once. Other processes sharing the database learn of it through
 * `SessionInvalidationBus`: the default bus only reaches this process, so with several processes
 * an entry is also re-read after the session cache time (Config.sessionCacheMs) (the bound on cross-process staleness). A shared
 * bus (PostgreSQL LISTEN/NOTIFY, Redis pub/sub) plugs in with `setSessionInvalidationBus` and
 * makes that immediate everywhere.
 *
 * Refresh tokens rotate on use (RFC 9700 §4.14.2): each has a row in `refresh_tokens`; a refresh
 * marks the presented token used and issues its successor in the same family. Presenting a used
 * token again after the grace window (REFRESH_REUSE_GRACE, two tabs refreshing at once) is taken
 * as theft: the whole family is revoked, so neither the thief nor the victim can go on with it.
 */
import { type Kysely, sql } from 'kysely';
import type { AppDeps } from '../app/deps';
import { AUTH_MESSAGES, AuthError, suspendedError } from '../platform/errors';
import { suspensionOf } from './queries';
import { newTokenId, type TokenService, type VerifiedClaims } from '../platform/tokens';
import type { Database } from '../db/types';
import { nowIso } from '../db/types';

type Db = Kysely<Database>;

/**
 * How long a cached epoch is trusted without a bus message (other processes' changes), unless
 * buildApp set the handle's own from Config (WISHES_SESSION_CACHE_MS, configureSessionCache).
 */
export const DEFAULT_EPOCH_CACHE_MS = 10_000;
const epochCacheMs = new WeakMap<Db, number>();
export function configureSessionCache(db: Db, ms: number): void {
  epochCacheMs.set(db, ms);
}
const EPOCH_CACHE_ENTRIES = 50_000;

/** Carries "user N's sessions ended" between processes. publish() must also reach this process's own listeners. */
export interface SessionInvalidationBus {
  publish(userId: number): void;
  subscribe(listener: (userId: number) => void): () => void;
}

/** The default bus: this process only. */
export function createLocalInvalidationBus(): SessionInvalidationBus {
  const listeners = new Set<(userId: number) => void>();
  return {
    publish: (userId) => listeners.forEach((listener) => listener(userId)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

let bus: SessionInvalidationBus = createLocalInvalidationBus();
/** Installs a cross-process bus (cluster/wiring.ts); caches created afterwards (one per database handle) subscribe to it. Returns the bus it replaced. */
export function setSessionInvalidationBus(next: SessionInvalidationBus): SessionInvalidationBus {
  const previous = bus;
  bus = next;
  return previous;
}

/** Per database handle: user id → epoch (null: no such user), read at most once per session cache time. */
class SessionEpochCache {
  private readonly entries = new Map<number, { epoch: number | null; at: number }>();
  /** Bumped on every invalidation, so a read that raced with one is not cached. */
  private invalidations = 0;
  /** Who wants to hear that a user's sessions ended (open event streams end theirs). */
  readonly endedListeners = new Set<(userId: number) => void>();

  constructor(private readonly db: Db) {
    bus.subscribe((userId) => this.forget(userId));
  }

  forget(userId: number): void {
    this.invalidations++;
    this.entries.delete(userId);
    for (const listener of [...this.endedListeners]) listener(userId);
  }

  async epochOf(userId: number): Promise<number | null> {
    const hit = this.entries.get(userId);
    if (hit && Date.now() - hit.at <= (epochCacheMs.get(this.db) ?? DEFAULT_EPOCH_CACHE_MS)) return hit.epoch;
    const before = this.invalidations;
    const row = await this.db.selectFrom('users').select('session_epoch').where('id', '=', userId).executeTakeFirst();
    const epoch = row ? Number(row.session_epoch) : null;
    if (before === this.invalidations) {
      this.entries.delete(userId);
      if (this.entries.size >= EPOCH_CACHE_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(userId, { epoch, at: Date.now() });
    }
    return epoch;
  }
}

const caches = new WeakMap<Db, SessionEpochCache>();
function cacheOf(db: Db): SessionEpochCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SessionEpochCache(db)));
  return cache;
}

/**
 * Calls `listener` whenever a user's sessions end: in this process (endUserSessions) or, through
 * the session bus, in another one (cluster mode). A listener may be called more than once per end.
 */
export function onSessionsEnded(db: Db, listener: (userId: number) => void): () => void {
  const cache = cacheOf(db);
  cache.endedListeners.add(listener);
  return () => cache.endedListeners.delete(listener);
}

/** The user's current session epoch (cached), or null when the account does not exist. */
export function currentSessionEpoch(db: Db, userId: number): Promise<number | null> {
  return cacheOf(db).epochOf(userId);
}

/** Whether verified claims belong to the user's current sessions (their epoch is the current one). */
export async function claimsStillValid(db: Db, claims: VerifiedClaims): Promise<boolean> {
  const epoch = await currentSessionEpoch(db, claims.user_id);
  return epoch !== null && (claims.sep ?? 0) === epoch;
}

/**
 * Ends every session of a user: every access and refresh token issued before this call is refused
 * from the next request on (401 token_not_valid). Call it after a password change or reset,
 * "sign out everywhere", a ban, or an account deletion (before or after the row is deleted: a
 * missing user's tokens are refused too). To keep the current device signed in afterwards, give
 * it a new pair with `startSession`.
 */
export async function endUserSessions(deps: Pick<AppDeps, 'db'>, userId: number): Promise<void> {
  const { db } = deps;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ session_epoch: sql<number>`session_epoch + 1` }).where('id', '=', userId).execute();
    await trx.updateTable('refresh_tokens').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  });
  cacheOf(db).forget(userId);
  bus.publish(userId);
}

export interface TokenPair {
  access: string;
  refresh: string;
}

/** Issues a new access + refresh pair for a user (a new rotation family): sign-in, or keeping the current device after endUserSessions. */
export async function startSession(deps: Pick<AppDeps, 'db' | 'config'>, tokens: TokenService, userId: number): Promise<TokenPair> {
  const user = await deps.db.selectFrom('users').select(['password_changed_at', 'session_epoch', 'role']).where('id', '=', userId).executeTakeFirstOrThrow();
  const epoch = Number(user.session_epoch);
  await deleteExpiredRefreshRows(deps.db, userId);
  return { access: tokens.issueAccess(userId, undefined, epoch, user.role), refresh: await issueRefreshRow(deps, tokens, userId, user.password_changed_at, epoch, newTokenId()) };
}

/** Expired rows are no longer needed to detect reuse (an expired token is refused by its signature check). */
async function deleteExpiredRefreshRows(db: Db, userId: number) {
  await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).where('expires_at', '<', nowIso()).execute();
}

async function issueRefreshRow(deps: Pick<AppDeps, 'db' | 'config'>, tokens: TokenService, userId: number, passwordChangedAt: string, epoch: number, family: string) {
  const jti = newTokenId();
  const now = Date.now();
  await deps.db
    .insertInto('refresh_tokens')
    .values({
      jti,
      family,
      user_id: userId,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + deps.config.refreshTokenTtlSeconds * 1000).toISOString(),
      used_at: null,
      revoked_at: null,
    })
    .execute();
  return tokens.issueRefresh(userId, passwordChangedAt, now, { jti, family, epoch });
}

/**
 * Exchanges a refresh token for a new pair (rotation). Refused (AuthError 401 token_not_valid):
 * a bad or expired token, one from an ended session, a revoked family, and a token already
 * rotated more than the grace window ago, which also revokes its family.
 */
export async function rotateRefreshToken(deps: Pick<AppDeps, 'db' | 'config'>, tokens: TokenService, refreshToken: string): Promise<TokenPair> {
  const invalid = new AuthError(AUTH_MESSAGES.refreshInvalid, 'token_not_valid');
  const { db, config } = deps;
  const claims = tokens.verify(refreshToken, 'refresh');
  // No family: a token from before rotation existed; it cannot be tracked, so it is refused (sign in again).
  if (!claims || !claims.fam) throw invalid;
  const user = await db.selectFrom('users').select(['password_changed_at', 'session_epoch', 'role', 'banned_at']).where('id', '=', claims.user_id).executeTakeFirst();
  // A suspended member's refresh says so, with the moderator's reason (the tab tells them at once).
  if (user && user.banned_at !== null) throw suspendedError((await suspensionOf(db, claims.user_id))?.reason ?? null, 'token_not_valid');
  if (!user || claims.pwc !== Date.parse(user.password_changed_at) || (claims.sep ?? 0) !== Number(user.session_epoch)) throw invalid;
  const row = await db.selectFrom('refresh_tokens').selectAll().where('jti', '=', claims.jti).executeTakeFirst();
  if (!row || row.revoked_at !== null || row.family !== claims.fam || row.user_id !== claims.user_id) throw invalid;

  const now = nowIso();
  if (row.used_at === null) {
    // Claim the token; of two concurrent refreshes with it, the loser sees used_at set and falls into the grace check.
    const claimed = await db.updateTable('refresh_tokens').set({ used_at: now }).where('jti', '=', row.jti).where('used_at', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) row.used_at = now;
  }
  if (row.used_at !== null && Date.now() - Date.parse(row.used_at) > config.refreshReuseGraceSeconds * 1000) {
    // Reuse of a rotated token: someone else holds a copy. End the whole family.
    await db.updateTable('refresh_tokens').set({ revoked_at: now }).where('family', '=', row.family).where('revoked_at', 'is', null).execute();
    throw invalid;
  }
  const epoch = Number(user.session_epoch);
  await deleteExpiredRefreshRows(db, claims.user_id);
  return {
    access: tokens.issueAccess(claims.user_id, undefined, epoch, user.role),
    refresh: await issueRefreshRow(deps, tokens, claims.user_id, user.password_changed_at, epoch, row.family),
  };
}
