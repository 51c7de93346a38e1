/**
 * The app factory: config → database (migrated) → services → plugins → routes. Tests call
 * buildApp() with overrides and use app.inject(); main.ts calls it and listens.
 */
import path from 'node:path';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import securityHeaders from './security-headers';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { OptionsSchema } from '@wishes/shared/contract';
import { fastifyTrustProxy, loadConfig, REPO_ROOT, type Config } from './config';
import type { AppDeps } from './deps';
import { AuthError, HttpError } from './errors';
import authPlugin from './auth';
import { createTokenService } from './tokens';
import { loadOptions } from './options';
import { isDatabaseUnavailable, openDatabase, pingDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { closeSqliteSearch } from '../wishes/sqlite-search';
import { createMailer, type Mailer } from '../mail/mailer';
import { createGenerator, type WishGenerator } from '../generator/provider';
import authRoutes from '../auth/routes';
import { claimsStillValid } from '../auth/sessions';
import wishRoutes from '../wishes/routes';
import voteRoutes from '../votes/routes';
import profileRoutes from '../profiles/routes';
import complaintRoutes from '../complaints/routes';
import offerRoutes from '../offers/routes';
import moderationRoutes from '../moderation/routes';
import generatorRoutes from '../generator/routes';
import mediaRoutes from '../media/routes';
import pagesRoutes from '../pages/routes';
import releaseRoutes from '../releases/routes';
import notificationRoutes from '../notifications/routes';
import accountRoutes from '../account/routes';
import previewRoutes from '../previews/routes';
import { createInProcessBus, createPostgresBus } from '../notifications/bus';
import { createNotifier } from '../notifications/service';
import staticContentRoutes from '../pages/static-content';
import { remoteLocations } from '../pages/remotes';
import { connectCluster, type ClusterLink } from '../cluster/shared-state';
import { wireClusterInvalidations } from '../cluster/wiring';

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
}

/** JSON bodies are small (a wish is ≤ 2000 chars, an offer ≤ 5000); multipart has its own limit. */
const BODY_LIMIT = 64 * 1024;

export async function buildApp(overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig(options.env ?? process.env, overrides);
  // Fail at start, not on the first request, when the options file is broken.
  loadOptions(config.optionsPath, config.siteName);

  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Never log credentials: tokens travel in headers, passwords in bodies (bodies are not logged).
      redact: ['req.headers.authorization', 'req.headers.cookie'],
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

  const { db, dialect } = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db, dialect);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  app.addHook('onClose', async () => {
    await closeSqliteSearch(db);
    await db.destroy();
  });

  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, logger: app.log });
  // The generator module owns its option names; it receives the whole config plus a logger.
  const generator =
    options.generator ??
    (createGenerator as unknown as (o: Record<string, unknown>) => WishGenerator)({
      ...config,
      kind: config.generator,
      baseUrl: config.openaiBaseUrl,
      apiKey: config.openaiApiKey,
      model: config.generatorModel,
      tokenDelayMs: config.generatorTokenDelayMs,
      logger: app.log,
    });
  const unreadBus =
    dialect === 'postgres'
      ? createPostgresBus({
          databaseUrl: config.databaseUrl,
          notify: async (channel, payload) => void (await sql`select pg_notify(${channel}, ${payload})`.execute(db)),
          onError: (error) => app.log.warn({ err: error }, 'notification LISTEN connection lost'),
        })
      : createInProcessBus();
  app.addHook('onClose', async () => {
    await unreadBus.close();
  });
  const notifications = createNotifier(db, dialect, unreadBus, app.log);
  // Cluster mode: counters and cache invalidations shared through Redis (cluster/shared-state.ts).
  let cluster: ClusterLink | undefined;
  if (config.redisUrl) {
    try {
      cluster = await connectCluster(config.redisUrl, app.log);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    const unwire = wireClusterInvalidations(db, cluster);
    const link = cluster;
    app.addHook('onClose', async () => {
      unwire();
      await link.close();
    });
  }
  const deps: AppDeps = { db, config, mailer, generator, dialect, notifications, cluster };
  app.decorate('deps', deps);

  installErrorHandling(app);
  installJsonParser(app);
  installRequestLog(app);

  const remoteOrigins = [...new Set(remoteLocations(options.env ?? process.env).filter((l) => /^https?:/.test(l.base)).map((l) => new URL(l.base).origin))];
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Remotes moved to another origin (MF_*_URL) load their bundles from there.
        scriptSrc: ["'self'", ...remoteOrigins],
        // style-loader injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...remoteOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // The site is often served over plain http (laptop, 127.0.0.1): upgrading would break it.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // One framing policy: never framed (X-Frame-Options DENY for old browsers, frame-ancestors 'none' above for the rest).
    frameguard: { action: 'deny' },
  });
  await app.register(compress, { global: true, threshold: 1024 });
  // Cluster mode counts in Redis, so a limit holds whichever process answers (app/ratelimit.ts).
  await app.register(rateLimit, cluster ? { global: false, redis: cluster.redis, nameSpace: 'wishes:ratelimit:' } : { global: false });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Wishes API', version: '1.0.0', description: 'See shared/design/api-contract.md' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(authPlugin, {
    tokens: createTokenService({ secret: config.jwtSecret, accessTtlSeconds: config.accessTokenTtlSeconds, refreshTtlSeconds: config.refreshTokenTtlSeconds }),
    sessionValid: (claims) => claimsStillValid(db, claims),
  });

  // An absent JSON body on a route with a body schema reads as {} so "missing field" is the error.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) (request as { body: unknown }).body = {};
    // PostgreSQL text cannot hold U+0000; refuse it on both databases, as Django's CharField does.
    else if (hasNulCharacter(request.body)) throw new HttpError(400, 'Null characters are not allowed.');
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const ok = await pingDatabase(db);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable' });
  });

  app.get('/api/base/options', { schema: { tags: ['base'], response: { 200: OptionsSchema, 304: Type.Null() } } }, async (request, reply) => {
    const loaded = loadOptions(config.optionsPath, config.siteName);
    reply.header('ETag', loaded.etag).header('Cache-Control', 'no-cache');
    if (request.headers['if-none-match'] === loaded.etag) return reply.code(304).send(null);
    return loaded.options;
  });

  await app.register(authRoutes, { deps });
  await app.register(wishRoutes, { deps });
  await app.register(voteRoutes, { deps });
  await app.register(profileRoutes, { deps });
  await app.register(complaintRoutes, { deps });
  await app.register(offerRoutes, { deps });
  await app.register(moderationRoutes, { deps });
  await app.register(generatorRoutes, { deps });
  await app.register(mediaRoutes, { deps });
  await app.register(notificationRoutes, { deps });
  await app.register(accountRoutes, { deps });
  await app.register(previewRoutes, { deps });
  await app.register(staticContentRoutes);
  const siteEnv = options.env ?? process.env;
  await app.register(releaseRoutes, { deps, siteRoot: path.resolve(siteEnv.WISHES_SITE_ROOT ?? REPO_ROOT) });
  // Last: serves the site and owns the catch-all for non-API paths.
  await app.register(pagesRoutes, { deps, env: options.env });
  installNotFound(app);
  if (options.beforeReady) await options.beforeReady(app);

  await app.ready();
  return app;
}

/** True when any string (or key) in a parsed JSON body contains U+0000. */
function hasNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNulCharacter(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNulCharacter(v, depth + 1));
}

/** A sentence for a schema validation failure, plus a per-field map. */
function describeValidation(error: FastifyError): { error: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const params = issue.params as Record<string, unknown>;
    let field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    let message = issue.message ?? 'is invalid';
    if (issue.keyword === 'required' && typeof params.missingProperty === 'string') {
      field = params.missingProperty;
      message = 'This field is required.';
    } else if (issue.keyword === 'type') {
      message = `Must be of type ${String(params.type)}.`;
    } else if (issue.keyword === 'maxLength') {
      message = `Ensure this field has no more than ${String(params.limit)} characters.`;
    } else if (issue.keyword === 'minimum' || issue.keyword === 'exclusiveMinimum') {
      message = 'Ensure this value is a positive number.';
    } else if (issue.keyword === 'anyOf' || issue.keyword === 'const' || issue.keyword === 'enum') {
      message = 'Not a valid choice.';
    }
    if (!field) field = error.validationContext ?? 'body';
    if (!(field in fields)) fields[field] = message;
  }
  const [first] = Object.entries(fields);
  return { error: first ? `${first[0]}: ${first[1]}` : 'Invalid request.', fields };
}

function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError | AuthError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.status).send({ error: error.message, ...error.extra });
    }
    if (error instanceof AuthError) {
      return reply.code(error.status).send(error.code ? { detail: error.detail, code: error.code } : { detail: error.detail });
    }
    const fe = error as FastifyError;
    if (fe.validation) return reply.code(400).send(describeValidation(fe));
    const status = fe.statusCode ?? 500;
    if (status === 413 || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ error: 'Request body is too large.' });
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(415).send({ error: 'Unsupported media type: send JSON (Content-Type: application/json).' });
    if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe instanceof SyntaxError || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ error: 'Malformed JSON in request body.' });
    }
    if (status === 429) return reply.code(429).send({ error: 'Too many requests. Please try again later.' });
    if (status >= 400 && status < 500) return reply.code(status).send({ error: fe.message || 'Bad request.' });
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).header('Retry-After', '1').send({ error: 'Service temporarily unavailable. Please try again.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(status >= 500 && status < 600 ? status : 500).send({ error: 'Internal server error.' });
  });
}

/**
 * JSON 404 for unknown paths. The pages module (registered before this) may own the not-found
 * handler for non-API paths; Fastify allows one per prefix, so ours is only the fallback.
 */
function installNotFound(app: FastifyInstance) {
  try {
    app.setNotFoundHandler((_request, reply) => {
      reply.code(404).send({ error: 'Not found.' });
    });
  } catch {
    app.log.debug('not-found handler provided by the pages module');
  }
}

/**
 * One log line per request, after the response: every write (POST/PUT/PATCH/DELETE) and every
 * 4xx/5xx at info (errors are also logged with their stack by the error handler); successful
 * GET/HEAD/OPTIONS reads only when the level is debug or lower, since at hundreds or thousands of
 * reads a second they are noise and a measurable share of each read's CPU.
 */
function installRequestLog(app: FastifyInstance) {
  const logReads = app.log.level === 'debug' || app.log.level === 'trace';
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const read = request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS';
    if (status >= 400 || !read || logReads) {
      const line = { req: request, res: reply, responseTime: reply.elapsedTime };
      if (status >= 500) request.log.error(line, 'request completed');
      else if (status >= 400 || !read) request.log.info(line, 'request completed');
      else request.log.debug(line, 'request completed');
    }
    done();
  });
}

/** The default JSON parser, except that an empty body is "no body" rather than an error. */
function installJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  // The API speaks JSON (and multipart, for avatars): a text/plain body is 415, not a string body.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });
}
