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
 */
import type { BrowserContext } from '@playwright/test';

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

  /** Allows entries matching the pattern (a string matches as a substring). */
  allow(...patterns: Array<RegExp | string>): void {
    for (const pattern of patterns) this.allowed.push(typeof pattern === 'string' ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : pattern);
  }

  record(entry: string): void {
    this.entries.push(entry);
  }

  unexpected(): string[] {
    return this.entries.filter((entry) => !this.allowed.some((pattern) => pattern.test(entry)));
  }

  /** Watches every page of a browser context (the test's own, or a second person's). */
  watch(context: BrowserContext): void {
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
      if (response.status() >= 400) this.record(`response: ${response.request().method()} ${response.url()} → ${response.status()}`);
    });
  }
}
