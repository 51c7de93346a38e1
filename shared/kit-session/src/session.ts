/**
 * The session (docs/product.md#4-states): access token, refresh token and username in local storage.
 * Signed in = an access token that has not expired. The token is refreshed when fewer than
 * 120 s of life remain, checked at start and every 60 s; a failed refresh clears the tokens,
 * goes to / and reloads the page. State is a BehaviorSubject so a late-loaded remote sees the
 * current user at once.
 */
import { BehaviorSubject } from 'rxjs';
import { globalSingleton } from './singleton';
import { SESSION } from '@wishes/kit-contract/constants';
import { API_ROUTES } from '@wishes/kit-contract/routes';

export interface SessionUser {
  /** The email the person signed in with. */
  username: string;
  userId: number | null;
  avatarThumbnail?: string | null;
  /**
   * 'user', 'moderator' or 'admin' from the access token (docs/api.md, "Own wishes and moderation"): shows the
   * moderation navigation. Only a hint: the server checks the role in its database on every call.
   */
  role?: string;
}
export interface SessionState {
  user: SessionUser | null;
}

export interface SessionEnvironment {
  now: () => number;
  storage: () => Storage | null;
  /** Called after a failed refresh: go to / and reload. */
  reloadHome: () => void;
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
}

const defaultEnv: SessionEnvironment = {
  now: () => Date.now(),
  storage: () => (typeof window !== 'undefined' ? window.localStorage : null),
  reloadHome: () => window.location.assign('/'),
  fetch: (input, init) => globalThis.fetch(input, init),
};

interface SessionInternals {
  state$: BehaviorSubject<SessionState>;
  env: SessionEnvironment;
  timer: ReturnType<typeof setInterval> | null;
  refreshing: Promise<boolean> | null;
}

const internals: SessionInternals = globalSingleton('session', () => ({
  state$: new BehaviorSubject<SessionState>({ user: null }),
  env: defaultEnv,
  timer: null,
  refreshing: null,
}));

export const session$ = internals.state$;

export function configureSessionEnvironment(overrides: Partial<SessionEnvironment>): void {
  internals.env = { ...internals.env, ...overrides };
}

/** Decodes a JWT's payload without verifying it (the server verifies); null if malformed. */
export function decodeTokenPayload(token: string | null | undefined): { exp?: number; user_id?: number; role?: unknown } | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = typeof atob === 'function' ? atob(base64) : Buffer.from(base64, 'base64').toString('binary');
    return JSON.parse(json);
  } catch {
    return null;
  }
}

const keys = SESSION.storageKeys;
const read = (key: string) => internals.env.storage()?.getItem(key) ?? null;

export function getAccessToken(): string | null {
  return read(keys.access);
}
export function getRefreshToken(): string | null {
  return read(keys.refresh);
}

/** Seconds of life left in the access token (negative when expired); null when there is none. */
export function accessTokenSecondsLeft(): number | null {
  const payload = decodeTokenPayload(getAccessToken());
  if (!payload || typeof payload.exp !== 'number') return null;
  return payload.exp - internals.env.now() / 1000;
}

export function isSignedIn(): boolean {
  const left = accessTokenSecondsLeft();
  return left !== null && left > 0;
}

function userFromStorage(): SessionUser | null {
  if (!isSignedIn()) return null;
  const payload = decodeTokenPayload(getAccessToken());
  const previous = internals.state$.value.user;
  const username = read(keys.username) || '';
  const userId = typeof payload?.user_id === 'number' ? payload.user_id : null;
  const user: SessionUser = {
    username,
    userId,
    avatarThumbnail: previous && previous.userId === userId ? previous.avatarThumbnail : undefined,
  };
  if (typeof payload?.role === 'string') user.role = payload.role;
  return user;
}

function publish(): void {
  const user = userFromStorage();
  const current = internals.state$.value.user;
  if (
    current?.username === user?.username &&
    current?.userId === user?.userId &&
    current?.role === user?.role &&
    current?.avatarThumbnail === user?.avatarThumbnail
  ) {
    return;
  }
  internals.state$.next({ user });
}

/** Stores the tokens of a successful login and publishes the signed-in user. */
export function signIn(tokens: { access: string; refresh: string }, username: string): void {
  const storage = internals.env.storage();
  storage?.setItem(keys.access, tokens.access);
  storage?.setItem(keys.refresh, tokens.refresh);
  storage?.setItem(keys.username, username);
  publish();
}

/** Local-storage key for data kept for one person (removed at sign-out), e.g. `userDataKey('draft', 7)`. */
export function userDataKey(name: string, userId: number | null): string {
  return `${SESSION.userDataPrefix}${userId ?? 'unknown'}.${name}`;
}

function removeUserData(storage: Storage): void {
  const doomed: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(SESSION.userDataPrefix)) doomed.push(key);
  }
  for (const key of doomed) storage.removeItem(key);
}

/** Clears the tokens, the user and what was kept for them on this device (drafts). */
export function signOut(): void {
  const storage = internals.env.storage();
  storage?.removeItem(keys.access);
  storage?.removeItem(keys.refresh);
  storage?.removeItem(keys.username);
  if (storage) removeUserData(storage);
  internals.state$.next({ user: null });
}

/** Merges fields into the signed-in user (e.g. a new avatar) so the header updates at once. */
export function updateSessionUser(patch: Partial<Pick<SessionUser, 'avatarThumbnail'>>): void {
  const user = internals.state$.value.user;
  if (user) internals.state$.next({ user: { ...user, ...patch } });
}

/** A suspended account, as the server says it (401 with `suspension`: sign-in, refresh, any call with its tokens). */
export interface Suspension {
  /** The moderator's reason; null when none was logged. */
  reason: string | null;
}

/** Where the notice waits across the reload to / (this tab only). */
const SUSPENSION_NOTICE_KEY = 'wishes.suspension_notice';

const tabStorage = (): Storage | null => {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
};

/** The `suspension` of a server answer, if it has one. */
export function suspensionFrom(body: unknown): Suspension | null {
  const value = body && typeof body === 'object' ? (body as { suspension?: unknown }).suspension : undefined;
  if (!value || typeof value !== 'object') return null;
  const reason = (value as { reason?: unknown }).reason;
  return { reason: typeof reason === 'string' && reason.trim() ? reason : null };
}

/** The suspension that ended this tab's session, until the person has read it (the shell shows it). */
export function suspensionNotice(): Suspension | null {
  const raw = tabStorage()?.getItem(SUSPENSION_NOTICE_KEY);
  if (!raw) return null;
  try {
    return suspensionFrom({ suspension: JSON.parse(raw) });
  } catch {
    return null;
  }
}

export function clearSuspensionNotice(): void {
  tabStorage()?.removeItem(SUSPENSION_NOTICE_KEY);
}

/** Remembers the notice for this tab; the failed refresh then signs out, goes to / and reloads as usual. */
function rememberSuspension(suspension: Suspension): void {
  tabStorage()?.setItem(SUSPENSION_NOTICE_KEY, JSON.stringify(suspension));
}

/**
 * Exchanges the refresh token for a new access token (and stores the rotated refresh token the
 * server returns with it). Resolves true on success. A refusal by
 * the server (or no refresh token) clears the session, goes to / and reloads; a network error
 * keeps the session so the next check can try again.
 */
export function refreshNow(): Promise<boolean> {
  if (internals.refreshing) return internals.refreshing;
  const refresh = getRefreshToken();
  const fail = () => {
    signOut();
    internals.env.reloadHome();
    return false;
  };
  if (!refresh) return Promise.resolve(fail());
  internals.refreshing = (async () => {
    let response: Response;
    try {
      response = await internals.env.fetch(API_ROUTES.refreshToken.path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh }),
      });
    } catch {
      return false;
    }
    if (response.status >= 500) return false;
    let body: { access?: unknown; refresh?: unknown } | null = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    // Response check (docs/product.md#5-validation): a refresh response must contain the new access token.
    if (!response.ok || !body || typeof body.access !== 'string') {
      // A ban: the server says so with the moderator's reason, which the shell shows after the reload.
      const suspension = suspensionFrom(body);
      if (suspension) rememberSuspension(suspension);
      return fail();
    }
    internals.env.storage()?.setItem(keys.access, body.access);
    // Refresh tokens rotate: the server sends the one replacing the token just spent, and a later
    // use of the spent one would end the session. (A server without rotation sends none: keep ours.)
    if (typeof body.refresh === 'string' && body.refresh) internals.env.storage()?.setItem(keys.refresh, body.refresh);
    publish();
    return true;
  })().finally(() => {
    internals.refreshing = null;
  });
  return internals.refreshing;
}

/** Refreshes when a session exists and fewer than 120 s of access-token life remain. */
export async function checkSession(): Promise<void> {
  if (!getRefreshToken() && !getAccessToken()) {
    publish();
    return;
  }
  const left = accessTokenSecondsLeft();
  if (left === null || left < SESSION.refreshThresholdSeconds) {
    await refreshNow();
  }
  publish();
}

/** Starts the session: checks at once, then every 60 s. Returns a stop function. Idempotent. */
export function startSession(): () => void {
  const done = checkSession();
  if (!internals.timer) {
    internals.timer = setInterval(() => {
      void checkSession();
    }, SESSION.refreshCheckIntervalMs);
  }
  void done;
  return stopSession;
}

export function stopSession(): void {
  if (internals.timer) clearInterval(internals.timer);
  internals.timer = null;
}

/** Re-reads storage (e.g. after another tab signed in or out). */
export function syncSessionFromStorage(): void {
  publish();
}
