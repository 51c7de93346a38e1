/**
 * The console-error watch every journey runs under (fixtures.ts `consoleWatch`, automatic): any
 * console error, uncaught page error, failed request or HTTP error answer (4xx/5xx) in the test's
 * page fails the journey, unless the journey allowed it because it provokes it on purpose:
 *
 *   test('…', async ({ page, consoleWatch }) => {
 *     consoleWatch.allow(/\/api\/base\/wish\/999999\/ → 404/);   // the missing wish this journey opens
 *
 * Entries read "<kind>: <text>", e.g. "response: GET http://…/api/base/wish/9/ → 404",
 * "console: Failed to load resource: … (http://…/api/base/wish/9/)", "pageerror: …",
 * "requestfailed: GET http://… net::ERR_CONNECTION_REFUSED". An allowed pattern is matched against
 * the whole entry, so one pattern naming the URL covers both the answer and Chromium's console line.
 *
 * A request the journey answers itself (page.route / context.route, e.g. a 503 or an abort to see
 * the error message) is provoked on purpose: entries naming a routed URL are allowed by themselves.
 */
import type { BrowserContext, Page } from '@playwright/test';

type UrlMatcher = string | RegExp | ((url: URL) => boolean);

/** Playwright's glob (`**` any characters, `*` any but /) as a RegExp. */
function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      out += '.*';
      i += 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '.';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

/** Never a problem of the site: navigations that cancel in-flight requests, and the browser's own noise. */
const ALWAYS_ALLOWED: RegExp[] = [
  /^requestfailed: .* net::ERR_ABORTED$/,
  // A live stream (server-sent events) is cut when the page goes away.
  /^requestfailed: GET .*\/stream\/? .*$/,
  /^requestfailed: .* net::ERR_NETWORK_CHANGED$/,
];

export class ConsoleWatch {
  readonly entries: string[] = [];
  private readonly allowed: RegExp[] = [...ALWAYS_ALLOWED];
  private readonly routed: UrlMatcher[] = [];

  /** Allows entries matching the pattern (a string matches as a substring). */
  allow(...patterns: Array<RegExp | string>): void {
    for (const pattern of patterns) this.allowed.push(typeof pattern === 'string' ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : pattern);
  }

  record(entry: string): void {
    this.entries.push(entry);
  }

  /** Pages the server answered 404 (a missing wish, profile or path: the same app page, on purpose). */
  private readonly missingPages = new Set<string>();

  unexpected(): string[] {
    return this.entries.filter((entry) => !this.allowed.some((pattern) => pattern.test(entry)) && !this.namesRoutedUrl(entry) && !this.isMissingPage(entry));
  }

  /** Chromium's console line for a page that answered 404: the page itself says what is missing. */
  private isMissingPage(entry: string): boolean {
    const match = /^console: Failed to load resource: the server responded with a status of 404 \(Not Found\) \((.+)\)$/.exec(entry);
    return match !== null && this.missingPages.has(match[1]!);
  }

  private namesRoutedUrl(entry: string): boolean {
    if (this.routed.length === 0) return false;
    for (const match of entry.matchAll(/https?:\/\/[^\s)]+/g)) {
      let url: URL;
      try {
        url = new URL(match[0]);
      } catch {
        continue;
      }
      for (const matcher of this.routed) {
        if (typeof matcher === 'function' ? matcher(url) : typeof matcher === 'string' ? globToRegExp(matcher).test(url.href) || url.href === matcher : matcher.test(url.href)) return true;
      }
    }
    return false;
  }

  /** Remembers what the journey routes itself (see above), for a page or a context. */
  private wrapRoute(target: Page | BrowserContext): void {
    const original = target.route.bind(target) as unknown as (url: UrlMatcher, ...rest: unknown[]) => Promise<unknown>;
    (target as { route: unknown }).route = (url: UrlMatcher, ...rest: unknown[]) => {
      this.routed.push(url);
      return original(url, ...rest);
    };
  }

  /** Watches every page of a browser context (the test's own, or a second person's). */
  watch(context: BrowserContext): void {
    this.wrapRoute(context);
    for (const page of context.pages()) this.wrapRoute(page);
    context.on('page', (page) => this.wrapRoute(page));
    context.on('console', (message) => {
      if (message.type() !== 'error') return;
      const url = message.location()?.url;
      this.record(`console: ${message.text()}${url ? ` (${url})` : ''}`);
    });
    context.on('weberror', (webError) => this.record(`pageerror: ${webError.error().message}`));
    context.on('requestfailed', (request) => {
      this.record(`requestfailed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`.trimEnd());
    });
    context.on('response', (response) => {
      // A page that names nothing (pages/status.ts) answers 404 with the app, which shows its own
      // not-found text: not an error of the site. Journeys check that status where it matters.
      if (response.status() === 404 && response.request().resourceType() === 'document' && !/^\/(api|mf|static|media|kit)\//.test(new URL(response.url()).pathname)) {
        this.missingPages.add(response.url());
        return;
      }
      if (response.status() >= 400) this.record(`response: ${response.request().method()} ${response.url()} → ${response.status()}`);
    });
  }
}
