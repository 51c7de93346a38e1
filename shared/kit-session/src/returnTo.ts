/**
 * Return-to after sign-in and sign-up: the page a visitor was on travels as `?next=<path>` on the
 * sign-in and sign-up URLs, survives a reload and the Sign Up link, and is followed only when it is
 * a path on this site. Anything that a browser could read as another origin (`//evil.com`,
 * `/\evil.com`, `https:…`, `javascript:…`, control characters) is refused: an open redirect is a bug.
 */
export const RETURN_TO_PARAM = 'next';
export const SIGN_IN_PATH = '/auth/sign_in';
export const SIGN_UP_PATH = '/auth/sign_up';
const AFTER_SIGN_IN_DEFAULT = '/feed';
const MAX_LENGTH = 2000;
const PROBE_ORIGIN = 'http://return-to.invalid';

/** A same-site path (`/a/b?c#d`) to return to, or null when `raw` is anything else. */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  // One leading slash, then not a second slash or a backslash (browsers read `\` as `/`).
  if (raw[0] !== '/' || raw[1] === '/' || raw[1] === '\\') return null;
  // Control characters and whitespace are stripped or mangled by URL parsers: refuse them all, and
  // backslashes anywhere (a path of ours never has one).
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u00a0\\]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = url.pathname + url.search + url.hash;
  // Going back to a sign-in form after signing in would be a loop.
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return null;
  return path;
}

/** Where to go after a successful sign-in or sign-up: the safe `next` of `search`, else /feed. */
export function returnPathFrom(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_TO_PARAM)) ?? AFTER_SIGN_IN_DEFAULT;
}

/** `/auth/sign_in?next=<path>` (or `/auth/sign_up?…`); the plain page when `path` is not worth returning to. */
export function authPathReturningTo(path: string | null | undefined, base: string = SIGN_IN_PATH): string {
  const safe = safeReturnPath(path);
  if (!safe || safe === '/' || safe === AFTER_SIGN_IN_DEFAULT) return base;
  return `${base}?${RETURN_TO_PARAM}=${encodeURIComponent(safe)}`;
}

/** The `?next=…` part to carry from one auth page to the other (empty when there is none). */
export function returnToQuery(search: string): string {
  const safe = safeReturnPath(new URLSearchParams(search).get(RETURN_TO_PARAM));
  return safe ? `?${RETURN_TO_PARAM}=${encodeURIComponent(safe)}` : '';
}
