/**
 * Configuration from environment variables (every variable with its default: .env.example), validated once at
 * start so a bad value fails fast with a clear message instead of misbehaving later.
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_REMOTE_OVERRIDE_ORIGINS, parseOriginPattern } from '@wishes/shared/remoteOverride';

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
  /** Distinct signed-in reporters (open reports) that hide a public wish pending review. */
  autoHideReports: number;
  generator: 'template' | 'openai';
  openaiBaseUrl?: string;
  openaiApiKey?: string;
  generatorModel?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** SITE_NAME when set; otherwise undefined and the options file's site_name is used. */
  siteName?: string;
  rateLimitScale: number;
  seedDemo: boolean;
  /** Folder the mailer writes messages to when SMTP_URL is unset. */
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
   * GET /metrics (Prometheus text, app/metrics.ts) on the API port for `Authorization: Bearer
   * <METRICS_TOKEN>` (at least 32 characters); unset: /metrics answers 404 there.
   */
  metricsToken?: string;
  /** A second listener (HOST:METRICS_PORT) answering GET /metrics without a token, for a private network; unset: none. */
  metricsPort?: number;
  /** Where avatars are kept (MEDIA_STORAGE): `disk` (mediaDir, default) or `postgres` (a table every process reads). */
  mediaStorage: 'disk' | 'postgres';
  /** Folder of remote releases: <releasesDir>/<remote>/<release-id>/ (RELEASES_DIR, default ./releases). */
  releasesDir: string;
  /** Largest publish upload, compressed (RELEASE_MAX_BYTES, default 50 MiB; docs/teams.md). */
  releaseMaxBytes: number;
  /** Automatic canary rollback (docs/teams.md): CANARY_WINDOW_S (300), CANARY_MAX_ERROR_RATE (0.05), CANARY_MIN_LOADS (20). */
  canary: { windowS: number; maxErrorRate: number; minLoads: number };
  /** Folder holding shell/dist and <remote>/dist (WISHES_SITE_ROOT, default the repository). */
  siteRoot: string;
  /** How long anonymous feed pages are kept, ms; 0 turns the cache off (WISHES_FEED_CACHE_MS, default 1000). */
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
  // ---- BEGIN remote overrides (issue #30 item 4; docs/teams.md "Develop inside the real site") ----
  /** REMOTE_OVERRIDES (default false) and REMOTE_OVERRIDE_ORIGINS (default http://localhost:*, http://127.0.0.1:*). */
  remoteOverrides: RemoteOverridesConfig;
  // ---- END remote overrides ----
}

// ---- BEGIN remote overrides (issue #30 item 4) ----
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

export function parseRemoteOverrides(env: Record<string, string | undefined>): RemoteOverridesConfig {
  const raw = env.REMOTE_OVERRIDES?.trim();
  const enabled = raw ? parseBool(raw, 'REMOTE_OVERRIDES') : false;
  const list = env.REMOTE_OVERRIDE_ORIGINS?.trim();
  const origins = list ? list.split(',').map((o) => o.trim()).filter(Boolean) : [...DEFAULT_REMOTE_OVERRIDE_ORIGINS];
  for (const origin of origins) {
    if (!parseOriginPattern(origin)) {
      throw new ConfigError(
        `REMOTE_OVERRIDE_ORIGINS must be a comma list of origins like http://localhost:* or https://dev.example.com:8443, without a path (got "${origin}")`,
      );
    }
  }
  if (origins.length === 0) throw new ConfigError('REMOTE_OVERRIDE_ORIGINS must not be empty');
  return { enabled, origins };
}
// ---- END remote overrides ----

export type TrustProxy = false | number | string;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** Parses a lifetime like `30s`, `15m`, `2h`, `7d` or a bare number of seconds. */
export function parseDuration(value: string, name: string): number {
  const match = /^\s*(\d+)\s*([smhd]?)\s*$/i.exec(value);
  if (!match) throw new ConfigError(`${name} must be a duration like 30s, 15m, 2h or 7d (got "${value}")`);
  const seconds = Number(match[1]) * (match[2] ? UNITS[match[2].toLowerCase()] : 1);
  if (!Number.isSafeInteger(seconds) || seconds <= 0) throw new ConfigError(`${name} must be a positive duration (got "${value}")`);
  return seconds;
}

/** CANARY_MAX_ERROR_RATE: a fraction 0-1 (default 0.05). */
function parseRate(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 0.05;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) throw new ConfigError(`CANARY_MAX_ERROR_RATE must be a number from 0 to 1 (got "${value}")`);
  return rate;
}

function parseIntStrict(value: string, name: string, min: number, max: number): number {
  if (!/^\s*\d+\s*$/.test(value)) throw new ConfigError(`${name} must be a whole number (got "${value}")`);
  const n = Number(value);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max} (got ${n})`);
  return n;
}

function parseBool(value: string, name: string): boolean {
  const v = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(`${name} must be true or false (got "${value}")`);
}

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY lists. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: `false` (default), a hop count (`1` = one proxy in front), or a comma list of proxy
 * addresses/CIDRs (`10.0.0.1, 192.168.0.0/16, loopback`). `true` means one hop: trusting every
 * hop would make the client-written leftmost X-Forwarded-For entry the address (every per-IP limit bypassed).
 */
export function parseTrustProxy(value: string): TrustProxy {
  const v = value.trim().toLowerCase();
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  if (['true', 'yes', 'on'].includes(v)) return 1;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 16) throw new ConfigError(`TRUST_PROXY hop count must be at most 16 (got ${hops})`);
    return hops;
  }
  const entries = v.split(',').map((e) => e.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split('/');
    const family = isIP(address!);
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!(PROXY_RANGE_NAMES.has(entry) || (family !== 0 && prefixOk && rest.length === 0))) {
      throw new ConfigError(`TRUST_PROXY must be false, a hop count, or a comma list of proxy addresses/CIDRs (got "${value}")`);
    }
  }
  if (entries.length === 0) throw new ConfigError(`TRUST_PROXY must not be empty`);
  return entries.join(',');
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

function parseUrl(value: string, name: string, protocols: string[]): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be a URL (got "${value}")`);
  }
  if (!protocols.includes(url.protocol)) throw new ConfigError(`${name} must start with ${protocols.map((p) => p + '//').join(' or ')} (got "${value}")`);
  return value;
}

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

type Env = Record<string, string | undefined>;

/** Builds the config from `env` (default process.env), then applies `overrides` (tests). */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const get = (name: string) => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const isTest = env.NODE_ENV === 'test';

  const port = overrides.port ?? (get('PORT') ? parseIntStrict(get('PORT')!, 'PORT', 0, 65535) : 8000);
  const host = overrides.host ?? get('HOST') ?? '127.0.0.1';
  const dataDir = overrides.dataDir ?? path.resolve(REPO_ROOT, get('DATA_DIR') ?? './data');

  let databaseUrl = overrides.databaseUrl ?? get('DATABASE_URL') ?? `sqlite:${path.join(dataDir, 'wishes.db')}`;
  if (databaseUrl.startsWith('sqlite:')) {
    const file = databaseUrl.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!file) throw new ConfigError('DATABASE_URL sqlite: needs a file path, e.g. sqlite:./data/wishes.db');
    databaseUrl = file === ':memory:' ? 'sqlite::memory:' : `sqlite:${path.resolve(REPO_ROOT, file)}`;
  } else if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    parseUrl(databaseUrl, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  } else {
    throw new ConfigError(`DATABASE_URL must start with sqlite: or postgres:// (got "${databaseUrl}")`);
  }

  const publicUrl = (overrides.publicUrl ?? (get('PUBLIC_URL') ? parseUrl(get('PUBLIC_URL')!, 'PUBLIC_URL', ['http:', 'https:']) : `http://localhost:${port}`)).replace(/\/+$/, '');

  const secretEnv = get('JWT_SECRET');
  if (secretEnv !== undefined && secretEnv.length < 16) throw new ConfigError('JWT_SECRET must be at least 16 characters');
  const jwtSecret = overrides.jwtSecret ?? secretEnv ?? loadOrCreateSecret(dataDir);

  const generator = overrides.generator ?? (get('GENERATOR') ?? 'template');
  if (generator !== 'template' && generator !== 'openai') throw new ConfigError(`GENERATOR must be "template" or "openai" (got "${generator}")`);
  const openaiBaseUrl = overrides.openaiBaseUrl ?? (get('OPENAI_BASE_URL') ? parseUrl(get('OPENAI_BASE_URL')!, 'OPENAI_BASE_URL', ['http:', 'https:']) : undefined);

  const smtpUrl = overrides.smtpUrl ?? (get('SMTP_URL') ? parseUrl(get('SMTP_URL')!, 'SMTP_URL', ['smtp:', 'smtps:']) : undefined);

  const scaleRaw = get('RATE_LIMIT_SCALE');
  const rateLimitScale = overrides.rateLimitScale ?? (scaleRaw === undefined ? 1 : Number(scaleRaw));
  if (!Number.isFinite(rateLimitScale) || rateLimitScale <= 0) throw new ConfigError(`RATE_LIMIT_SCALE must be a positive number (got "${scaleRaw}")`);

  const redisUrl = overrides.redisUrl ?? (get('REDIS_URL') ? parseUrl(get('REDIS_URL')!, 'REDIS_URL', ['redis:', 'rediss:']) : undefined);
  const mediaStorage = overrides.mediaStorage ?? get('MEDIA_STORAGE') ?? 'disk';
  if (mediaStorage !== 'disk' && mediaStorage !== 'postgres') throw new ConfigError(`MEDIA_STORAGE must be "disk" or "postgres" (got "${mediaStorage}")`);
  if (mediaStorage === 'postgres' && !databaseUrl.startsWith('postgres')) throw new ConfigError('MEDIA_STORAGE=postgres needs a postgres:// DATABASE_URL');

  const metricsToken = overrides.metricsToken ?? get('METRICS_TOKEN');
  if (metricsToken !== undefined && metricsToken.length < 32) throw new ConfigError('METRICS_TOKEN must be at least 32 characters');
  const metricsPort = overrides.metricsPort ?? (get('METRICS_PORT') ? parseIntStrict(get('METRICS_PORT')!, 'METRICS_PORT', 0, 65535) : undefined);

  return {
    port,
    host,
    redisUrl,
    metricsToken,
    metricsPort,
    mediaStorage,
    dataDir,
    databaseUrl,
    publicUrl,
    jwtSecret,
    accessTokenTtlSeconds: overrides.accessTokenTtlSeconds ?? parseDuration(get('ACCESS_TOKEN_TTL') ?? '15m', 'ACCESS_TOKEN_TTL'),
    refreshTokenTtlSeconds: overrides.refreshTokenTtlSeconds ?? parseDuration(get('REFRESH_TOKEN_TTL') ?? '7d', 'REFRESH_TOKEN_TTL'),
    refreshReuseGraceSeconds: overrides.refreshReuseGraceSeconds ?? parseDuration(get('REFRESH_REUSE_GRACE') ?? '30s', 'REFRESH_REUSE_GRACE'),
    generationLimitPerHour:
      overrides.generationLimitPerHour ?? (get('GENERATION_LIMIT_PER_HOUR') ? parseIntStrict(get('GENERATION_LIMIT_PER_HOUR')!, 'GENERATION_LIMIT_PER_HOUR', 0, 1_000_000) : 20),
    autoHideReports: overrides.autoHideReports ?? (get('AUTO_HIDE_REPORTS') ? parseIntStrict(get('AUTO_HIDE_REPORTS')!, 'AUTO_HIDE_REPORTS', 1, 1_000_000) : 5),
    generator,
    generatorTokenDelayMs:
      overrides.generatorTokenDelayMs ??
      (get('GENERATOR_TOKEN_DELAY_MS') ? parseIntStrict(get('GENERATOR_TOKEN_DELAY_MS')!, 'GENERATOR_TOKEN_DELAY_MS', 0, 1000) : 15),
    openaiBaseUrl,
    openaiApiKey: overrides.openaiApiKey ?? get('OPENAI_API_KEY'),
    generatorModel: overrides.generatorModel ?? get('GENERATOR_MODEL'),
    smtpUrl,
    mailFrom: overrides.mailFrom ?? get('MAIL_FROM') ?? 'no-reply@localhost',
    siteName: overrides.siteName ?? get('SITE_NAME'),
    rateLimitScale,
    seedDemo: overrides.seedDemo ?? (get('SEED_DEMO') ? parseBool(get('SEED_DEMO')!, 'SEED_DEMO') : true),
    outboxDir: overrides.outboxDir ?? path.join(dataDir, 'outbox'),
    mediaDir: overrides.mediaDir ?? path.join(dataDir, 'media'),
    optionsPath: overrides.optionsPath ?? path.join(SERVER_ROOT, 'config', 'options.json'),
    logLevel: overrides.logLevel ?? get('LOG_LEVEL') ?? (isTest ? 'silent' : 'info'),
    // scrypt N=2^15 in production (~50 ms); tests use 2^10 so hundreds of sign-ups stay fast.
    scryptCost: overrides.scryptCost ?? (isTest ? 1024 : 32768),
    resetTokenTtlSeconds: overrides.resetTokenTtlSeconds ?? 3600,
    searchTimeoutMs: overrides.searchTimeoutMs ?? parseDuration(get('SEARCH_TIMEOUT') ?? '2s', 'SEARCH_TIMEOUT') * 1000,
    searchLimitPerMinute:
      overrides.searchLimitPerMinute ?? (get('SEARCH_LIMIT_PER_MINUTE') ? parseIntStrict(get('SEARCH_LIMIT_PER_MINUTE')!, 'SEARCH_LIMIT_PER_MINUTE', 1, 1_000_000) : 60),
    trustProxy: overrides.trustProxy ?? (get('TRUST_PROXY') ? parseTrustProxy(get('TRUST_PROXY')!) : false),
    releasesDir: overrides.releasesDir ?? path.resolve(REPO_ROOT, get('RELEASES_DIR') ?? './releases'),
    canary: overrides.canary ?? {
      windowS: get('CANARY_WINDOW_S') ? parseIntStrict(get('CANARY_WINDOW_S')!, 'CANARY_WINDOW_S', 1, 7 * 86_400) : 300,
      maxErrorRate: parseRate(get('CANARY_MAX_ERROR_RATE')),
      minLoads: get('CANARY_MIN_LOADS') ? parseIntStrict(get('CANARY_MIN_LOADS')!, 'CANARY_MIN_LOADS', 1, 1_000_000) : 20,
    },
    releaseMaxBytes: overrides.releaseMaxBytes ?? (get('RELEASE_MAX_BYTES') ? parseIntStrict(get('RELEASE_MAX_BYTES')!, 'RELEASE_MAX_BYTES', 1024, 2_000_000_000) : 50 * 1024 * 1024),
    siteRoot: overrides.siteRoot ?? path.resolve(REPO_ROOT, get('WISHES_SITE_ROOT') ?? '.'),
    feedCacheMs: overrides.feedCacheMs ?? (get('WISHES_FEED_CACHE_MS') ? parseIntStrict(get('WISHES_FEED_CACHE_MS')!, 'WISHES_FEED_CACHE_MS', 0, 3_600_000) : 1000),
    sessionCacheMs:
      overrides.sessionCacheMs ?? (get('WISHES_SESSION_CACHE_MS') ? parseIntStrict(get('WISHES_SESSION_CACHE_MS')!, 'WISHES_SESSION_CACHE_MS', 0, 3_600_000) : 10_000),
    streamsPerMember: overrides.streamsPerMember ?? (get('STREAMS_PER_MEMBER') ? parseIntStrict(get('STREAMS_PER_MEMBER')!, 'STREAMS_PER_MEMBER', 1, 1000) : 10),
    streamsPerAddress: overrides.streamsPerAddress ?? (get('STREAMS_PER_ADDRESS') ? parseIntStrict(get('STREAMS_PER_ADDRESS')!, 'STREAMS_PER_ADDRESS', 1, 100_000) : 50),
    streamHeartbeatMs: overrides.streamHeartbeatMs ?? parseDuration(get('STREAM_HEARTBEAT') ?? '25s', 'STREAM_HEARTBEAT') * 1000,
    streamIdleTimeoutMs: overrides.streamIdleTimeoutMs ?? parseDuration(get('STREAM_IDLE_TIMEOUT') ?? '15m', 'STREAM_IDLE_TIMEOUT') * 1000,
    streamRecheckMs: overrides.streamRecheckMs ?? parseDuration(get('STREAM_RECHECK') ?? '5s', 'STREAM_RECHECK') * 1000,
    reporterMinAccountAgeHours:
      overrides.reporterMinAccountAgeHours ??
      (get('REPORTER_MIN_ACCOUNT_AGE_HOURS') ? parseIntStrict(get('REPORTER_MIN_ACCOUNT_AGE_HOURS')!, 'REPORTER_MIN_ACCOUNT_AGE_HOURS', 0, 100_000) : 24),
    serveSourceMaps: overrides.serveSourceMaps ?? (get('SERVE_SOURCE_MAPS') ? parseBool(get('SERVE_SOURCE_MAPS')!, 'SERVE_SOURCE_MAPS') : false),
    requireVerifiedSenders:
      overrides.requireVerifiedSenders ?? (get('REQUIRE_VERIFIED_SENDERS') ? parseBool(get('REQUIRE_VERIFIED_SENDERS')!, 'REQUIRE_VERIFIED_SENDERS') : true),
    deliveriesPerDay: overrides.deliveriesPerDay ?? (get('DELIVERIES_PER_DAY') ? parseIntStrict(get('DELIVERIES_PER_DAY')!, 'DELIVERIES_PER_DAY', 0, 1_000_000) : 20),
    deliveryPollMs: overrides.deliveryPollMs ?? (get('DELIVERY_POLL_MS') ? parseIntStrict(get('DELIVERY_POLL_MS')!, 'DELIVERY_POLL_MS', 50, 60_000) : 5000),
    deliveryLeaseMs: overrides.deliveryLeaseMs ?? (get('DELIVERY_LEASE_MS') ? parseIntStrict(get('DELIVERY_LEASE_MS')!, 'DELIVERY_LEASE_MS', 1000, 3_600_000) : 120_000),
    deliveryRetryBaseMs:
      overrides.deliveryRetryBaseMs ?? (get('DELIVERY_RETRY_BASE_MS') ? parseIntStrict(get('DELIVERY_RETRY_BASE_MS')!, 'DELIVERY_RETRY_BASE_MS', 10, 86_400_000) : 60_000),
    deliveryMaxAttempts: overrides.deliveryMaxAttempts ?? (get('DELIVERY_MAX_ATTEMPTS') ? parseIntStrict(get('DELIVERY_MAX_ATTEMPTS')!, 'DELIVERY_MAX_ATTEMPTS', 1, 50) : 5),
    // ---- remote overrides (issue #30 item 4) ----
    remoteOverrides: overrides.remoteOverrides ?? parseRemoteOverrides(env),
  };
}
