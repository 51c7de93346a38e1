/**
 * Developing inside the real site (docs/teams.md, "Develop inside the real site"): with
 * REMOTE_OVERRIDES=true on the server, `?mf_override=<folder>@<url-of-remoteEntry.js>` makes one
 * browser tab load that remote from that URL, only when the URL's origin matches one of
 * REMOTE_OVERRIDE_ORIGINS. The server reads the patterns (config) and widens its CSP with them;
 * the shell matches URLs against the same patterns (served in the manifest). Data and pure
 * functions only: the server and the shell both use this file.
 */

/** The query parameter: `?mf_override=mf-feed@http://localhost:3001/remoteEntry.js`, or `mf-feed@off`. */
export const REMOTE_OVERRIDE_PARAM = 'mf_override';

/** REMOTE_OVERRIDE_ORIGINS when unset: a developer's own machine, any port. */
export const DEFAULT_REMOTE_OVERRIDE_ORIGINS: readonly string[] = ['http://localhost:*', 'http://127.0.0.1:*'];

interface OriginPattern {
  scheme: 'http' | 'https';
  /** A host name or address; '*.example.com' matches its subdomains (not example.com itself). */
  host: string;
  /** A port number, '*' for any, or '' for the scheme's default port. */
  port: string;
}

const PATTERN = /^(https?):\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::(\*|\d{1,5}))?$/i;

/**
 * One REMOTE_OVERRIDE_ORIGINS entry: `http://localhost:*`, `https://dev.example.com:8443`,
 * `https://*.dev.example.com`. Scheme http or https, a host, an optional port or `*`; no path,
 * no wildcard scheme, no bare `*`. Null when malformed. These are also valid CSP source
 * expressions, so the server puts them in its CSP as they are.
 */
export function parseOriginPattern(value: string): OriginPattern | null {
  const match = PATTERN.exec(value.trim());
  if (!match) return null;
  const port = match[4] ?? '';
  if (port !== '' && port !== '*' && (Number(port) < 1 || Number(port) > 65535)) return null;
  return { scheme: match[1]!.toLowerCase() as 'http' | 'https', host: `${match[2] ?? ''}${match[3]!.toLowerCase()}`, port };
}

/** Whether `origin` (a URL's origin, `http://localhost:3001`) matches one of `patterns`. */
export function originAllowed(origin: string, patterns: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const scheme = url.protocol.replace(/:$/, '');
  const host = url.hostname.toLowerCase();
  return patterns.some((text) => {
    const pattern = parseOriginPattern(text);
    if (!pattern || pattern.scheme !== scheme) return false;
    const hostOk = pattern.host.startsWith('*.') ? host.endsWith(pattern.host.slice(1)) && host.length > pattern.host.length - 1 : host === pattern.host;
    const portOk = pattern.port === '*' || pattern.port === url.port;
    return hostOk && portOk;
  });
}

/** A parsed `mf_override` value. */
export type RemoteOverrideRequest = { folder: string; off: true } | { folder: string; off: false; url: string; origin: string };

const FOLDER = /^[a-z][a-z0-9-]{0,62}$/;

/**
 * `<folder>@<url>` or `<folder>@off` → the request, or a sentence saying what is wrong. The URL
 * must be an absolute http(s) URL without credentials (the origin check is separate).
 */
export function parseOverrideValue(value: string): RemoteOverrideRequest | { error: string } {
  const at = value.indexOf('@');
  const folder = at === -1 ? '' : value.slice(0, at);
  const rest = at === -1 ? '' : value.slice(at + 1);
  if (!FOLDER.test(folder) || !rest) return { error: 'mf_override must be <folder>@<url of remoteEntry.js> or <folder>@off.' };
  if (rest === 'off') return { folder, off: true };
  let url: URL;
  try {
    url = new URL(rest);
  } catch {
    return { error: `mf_override: "${rest}" is not a URL.` };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    return { error: 'mf_override: the URL must start with http:// or https:// and carry no user name or password.' };
  }
  return { folder, off: false, url: url.href, origin: url.origin };
}
