/**
 * The test object every journey imports: Playwright's test plus
 *  - baseURL: the server global setup started;
 *  - api: helpers over the real HTTP API;
 *  - me: a fresh user (created on first use);
 *  - signedInPage: a page whose local storage holds me's tokens before the first navigation;
 *  - dialogs: records any dialog that opens (XSS canaries);
 *  - consoleWatch (automatic): fails the journey on any unexpected console error, uncaught page
 *    error, failed request or HTTP error answer in its browser context (support/console-watch.ts);
 *    a journey that provokes one on purpose allows it with `consoleWatch.allow(pattern)`.
 */
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { Api, type TestUser } from './api';
import { startServer, type ServerHandle, type StartServerOptions } from './server';
import { ConsoleWatch } from './console-watch';

export interface Fixtures {
  api: Api;
  me: TestUser;
  signedInPage: Page;
  dialogs: string[];
  consoleWatch: ConsoleWatch;
}

export interface WorkerFixtures {
  /** Set with useExtraServer(): the worker starts a server of its own with these settings. */
  extraServerOptions: StartServerOptions | undefined;
  extraServer: ServerHandle | undefined;
}

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the journeys through `npx playwright test` (global setup starts the server)');
  return url;
}

/**
 * Puts a user's tokens in local storage before the page's first script runs, once per tab
 * (a sessionStorage flag), so later sign-outs and reloads behave as for a real person.
 */
export async function seedSession(context: BrowserContext | Page, user: TestUser): Promise<void> {
  await context.addInitScript(
    ({ access, refresh, username }) => {
      try {
        if (window.sessionStorage.getItem('__e2e_seeded__')) return;
        window.sessionStorage.setItem('__e2e_seeded__', '1');
        window.localStorage.setItem('access_token', access);
        window.localStorage.setItem('refresh_token', refresh);
        window.localStorage.setItem('username', username);
      } catch {
        /* about:blank has no storage */
      }
    },
    { access: user.access, refresh: user.refresh, username: user.email },
  );
}

/** A second browser context signed in as `user` (for journeys with two people). */
export async function pageSignedInAs(browser: Browser, user: TestUser, baseURL: string, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...options });
  await seedSession(context, user);
  return context.newPage();
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  extraServerOptions: [undefined, { scope: 'worker', option: true }],
  extraServer: [
    async ({ extraServerOptions }, use) => {
      if (!extraServerOptions) return use(undefined);
      const server = await startServer(extraServerOptions);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ extraServer }, use) => {
    await use(extraServer?.url ?? baseUrl());
  },
  api: async ({ baseURL }, use) => {
    await use(new Api(baseURL!));
  },
  me: async ({ api }, use) => {
    await use(await api.createUser());
  },
  signedInPage: async ({ page, me }, use) => {
    await seedSession(page, me);
    await use(page);
  },
  consoleWatch: [
    async ({ context }, use, testInfo) => {
      const watch = new ConsoleWatch();
      watch.watch(context);
      await use(watch);
      const unexpected = watch.unexpected();
      // A journey that failed already says why; one that passed fails on what its page logged.
      if (unexpected.length > 0 && testInfo.status === testInfo.expectedStatus) {
        throw new Error(`unexpected console errors or failed requests (allow the ones this journey provokes with consoleWatch.allow):\n  ${unexpected.join('\n  ')}`);
      }
    },
    { auto: true },
  ],
  dialogs: [
    async ({ page }, use) => {
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        // A "leave this page?" prompt is the app's own (unsaved compose text); anything else is recorded.
        if (dialog.type() === 'beforeunload') {
          void dialog.accept().catch(() => undefined);
          return;
        }
        dialogs.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.dismiss().catch(() => undefined);
      });
      await use(dialogs);
    },
    { auto: true },
  ],
});

export { expect };
