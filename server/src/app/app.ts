/**
 * The app factory: config → database (migrated) → services → plugins → routes. Tests call
 * buildApp() with overrides and use app.inject(); main.ts calls it and listens.
 */
import { flushLogs, logDestination } from './log-destination';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { ConfigError, fastifyTrustProxy, loadConfig, MAIL_TRANSPORT_MISSING, type Config } from '../platform/config';
import type { AppDeps } from './deps';
import type { CanaryClock } from '../releases/canary-count';
import authPlugin from '../platform/auth';
import { createTokenService } from '../platform/tokens';
import { installErrorHandling, installNotFound } from '../platform/error-handler';
import { installBodyChecks, installJsonParser } from '../platform/request-body';
import { installRequestLog } from './request-log';
import { warnUntrustedForwardedFor } from './risky-settings';
import { registerSecurityHeaders } from './csp';
import { registerApiDocs } from './docs';
import { serializeRequest } from './log-redact';
import healthRoutes from './health';
import { Histogram } from 'prom-client';
import { createMetrics, installMetrics } from '../platform/metrics';
import { API_AREAS } from './routes';
import { loadOptions } from '../options/load';
import { isDatabaseUnavailable, openDatabase, pgPoolOf, sqliteFileOf } from '../db/connect';
import { MigrationRefused, migrateToLatest } from '../db/migrate';
import { closeSqliteSearch, SQLITE_SEARCH_OPTIONS, sqliteSearchQueueDepth, sqliteSearchWorker } from '../wishes/sqlite-search';
import { createMailer, type Mailer } from '../mail/mailer';
import { countedMailer } from '../mail/refusals';
import { createGenerator, type WishGenerator } from '@wishes/writer';
import { claimsStillValid, configureSessionCache, createLocalInvalidationBus, setSessionInvalidationBus } from '../auth/sessions';
import { suspensionOf } from '../auth/queries';
import { createReadModel } from '../wishes/read-model';
import { createEventBus } from '../platform/events';
import { subscribeAll } from './subscriptions';
import { PeopleLists } from '../people/service';
import { createInProcessBus, createPostgresBus } from '../notifications/bus';
import { createNotifier } from '../notifications/service';
import releaseRoutes from '../releases/routes';
import { isTeamToken, TEAM_TOKEN_PATHS } from '../releases/tokens';
import staticContentRoutes from '../pages/static-content';
import pagesRoutes from '../pages/routes';
import { connectCluster, type ClusterLink } from '../cluster/shared-state';
import { wireClusterInvalidations } from '../cluster/wiring';
import { startScheduler } from '../deliveries/scheduler';
import { countDue, countScheduled } from '../deliveries/queries';
import { schedulePruning } from '../ops/prune';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildOptions {
  /** Services to use instead of the configured ones (tests capture mail, fake the generator). */
  mailer?: Mailer;
  generator?: WishGenerator;
  /** Environment to read (default process.env). */
  env?: Record<string, string | undefined>;
  /** Extra routes added just before the app is ready (the benchmark's bare baseline route); never set in production. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The canary watch's time and timer (releases/canary-count.ts): a test's fake clock; default the real one. */
  canaryClock?: CanaryClock;
}

/** JSON bodies are small (a wish is ≤ 2000 chars, an offer ≤ 5000); multipart has its own limit. */
const BODY_LIMIT = 64 * 1024;

export async function buildApp(overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig(options.env ?? process.env, overrides);
  // The production guards (config.ts): on a public origin mail never silently goes nowhere.
  if (!options.mailer && !config.mailTransport) throw new ConfigError(MAIL_TRANSPORT_MISSING);
  // Fail at start, not on the first request, when the options file is broken.
  loadOptions(config.optionsPath, config.siteName);

  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Never log credentials: tokens travel in headers, passwords in bodies (bodies are not logged).
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // Nor a token in a URL (`?access_token=` of old stream clients) or a recipient's link secret
      // (/w/{token}, its API calls): app/log-redact.ts with request-log.ts's scrubUrl.
      serializers: { req: serializeRequest },
      stream: options.logStream ?? logDestination(),
    },
    // Fastify's two lines per request (incoming + completed) cost ~3-5 % of a cheap read's CPU;
    // logRequest below writes one line per request instead, and skips successful reads at info.
    logController: new LogController({ disableRequestLogging: true }),
    // A long path parameter must reach our handlers (404 JSON, auth first), not the router's raw 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16_384 },
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
    ajv: {
      // Wrong types are 400, never silently coerced; unknown keys are kept out of the typed body.
      customOptions: { coerceTypes: false, removeAdditional: true, useDefaults: true, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Query latency for /metrics, measured only when metrics are exposed (bound below, once they exist).
  let observeQuery: ((ms: number) => void) | undefined;
  const metricsExposed = Boolean(config.metricsToken) || config.metricsPort !== undefined;
  const { db, dialect } = openDatabase(config.databaseUrl, metricsExposed ? { onQuery: (ms) => observeQuery?.(ms) } : {});
  configureSessionCache(db, config.sessionCacheMs);
  try {
    await migrateToLatest(db, dialect, undefined, { log: (line) => app.log.info(line) });
  } catch (error) {
    await db.destroy();
    // A missing database or one newer than the code: one sentence at start, no stack trace.
    throw error instanceof MigrationRefused ? new ConfigError(error.message) : error;
  }
  app.addHook('onClose', async () => {
    await closeSqliteSearch(db);
    await db.destroy();
    // The last of the close (hooks run newest first): every line logged while closing is written.
    flushLogs();
  });
  // A serving process starts its search worker now: loading the driver in a fresh thread takes
  // seconds on a busy machine, which the first search would otherwise wait out (the soak saw one
  // 503 "busy" in its first minute). Tests that only inject never listen, and start none.
  const sqliteFile = sqliteFileOf(db);
  if (sqliteFile) app.addHook('onListen', async () => void sqliteSearchWorker(db, sqliteFile, SQLITE_SEARCH_OPTIONS).warm());

  const configuredMailer = options.mailer ?? createMailer({ transport: config.mailTransport, smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, logger: app.log });
  const generator =
    options.generator ??
    createGenerator({
      provider: config.generator,
      openaiBaseUrl: config.openaiBaseUrl,
      openaiApiKey: config.openaiApiKey,
      model: config.generatorModel,
      tokenDelayMs: config.generatorTokenDelayMs,
    });
  if (config.warmGenerator && generator.warm) {
    const closing = new AbortController();
    app.addHook('onListen', async () => void generator.warm!(closing.signal).catch((error: unknown) => app.log.warn({ err: error }, 'could not warm the offline writer')));
    app.addHook('onClose', async () => closing.abort());
  }
  const unreadBus =
    dialect === 'postgres'
      ? createPostgresBus({
          databaseUrl: config.databaseUrl,
          notify: async (channel, payloads) => void (await sql`select pg_notify(${channel}, p) from unnest(${payloads}::text[]) as p`.execute(db)),
          onError: (error) => app.log.warn({ err: error }, 'notification LISTEN connection lost'),
        })
      : createInProcessBus();
  app.addHook('onClose', async () => {
    await unreadBus.close();
  });
  // Domain events: writers emit, subscribers (app/subscriptions.ts) follow; in cluster mode over Redis too.
  const events = createEventBus((error, event) => app.log.error({ err: error, event: event.kind }, 'an event subscriber failed'));
  // WISHES_FEED_CACHE_MS=0 turns the read model off (every read queries: the benchmark's "no read model" figures).
  const readModel = createReadModel(db, { enabled: config.feedCacheMs > 0 });
  const notifications = createNotifier(db, dialect, unreadBus, app.log, events, readModel);
  const peopleLists = new PeopleLists();
  const subscriptions = subscribeAll({ readModel, peopleLists, events, notifications, db });
  // Registered after the database's and the bus's hooks, so it runs before them (onClose hooks run
  // last-registered first): the queued notifications are written and published before they close.
  app.addHook('onClose', async () => {
    await notifications.close();
  });
  // Cluster mode: counters and cache invalidations shared through Redis (cluster/shared-state.ts).
  let cluster: ClusterLink | undefined;
  if (config.redisUrl) {
    try {
      cluster = await connectCluster(config.redisUrl, app.log);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    const sessions = { setCacheMs: (ms: number) => configureSessionCache(db, ms), localBus: createLocalInvalidationBus, install: setSessionInvalidationBus };
    const unwire = wireClusterInvalidations(sessions, cluster, { session: config.sessionCacheMs }, events, subscriptions.resync);
    subscriptions.clusterMode(true);
    const link = cluster;
    app.addHook('onClose', async () => {
      unwire();
      subscriptions.clusterMode(false);
      await link.close();
    });
  }
  // Operators' metrics (platform/metrics.ts): Node's process metrics only where someone can read them.
  const metrics = createMetrics({ processMetrics: metricsExposed });
  if (metricsExposed) {
    const queries = new Histogram({
      name: 'wishes_db_query_duration_seconds',
      help: 'Database query latency (queries through the query builder)',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [metrics.registry],
    });
    observeQuery = (ms) => queries.observe(ms / 1000);
  }
  const pool = pgPoolOf(db);
  if (pool) {
    metrics.gauge(
      'wishes_db_pool_connections',
      'PostgreSQL pool: connections open (total), idle, and requests waiting for one',
      () => [
        { labels: { state: 'total' }, value: pool.totalCount },
        { labels: { state: 'idle' }, value: pool.idleCount },
        { labels: { state: 'waiting' }, value: pool.waitingCount },
      ],
      ['state'],
    );
  }
  if (dialect === 'sqlite') metrics.queueDepth('sqlite_search', () => sqliteSearchQueueDepth(db));
  // Wishes to mail, due or later: the outbox is shared by every process, so each reports the same count.
  metrics.queueDepth('deliveries', () => countScheduled(db));
  metrics.gauge('wishes_deliveries_due', 'Wishes whose time to be mailed has come, not sent yet', () => countDue(db));
  if (cluster) {
    const link = cluster;
    metrics.gauge('wishes_redis_available', 'Cluster mode: 1 while Redis answers, 0 during an outage', () => (link.available() ? 1 : 0));
  }
  // wishes_mail_sent_total and wishes_mail_failed_total{reason} (mail/refusals.ts).
  const mailer = countedMailer(configuredMailer, metrics.registry);
  const deps: AppDeps = { db, config, mailer, generator, dialect, events, readModel, peopleLists, notifications, cluster, metrics, canaryClock: options.canaryClock };
  app.decorate('deps', deps);
  // What grows is bounded: daily pruning once serving (ops/prune.ts).
  schedulePruning(app, { db, dataDir: config.dataDir, outboxDir: config.outboxDir, releasesDir: config.releasesDir, siteRoot: config.siteRoot, releasesKeep: config.releasesKeep, cardCacheBytes: config.cardCacheBytes });

  // Cross-cutting: errors, body parsing, the request log, headers, compression, throttles, docs, auth.
  installErrorHandling(app, isDatabaseUnavailable);
  installJsonParser(app);
  installRequestLog(app);
  warnUntrustedForwardedFor(app, config);
  installMetrics(app, metrics, config);
  const siteEnv = options.env ?? process.env;
  await registerSecurityHeaders(app, siteEnv, config.remoteOverrides);
  await app.register(compress, { global: true, threshold: 1024 });
  // Cluster mode counts in Redis, so a limit holds whichever process answers (platform/ratelimit.ts).
  await app.register(rateLimit, cluster ? { global: false, redis: cluster.redis, nameSpace: 'wishes:ratelimit:' } : { global: false });
  await registerApiDocs(app);
  await app.register(authPlugin, {
    tokens: createTokenService({ secret: config.jwtSecret, accessTtlSeconds: config.accessTokenTtlSeconds, refreshTtlSeconds: config.refreshTokenTtlSeconds }),
    sessionValid: (claims) => claimsStillValid(db, claims),
    suspension: (userId) => suspensionOf(db, userId),
    teamTokens: { isTeamToken, paths: TEAM_TOKEN_PATHS },
  });
  installBodyChecks(app);

  // The API: every operation of the table, one plugin per URL area (app/routes.ts).
  await app.register(healthRoutes);
  for (const area of API_AREAS) await app.register(area, { deps });
  await app.register(releaseRoutes, { deps });

  // The site: static pages, then the pages module, which owns the catch-all for non-API paths.
  await app.register(staticContentRoutes);
  await app.register(pagesRoutes, { deps, env: options.env });
  installNotFound(app);
  if (options.beforeReady) await options.beforeReady(app);

  // Every process runs the delivery scheduler (started once ready, stopped before the database closes);
  // the outbox's leases keep processes from mailing one row twice.
  app.addHook('preClose', async () => {
    await deps.scheduler?.stop();
  });
  await app.ready();
  deps.scheduler = startScheduler(deps, app.log);
  return app;
}
