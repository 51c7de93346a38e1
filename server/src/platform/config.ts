/**
 * Configuration from environment variables, validated once at start so a bad value fails fast with a
 * clear message instead of misbehaving later. The variables, their defaults and rules are declared in
 * env-schema.ts (TypeBox); this file maps them onto the Config the app reads.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, durationSeconds, readEnv, trustProxyOf, type Env, type TrustProxy } from './env-schema';

export { ConfigError, type TrustProxy };

/**
 * The server package's folder: the nearest folder above this file whose package.json is
 * @wishes/server. Found by walking up, so it holds for the sources (src/app/) and for the
 * compiled bundle (dist/) alike.
 */
function findServerRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@wishes/server') return dir;
    if (path.dirname(dir) === dir) throw new Error(`@wishes/server's package.json not found above ${start}`);
  }
}
export const SERVER_ROOT = findServerRoot(__dirname);
/** The repository root: relative paths (DATA_DIR, sqlite:...) resolve here, whatever the cwd. */
export const REPO_ROOT = path.dirname(SERVER_ROOT);

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data folder (SQLite file, JWT secret, outbox, media). */
  dataDir: string;
  /** `sqlite:<absolute path>` or `postgres://...` */
  databaseUrl: string;
  /** Origin used in mailed links, no trailing slash. */
  publicUrl: string;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** How long a rotated refresh token may still be used (two tabs refreshing at once) before a reuse revokes its family. */
  refreshReuseGraceSeconds: number;
  generationLimitPerHour: number;
  /** Pause between the streamed words of the offline generator, in ms (GENERATOR_TOKEN_DELAY_MS, default 15). */
  generatorTokenDelayMs: number;
  /**
   * Whether a serving process prepares the offline writer's text for every style and topic once it
   * listens (WishGenerator.warm), so the first drafts after a start do not pay it; off under
   * NODE_ENV=test, where hundreds of short-lived servers would each pay ~0.7 s of CPU for nothing.
   */
  warmGenerator: boolean;
  /** Distinct signed-in reporters (open reports) that hide a public wish pending review. */
  autoHideReports: number;
  generator: 'template' | 'openai';
  openaiBaseUrl?: string;
  openaiApiKey?: string;
  generatorModel?: string;
  smtpUrl?: string;
  /**
   * How mail leaves (MAIL_TRANSPORT): `smtp` through smtpUrl, or `outbox` (written to outboxDir,
   * never sent). Undefined: not configured where the production guards apply; buildApp then
   * refuses to start (MAIL_TRANSPORT_MISSING).
   */
  mailTransport?: 'smtp' | 'outbox';
  /** The production guards apply: PUBLIC_URL is not a local origin, or NODE_ENV=production. */
  production: boolean;
  mailFrom: string;
  /** SITE_NAME when set; otherwise undefined and the options file's site_name is used. */
  siteName?: string;
  rateLimitScale: number;
  seedDemo: boolean;
  /** Folder the mailer writes messages to with MAIL_TRANSPORT=outbox. */
  outboxDir: string;
  /** Folder for uploaded media (avatars). */
  mediaDir: string;
  /** Path of the options file served by GET /api/base/options. */
  optionsPath: string;
  /** Request logging (off in tests). */
  logLevel: string;
  /** Password hashing cost (scrypt N); lowered only under NODE_ENV=test. */
  scryptCost: number;
  /** Longest one search ranking may run (SEARCH_TIMEOUT): past it, 503 with Retry-After. */
  searchTimeoutMs: number;
  /** Searches per address per minute before 429 (scaled by RATE_LIMIT_SCALE). */
  searchLimitPerMinute: number;
  /** How long a password-reset link stays valid. */
  resetTokenTtlSeconds: number;
  /**
   * Which reverse proxies' X-Forwarded-For / X-Forwarded-Proto to believe (Fastify's trustProxy):
   * false (none: the socket address is the client), a hop count, or a comma list of proxy
   * addresses/CIDRs. The client address is then read from the right end of X-Forwarded-For,
   * skipping only trusted hops, so an entry the client wrote itself is never taken.
   */
  trustProxy: TrustProxy;
  /**
   * Cluster mode (REDIS_URL, redis://...): rate-limit and lockout counters in Redis, cache
   * invalidations over Redis pub/sub (cluster/shared-state.ts). Unset: one process, all in memory.
   */
redisUrl?: string;
  /**
   * GET /metrics (Prometheus text, platform/metrics.ts) on the API port for `Authorization: Bearer
   * <METRICS_TOKEN>` (at least 32 characters); unset: /metrics answers 404 there.
   */
  metricsToken?: string;
  /** A second listener (HOST:METRICS_PORT) answering GET /metrics without a token, for a private network; unset: none. */
  metricsPort?: number;
  /** Where avatars are kept (MEDIA_STORAGE): `disk` (mediaDir, default) or `postgres` (a table every process reads). */
  mediaStorage: 'disk' | 'postgres';
  /** Folder of remote releases: <releasesDir>/<remote>/<release-id>/ (RELEASES_DIR, default ./releases). */
  releasesDir: string;
  /** Releases kept per remote besides the active, the canary and the rollback target (RELEASES_KEEP, default 20; ops/prune.ts). */
  releasesKeep: number;
  /** Cached cards on disk are pruned to this many bytes (CARD_CACHE_MB, default 256; ops/prune.ts). */
  cardCacheBytes: number;
  /** Largest publish upload, compressed (RELEASE_MAX_BYTES, default 50 MiB; docs/teams.md). */
  releaseMaxBytes: number;
  /** Automatic canary rollback (docs/teams.md): CANARY_WINDOW_S (300), CANARY_MAX_ERROR_RATE (0.05), CANARY_MIN_ERRORS (3 addresses). */
  canary: { windowS: number; maxErrorRate: number; minErrors: number };
  /** Card renders (not already cached) per client address per minute, × rateLimitScale (CARD_RENDERS_PER_IP_MINUTE, default 20). */
  cardRendersPerIpMinute: number;
  /** The card render queue: renders at once, and renders waiting before a 503 (not configurable by environment). */
  cardRenderQueue: { concurrency: number; waiting: number };
  /** Wish saves (create or edit) per member per hour, × rateLimitScale (SAVES_PER_HOUR, default 120). */
  savesPerHour: number;
  /** Replies under public wishes per member per hour, × rateLimitScale (REPLIES_PER_HOUR, default 30). */
  repliesPerHour: number;
  /** Most entries (files and folders) one publish archive may hold (RELEASE_MAX_FILES, default 2000). */
  releaseMaxFiles: number;
  /** Folder holding shell/dist and <remote>/dist (WISHES_SITE_ROOT, default the repository). */
  siteRoot: string;
  /** 0 turns the read model off (every feed read queries; WISHES_FEED_CACHE_MS, default 1000: on). It has no lifetime: it is kept current on write (wishes/read-model.ts). */
  feedCacheMs: number;
  /** How long a user's session epoch is trusted without a bus message, ms (WISHES_SESSION_CACHE_MS, default 10000). */
  sessionCacheMs: number;
  /** Open event streams of one kind per member (STREAMS_PER_MEMBER, default 10); one more is 429. */
  streamsPerMember: number;
  /** Open event streams of one kind per client address (STREAMS_PER_ADDRESS, default 50). */
  streamsPerAddress: number;
  /** Comment line on an event stream this often, ms (STREAM_HEARTBEAT, default 25s). */
  streamHeartbeatMs: number;
  /** An event stream with no event for this long ends (the client reconnects), ms (STREAM_IDLE_TIMEOUT, default 15m). */
  streamIdleTimeoutMs: number;
  /** How often an open stream re-checks its token's session, ms (STREAM_RECHECK, default 5s). */
  streamRecheckMs: number;
  /** Reports count toward auto-hide only from accounts at least this old, hours; 0 turns the rule off (REPORTER_MIN_ACCOUNT_AGE_HOURS, default 24). */
  reporterMinAccountAgeHours: number;
  /** Serve the built `.map` files (SERVE_SOURCE_MAPS, default false: they are a 404). */
  serveSourceMaps: boolean;
  /** Only senders with a verified email may send wishes, fresh accounts at most 3 a day (REQUIRE_VERIFIED_SENDERS, default true). */
  requireVerifiedSenders: boolean;
  /** Deliveries one sender may create per 24 hours (DELIVERIES_PER_DAY, default 20). */
  deliveriesPerDay: number;
  /** How often each process looks for due deliveries, ms (DELIVERY_POLL_MS, default 5000). */
  deliveryPollMs: number;
  /** A process's hold on a delivery it is mailing, ms (DELIVERY_LEASE_MS, default 120000); past it another process takes it up. */
  deliveryLeaseMs: number;
  /** First wait after a failed try, ms, doubled per try (DELIVERY_RETRY_BASE_MS, default 60000). */
  deliveryRetryBaseMs: number;
  /** Tries before a delivery is `failed` (DELIVERY_MAX_ATTEMPTS, default 5). */
  deliveryMaxAttempts: number;
  /** When reminders of people's dates come, HH:MM in each member's zone (REMINDER_TIME, default 09:00). */
  reminderTime: string;
  /** Group wishes' limits (docs/groups.md): groups an organiser starts a day (GROUPS_PER_DAY, 10), mails a day per organiser (GROUP_MAILS_PER_DAY, 200), messages an hour per address (GROUP_CONTRIBUTIONS_PER_IP_HOUR, 20), messages per group (GROUP_MAX_CONTRIBUTIONS, 500), drafts an hour per address (GROUP_SUGGEST_PER_IP_HOUR, 10) and a day per group (GROUP_SUGGEST_PER_GROUP_DAY, 100). */
  groups: { perDay: number; mailsPerDay: number; contributionsPerIpHour: number; maxContributions: number; suggestPerIpHour: number; suggestPerGroupDay: number };
  /** REMOTE_OVERRIDES (default false) and REMOTE_OVERRIDE_ORIGINS (default http://localhost:*, http://127.0.0.1:*). */
  remoteOverrides: RemoteOverridesConfig;
}

/**
 * `?mf_override=<folder>@<url>` for developers: off unless REMOTE_OVERRIDES is true. When on, the
 * shell accepts override URLs whose origin matches one of `origins` (after a confirmation page),
 * and the CSP lists those origins. Off: the parameter is ignored and the CSP is unchanged.
 */
export interface RemoteOverridesConfig {
  enabled: boolean;
  /** Origin patterns (`http://localhost:*`), valid CSP source expressions. */
  origins: string[];
}

/** The override mode alone, from the environment (tests build it this way). */
export function parseRemoteOverrides(env: Record<string, string | undefined>): RemoteOverridesConfig {
  return remoteOverridesOf(readEnv({ REMOTE_OVERRIDES: env.REMOTE_OVERRIDES, REMOTE_OVERRIDE_ORIGINS: env.REMOTE_OVERRIDE_ORIGINS }));
}

const remoteOverridesOf = (e: Pick<Env, 'REMOTE_OVERRIDES' | 'REMOTE_OVERRIDE_ORIGINS'>): RemoteOverridesConfig => ({ enabled: e.REMOTE_OVERRIDES, origins: [...e.REMOTE_OVERRIDE_ORIGINS] });

/** Kept under their earlier names for the callers and tests that name them. */
export function parseDuration(value: string, name: string): number {
  try {
    return durationSeconds(value);
  } catch (error) {
    throw error instanceof ConfigError ? new ConfigError(`${name} ${error.message}`) : error;
  }
}
export function parseTrustProxy(value: string): TrustProxy {
  try {
    return trustProxyOf(value);
  } catch (error) {
    throw error instanceof ConfigError ? new ConfigError(`TRUST_PROXY ${error.message}`) : error;
  }
}

/**
 * The trustProxy option for Fastify. A hop count becomes a function trusting the first `hops`
 * addresses (the socket peer, then X-Forwarded-For from the right): this Fastify version maps a
 * bare number to "trust nothing", since a client that can reach the server directly could write
 * the extra hops itself. So a hop count is only right when the server is reachable solely
 * through the proxies; otherwise list their addresses.
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return trust === 0 ? false : (_address: string, hop: number) => hop < trust;
  return trust;
}

/**
 * Whether an origin is one only this machine reaches (`localhost`, `*.localhost`, 127.0.0.0/8,
 * `[::1]`): there the quick start's defaults (demo content, outbox mail) are safe.
 */
export function isLocalOrigin(origin: string): boolean {
  let host: string;
  try {
    host = new URL(origin).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The sentence the server exits with when mail has nowhere to go (the production guards). */
export const MAIL_TRANSPORT_MISSING =
  'Mail has no transport: set SMTP_URL to send through your mail server, or MAIL_TRANSPORT=outbox to only write mails to DATA_DIR/outbox (nothing is sent), since PUBLIC_URL is not a local origin or NODE_ENV=production.';

/** Reads the JWT secret kept in the data folder, creating it once (mode 600) when missing. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/**
 * Builds the config from `env` (default process.env), decoded through ENV_SCHEMA (env-schema.ts), then
 * applies `overrides` (tests). The fallbacks that depend on another variable are applied here.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const e = readEnv(env);
  const isTest = e.NODE_ENV === 'test';

  const port = overrides.port ?? e.PORT;
  const dataDir = overrides.dataDir ?? path.resolve(REPO_ROOT, e.DATA_DIR);

  let databaseUrl = overrides.databaseUrl ?? e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'wishes.db')}`;
  if (databaseUrl.startsWith('sqlite:')) {
    const file = databaseUrl.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    databaseUrl = file === ':memory:' ? 'sqlite::memory:' : `sqlite:${path.resolve(REPO_ROOT, file)}`;
  }
  const publicUrl = (overrides.publicUrl ?? e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  // The production guards: a public origin (or NODE_ENV=production) never gets the quick start's
  // defaults silently (demo accounts with public passwords, mail that goes nowhere).
  const production = overrides.production ?? (e.NODE_ENV === 'production' || !isLocalOrigin(publicUrl));
  const smtpUrl = overrides.smtpUrl ?? e.SMTP_URL;
  const mailTransport = overrides.mailTransport ?? e.MAIL_TRANSPORT ?? (smtpUrl ? 'smtp' : production ? undefined : 'outbox');
  if (mailTransport === 'smtp' && !smtpUrl) throw new ConfigError('MAIL_TRANSPORT=smtp needs SMTP_URL (smtp://user:pass@host:port)');
  const mediaStorage = overrides.mediaStorage ?? e.MEDIA_STORAGE;
  if (mediaStorage === 'postgres' && !databaseUrl.startsWith('postgres')) throw new ConfigError('MEDIA_STORAGE=postgres needs a postgres:// DATABASE_URL');

  return {
    port,
    host: e.HOST,
    redisUrl: e.REDIS_URL,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    mediaStorage,
    dataDir,
    databaseUrl,
    publicUrl,
    production,
    jwtSecret: overrides.jwtSecret ?? e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL,
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE,
    generationLimitPerHour: e.GENERATION_LIMIT_PER_HOUR,
    autoHideReports: e.AUTO_HIDE_REPORTS,
    generator: e.GENERATOR,
    generatorTokenDelayMs: e.GENERATOR_TOKEN_DELAY_MS,
    warmGenerator: !isTest,
    openaiBaseUrl: e.OPENAI_BASE_URL,
    openaiApiKey: e.OPENAI_API_KEY,
    generatorModel: e.GENERATOR_MODEL,
    smtpUrl,
    mailTransport,
    mailFrom: e.MAIL_FROM,
    siteName: e.SITE_NAME,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    seedDemo: e.SEED_DEMO ?? !production,
    outboxDir: path.join(dataDir, 'outbox'),
    mediaDir: path.join(dataDir, 'media'),
    optionsPath: path.join(SERVER_ROOT, 'config', 'options.json'),
    logLevel: e.LOG_LEVEL ?? (isTest ? 'silent' : 'info'),
    // scrypt N=2^15 in production (~50 ms); tests use 2^10 so hundreds of sign-ups stay fast.
    scryptCost: isTest ? 1024 : 32768,
    resetTokenTtlSeconds: 3600,
    searchTimeoutMs: e.SEARCH_TIMEOUT * 1000,
    searchLimitPerMinute: e.SEARCH_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    releasesDir: path.resolve(REPO_ROOT, e.RELEASES_DIR),
    releasesKeep: e.RELEASES_KEEP,
    cardCacheBytes: e.CARD_CACHE_MB * 1024 * 1024,
    canary: { windowS: e.CANARY_WINDOW_S, maxErrorRate: e.CANARY_MAX_ERROR_RATE, minErrors: e.CANARY_MIN_ERRORS },
    cardRendersPerIpMinute: e.CARD_RENDERS_PER_IP_MINUTE,
    cardRenderQueue: { concurrency: 2, waiting: 16 },
    savesPerHour: e.SAVES_PER_HOUR,
    repliesPerHour: e.REPLIES_PER_HOUR,
    releaseMaxBytes: e.RELEASE_MAX_BYTES,
    releaseMaxFiles: e.RELEASE_MAX_FILES,
    siteRoot: path.resolve(REPO_ROOT, e.WISHES_SITE_ROOT),
    feedCacheMs: e.WISHES_FEED_CACHE_MS,
    sessionCacheMs: e.WISHES_SESSION_CACHE_MS,
    streamsPerMember: e.STREAMS_PER_MEMBER,
    streamsPerAddress: e.STREAMS_PER_ADDRESS,
    streamHeartbeatMs: e.STREAM_HEARTBEAT * 1000,
    streamIdleTimeoutMs: e.STREAM_IDLE_TIMEOUT * 1000,
    streamRecheckMs: e.STREAM_RECHECK * 1000,
    reporterMinAccountAgeHours: e.REPORTER_MIN_ACCOUNT_AGE_HOURS,
    serveSourceMaps: e.SERVE_SOURCE_MAPS,
    requireVerifiedSenders: e.REQUIRE_VERIFIED_SENDERS,
    deliveriesPerDay: e.DELIVERIES_PER_DAY,
    deliveryPollMs: e.DELIVERY_POLL_MS,
    deliveryLeaseMs: e.DELIVERY_LEASE_MS,
    deliveryRetryBaseMs: e.DELIVERY_RETRY_BASE_MS,
    deliveryMaxAttempts: e.DELIVERY_MAX_ATTEMPTS,
    reminderTime: e.REMINDER_TIME,
    groups: {
      perDay: e.GROUPS_PER_DAY,
      mailsPerDay: e.GROUP_MAILS_PER_DAY,
      contributionsPerIpHour: e.GROUP_CONTRIBUTIONS_PER_IP_HOUR,
      maxContributions: e.GROUP_MAX_CONTRIBUTIONS,
      suggestPerIpHour: e.GROUP_SUGGEST_PER_IP_HOUR,
      suggestPerGroupDay: e.GROUP_SUGGEST_PER_GROUP_DAY,
    },
    remoteOverrides: remoteOverridesOf(e),
    ...withoutUndefined(overrides),
  };
}

/** The overrides that say something: an explicit undefined leaves the environment's value. */
function withoutUndefined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}
