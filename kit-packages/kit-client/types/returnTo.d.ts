/**
 * Return-to after sign-in and sign-up: the page a visitor was on travels as `?next=<path>` on the
 * sign-in and sign-up URLs, survives a reload and the Sign Up link, and is followed only when it is
 * a path on this site. Anything that a browser could read as another origin (`//evil.com`,
 * `/\evil.com`, `https:…`, `javascript:…`, control characters) is refused: an open redirect is a bug.
 */
export declare const RETURN_TO_PARAM = "next";
export declare const SIGN_IN_PATH = "/auth/sign_in";
export declare const SIGN_UP_PATH = "/auth/sign_up";
/** A same-site path (`/a/b?c#d`) to return to, or null when `raw` is anything else. */
export declare function safeReturnPath(raw: unknown): string | null;
/** Where to go after a successful sign-in or sign-up: the safe `next` of `search`, else /feed. */
export declare function returnPathFrom(search: string): string;
/** `/auth/sign_in?next=<path>` (or `/auth/sign_up?…`); the plain page when `path` is not worth returning to. */
export declare function authPathReturningTo(path: string | null | undefined, base?: string): string;
/** The `?next=…` part to carry from one auth page to the other (empty when there is none). */
export declare function returnToQuery(search: string): string;
