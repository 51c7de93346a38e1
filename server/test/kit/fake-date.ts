/**
 * Scheduled work tested by moving "now": only `Date` is faked (jest's modern timers), while sockets,
 * database drivers, the SMTP client and the app's own timers keep real time, so nothing hangs on a
 * faked timer. The scheduler's rounds are run by hand (`app.deps.scheduler.runOnce()`).
 *
 *   const clock = fakeDate('2027-03-01T00:00:00Z'); // in a describe: installs before its tests, restores after
 *   clock.set('2027-03-06T23:59:00Z');
 *   clock.advance(60_000);
 *
 * `appsOnOneDatabase` gives the processes of a restart or a cluster: apps built one after another
 * (or side by side) on one database of either dialect, mailing a real SMTP sink.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app/app';
import type { Config } from '../../src/platform/config';
import { TEST_CONFIG, createPgDatabase, type TestDialect } from './harness';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

// Everything but Date stays real: the database and mail sockets time out on the real clock.
const REAL = ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] as const;

export interface FakeDate {
  /** "Now" becomes this instant (and runs on from there). */
  set(iso: string): void;
  /** Moves "now" forward by `ms`. */
  advance(ms: number): void;
}

/** Installs a faked Date for the enclosing scope's tests (beforeAll), restored after them; `start` is "now" from then on. */
export function fakeDate(start?: string): FakeDate {
  beforeAll(() => {
    jest.useFakeTimers({ advanceTimers: true, doNotFake: [...REAL] });
    if (start) jest.setSystemTime(new Date(start));
  });
  afterAll(() => jest.useRealTimers());
  return {
    set: (iso) => jest.setSystemTime(new Date(iso)),
    advance: (ms) => jest.setSystemTime(Date.now() + ms),
  };
}

export interface AppsOnOneDatabase {
  /** The SMTP sink every app mails (started before the suite's tests). */
  readonly smtp: SmtpSink;
  /** One more process on the database. */
  build(): Promise<FastifyInstance>;
  /** Stops one process (a restart is `close` then `build`). */
  close(app: FastifyInstance): Promise<void>;
  /** The processes running now. */
  readonly apps: readonly FastifyInstance[];
}

/**
 * Apps on one database (migrated by the first app built, as in production) for the enclosing
 * describe; everything is closed, dropped and removed after its tests.
 */
export function appsOnOneDatabase(dialect: TestDialect, config: Partial<Config> = {}): AppsOnOneDatabase {
  const apps: FastifyInstance[] = [];
  let smtp: SmtpSink | undefined;
  let dataDir = '';
  let databaseUrl = '';
  let drop = async () => undefined as void;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-apps-'));
    databaseUrl = `sqlite:${path.join(dataDir, 'test.db')}`;
    if (dialect === 'postgres') {
      const pg = await createPgDatabase();
      databaseUrl = pg.url;
      drop = pg.drop;
    }
  });
  afterAll(async () => {
    for (const app of [...apps]) await app.close();
    apps.length = 0;
    await smtp?.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const sink = () => {
    if (!smtp) throw new Error('appsOnOneDatabase: the SMTP sink starts in beforeAll');
    return smtp;
  };
  return {
    get smtp() {
      return sink();
    },
    apps,
    async build() {
      // Rounds are run by hand (scheduler.runOnce): the poll timer never fires within a test.
      const app = await buildApp({ dataDir, databaseUrl, ...TEST_CONFIG, deliveryPollMs: 3_600_000, mailFrom: 'wishes@example.com', ...config, smtpUrl: sink().url, mailTransport: 'smtp' });
      apps.push(app);
      return app;
    },
    async close(app) {
      apps.splice(apps.indexOf(app), 1);
      await app.close();
    },
  };
}
