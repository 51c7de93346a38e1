/**
 * The session (docs/product.md#4-states): access token, refresh token and username in local storage.
 * Signed in = an access token that has not expired. The token is refreshed when fewer than
 * 120 s of life remain, checked at start and every 60 s; a failed refresh clears the tokens,
 * goes to / and reloads the page. State is a BehaviorSubject so a late-loaded remote sees the
 * current user at once.
 */
import { BehaviorSubject } from 'rxjs';
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
export declare const session$: BehaviorSubject<SessionState>;
export declare function configureSessionEnvironment(overrides: Partial<SessionEnvironment>): void;
/** Decodes a JWT's payload without verifying it (the server verifies); null if malformed. */
export declare function decodeTokenPayload(token: string | null | undefined): {
    exp?: number;
    user_id?: number;
    role?: unknown;
} | null;
export declare function getAccessToken(): string | null;
export declare function getRefreshToken(): string | null;
/** Seconds of life left in the access token (negative when expired); null when there is none. */
export declare function accessTokenSecondsLeft(): number | null;
export declare function isSignedIn(): boolean;
/** Stores the tokens of a successful login and publishes the signed-in user. */
export declare function signIn(tokens: {
    access: string;
    refresh: string;
}, username: string): void;
/** Local-storage key for data kept for one person (removed at sign-out), e.g. `userDataKey('draft', 7)`. */
export declare function userDataKey(name: string, userId: number | null): string;
/** Clears the tokens, the user and what was kept for them on this device (drafts). */
export declare function signOut(): void;
/** Merges fields into the signed-in user (e.g. a new avatar) so the header updates at once. */
export declare function updateSessionUser(patch: Partial<Pick<SessionUser, 'avatarThumbnail'>>): void;
/** A suspended account, as the server says it (401 with `suspension`: sign-in, refresh, any call with its tokens). */
export interface Suspension {
    /** The moderator's reason; null when none was logged. */
    reason: string | null;
}
/** The `suspension` of a server answer, if it has one. */
export declare function suspensionFrom(body: unknown): Suspension | null;
/** The suspension that ended this tab's session, until the person has read it (the shell shows it). */
export declare function suspensionNotice(): Suspension | null;
export declare function clearSuspensionNotice(): void;
/**
 * Exchanges the refresh token for a new access token (and stores the rotated refresh token the
 * server returns with it). Resolves true on success. A refusal by
 * the server (or no refresh token) clears the session, goes to / and reloads; a network error
 * keeps the session so the next check can try again.
 */
export declare function refreshNow(): Promise<boolean>;
/** Refreshes when a session exists and fewer than 120 s of access-token life remain. */
export declare function checkSession(): Promise<void>;
/** Starts the session: checks at once, then every 60 s. Returns a stop function. Idempotent. */
export declare function startSession(): () => void;
export declare function stopSession(): void;
/** Re-reads storage (e.g. after another tab signed in or out). */
export declare function syncSessionFromStorage(): void;
