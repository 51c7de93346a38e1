/**
 * The server's environment variables as one declared TypeBox schema (every variable, its default and
 * its rule). `readEnv` decodes process.env through it with TypeBox's `Value.Decode`: each variable's
 * transform turns the text into its typed value or fails with a message that `readEnv` prefixes with
 * the variable's name. `.env.example` lists exactly these keys (env-schema.test.ts).
 */
import { isIP } from 'node:net';
import { Type, type StaticDecode, type TSchema } from '@sinclair/typebox';
import { TransformDecodeError, Value } from '@sinclair/typebox/value';
import { DEFAULT_REMOTE_OVERRIDE_ORIGINS, parseOriginPattern } from '@wishes/kit-contract/remoteOverride';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** A rule's failure, worded without the variable's name (readEnv adds it). */
const fail = (message: string): never => {
  throw new ConfigError(message);
};

/** A string variable whose text a decoder turns into T; `fallback` is its default as written in .env.example. */
function variable<T>(decode: (text: string) => T, fallback?: string) {
  return Type.Transform(Type.String(fallback === undefined ? {} : { default: fallback }))
    .Decode(decode)
    .Encode((value) => String(value));
}
const optional = <T extends TSchema>(schema: T) => Type.Optional(schema);

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** A lifetime like `30s`, `15m`, `2h`, `7d` or a bare number of seconds. */
export function durationSeconds(text: string): number {
  const match = /^\s*(\d+)\s*([smhd]?)\s*$/i.exec(text);
  if (!match) fail(`must be a duration like 30s, 15m, 2h or 7d (got "${text}")`);
  const seconds = Number(match![1]) * (match![2] ? UNITS[match![2].toLowerCase()]! : 1);
  if (!Number.isSafeInteger(seconds) || seconds <= 0) fail(`must be a positive duration (got "${text}")`);
  return seconds;
}

const wholeNumber = (min: number, max: number) => (text: string) => {
  if (!/^\s*\d+\s*$/.test(text)) fail(`must be a whole number (got "${text}")`);
  const n = Number(text);
  if (n < min || n > max) fail(`must be between ${min} and ${max} (got ${n})`);
  return n;
};

/** A time of day, HH:MM (24 h). */
const clockTime = (text: string): string => {
  const match = /^\s*([01]\d|2[0-3]):([0-5]\d)\s*$/.exec(text);
  if (!match) fail(`must be a time of day HH:MM, e.g. 09:00 (got "${text}")`);
  return `${match![1]}:${match![2]}`;
};

const boolean = (text: string) => {
  const v = text.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  return fail(`must be true or false (got "${text}")`);
};

/** A comma list of origin patterns (`http://localhost:*`), each a valid CSP source expression. */
const originPatterns = (text: string) => {
  const origins = text.split(',').map((o) => o.trim()).filter(Boolean);
  if (origins.length === 0) fail('must not be empty');
  for (const origin of origins) {
    if (!parseOriginPattern(origin)) fail(`must be a comma list of origins like http://localhost:* or https://dev.example.com:8443, without a path (got "${origin}")`);
  }
  return origins;
};

const url = (...protocols: string[]) => (text: string) => {
  let parsed: URL | undefined;
  try {
    parsed = new URL(text);
  } catch {
    fail(`must be a URL (got "${text}")`);
  }
  if (!protocols.includes(parsed!.protocol)) fail(`must start with ${protocols.map((p) => p + '//').join(' or ')} (got "${text}")`);
  return text;
};

const oneOf = <const T extends string>(...choices: T[]) => (text: string): T =>
  (choices as string[]).includes(text) ? (text as T) : fail(`must be ${choices.map((c) => `"${c}"`).join(' or ')} (got "${text}")`);

const atLeast = (length: number) => (text: string) => (text.length >= length ? text : fail(`must be at least ${length} characters`));

const text = (value: string) => value;

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY lists. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export type TrustProxy = false | number | string;

/**
 * TRUST_PROXY: `false` (default), a hop count (`1` = one proxy in front), or a comma list of proxy
 * addresses/CIDRs (`10.0.0.1, 192.168.0.0/16, loopback`). `true` means one hop: trusting every
 * hop would make the client-written leftmost X-Forwarded-For entry the address (every per-IP limit bypassed).
 */
export function trustProxyOf(value: string): TrustProxy {
  const v = value.trim().toLowerCase();
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  if (['true', 'yes', 'on'].includes(v)) return 1;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops > 16 ? fail(`hop count must be at most 16 (got ${hops})`) : hops;
  }
  const entries = v.split(',').map((e) => e.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split('/');
    const family = isIP(address!);
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!(PROXY_RANGE_NAMES.has(entry) || (family !== 0 && prefixOk && rest.length === 0))) {
      fail(`must be false, a hop count, or a comma list of proxy addresses/CIDRs (got "${value}")`);
    }
  }
  if (entries.length === 0) fail('must not be empty');
  return entries.join(',');
}

const fraction = (text: string) => {
  const rate = Number(text);
  return Number.isFinite(rate) && rate >= 0 && rate <= 1 ? rate : fail(`must be a number from 0 to 1 (got "${text}")`);
};

const positiveNumber = (text: string) => {
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? n : fail(`must be a positive number (got "${text}")`);
};

/** DATABASE_URL: `sqlite:<path>` (kept as written; resolved by loadConfig) or postgres://... */
const databaseUrl = (value: string) => {
  if (value.startsWith('sqlite:')) {
    if (!value.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '')) fail('sqlite: needs a file path, e.g. sqlite:./data/wishes.db');
    return value;
  }
  if (/^postgres(ql)?:\/\//.test(value)) return url('postgres:', 'postgresql:')(value);
  return fail(`must start with sqlite: or postgres:// (got "${value}")`);
};

/**
 * Every variable the server reads. A key with a default always has a value after decoding; one
 * without is undefined when unset (its fallback, when it has one, depends on another variable and is
 * applied by loadConfig). Besides these, MF_<FOLDER>_URL per registered remote (pages/remotes.ts).
 */
export const ENV_SCHEMA = Type.Object({
  PORT: variable(wholeNumber(0, 65535), '8000'),
  HOST: variable(text, '127.0.0.1'),
  DATA_DIR: variable(text, './data'),
  DATABASE_URL: optional(variable(databaseUrl)),
  PUBLIC_URL: optional(variable(url('http:', 'https:'))),
  JWT_SECRET: optional(variable(atLeast(16))),
  ACCESS_TOKEN_TTL: variable(durationSeconds, '15m'),
  REFRESH_TOKEN_TTL: variable(durationSeconds, '7d'),
  REFRESH_REUSE_GRACE: variable(durationSeconds, '30s'),
  GENERATION_LIMIT_PER_HOUR: variable(wholeNumber(0, 1_000_000), '20'),
  AUTO_HIDE_REPORTS: variable(wholeNumber(1, 1_000_000), '5'),
  REPORTER_MIN_ACCOUNT_AGE_HOURS: variable(wholeNumber(0, 100_000), '24'),
  GENERATOR: variable(oneOf('template', 'openai'), 'template'),
  OPENAI_BASE_URL: optional(variable(url('http:', 'https:'))),
  OPENAI_API_KEY: optional(variable(text)),
  GENERATOR_MODEL: optional(variable(text)),
  GENERATOR_TOKEN_DELAY_MS: variable(wholeNumber(0, 1000), '15'),
  STREAMS_PER_MEMBER: variable(wholeNumber(1, 1000), '10'),
  STREAMS_PER_ADDRESS: variable(wholeNumber(1, 100_000), '50'),
  STREAM_HEARTBEAT: variable(durationSeconds, '25s'),
  STREAM_IDLE_TIMEOUT: variable(durationSeconds, '15m'),
  STREAM_RECHECK: variable(durationSeconds, '5s'),
  SERVE_SOURCE_MAPS: variable(boolean, 'false'),
  SMTP_URL: optional(variable(url('smtp:', 'smtps:'))),
  // smtp (the default when SMTP_URL is set) or outbox; unset without SMTP_URL: outbox on a local
  // PUBLIC_URL, a refusal to start elsewhere (config.ts, "production guards").
  MAIL_TRANSPORT: optional(variable(oneOf('smtp', 'outbox'))),
  MAIL_FROM: variable(text, 'no-reply@localhost'),
  REQUIRE_VERIFIED_SENDERS: variable(boolean, 'true'),
  DELIVERIES_PER_DAY: variable(wholeNumber(0, 1_000_000), '20'),
  DELIVERY_POLL_MS: variable(wholeNumber(50, 60_000), '5000'),
  DELIVERY_LEASE_MS: variable(wholeNumber(1000, 3_600_000), '120000'),
  DELIVERY_RETRY_BASE_MS: variable(wholeNumber(10, 86_400_000), '60000'),
  DELIVERY_MAX_ATTEMPTS: variable(wholeNumber(1, 50), '5'),
  // HH:MM in each member's own zone: when reminders of their people's dates come.
  REMINDER_TIME: variable(clockTime, '09:00'),
  // Group wishes (docs/groups.md): each "at most N" is checked and written in one step.
  GROUPS_PER_DAY: variable(wholeNumber(0, 1_000_000), '10'),
  GROUP_MAILS_PER_DAY: variable(wholeNumber(0, 1_000_000), '200'),
  GROUP_CONTRIBUTIONS_PER_IP_HOUR: variable(wholeNumber(0, 1_000_000), '20'),
  GROUP_MAX_CONTRIBUTIONS: variable(wholeNumber(1, 1_000_000), '500'),
  GROUP_SUGGEST_PER_IP_HOUR: variable(wholeNumber(0, 1_000_000), '10'),
  GROUP_SUGGEST_PER_GROUP_DAY: variable(wholeNumber(0, 1_000_000), '100'),
  SITE_NAME: optional(variable(text)),
  RATE_LIMIT_SCALE: variable(positiveNumber, '1'),
  SEARCH_LIMIT_PER_MINUTE: variable(wholeNumber(1, 1_000_000), '60'),
  SEARCH_TIMEOUT: variable(durationSeconds, '2s'),
  // Unset: on for a local PUBLIC_URL, off elsewhere or under NODE_ENV=production (config.ts).
  SEED_DEMO: optional(variable(boolean)),
  TRUST_PROXY: variable(trustProxyOf, 'false'),
  LOG_LEVEL: optional(variable(text)),
  REDIS_URL: optional(variable(url('redis:', 'rediss:'))),
  MEDIA_STORAGE: variable(oneOf('disk', 'postgres'), 'disk'),
  METRICS_TOKEN: optional(variable(atLeast(32))),
  METRICS_PORT: optional(variable(wholeNumber(0, 65535))),
  RELEASES_DIR: variable(text, './releases'),
  RELEASES_KEEP: variable(wholeNumber(1, 10_000), '20'),
  CARD_CACHE_MB: variable(wholeNumber(1, 1_000_000), '256'),
  RELEASE_MAX_BYTES: variable(wholeNumber(1024, 2_000_000_000), String(50 * 1024 * 1024)),
  RELEASE_MAX_FILES: variable(wholeNumber(1, 1_000_000), '2000'),
  CANARY_WINDOW_S: variable(wholeNumber(1, 7 * 86_400), '300'),
  CANARY_MAX_ERROR_RATE: variable(fraction, '0.05'),
  CANARY_MIN_ERRORS: variable(wholeNumber(1, 1_000_000), '3'),
  CARD_RENDERS_PER_IP_MINUTE: variable(wholeNumber(1, 1_000_000), '20'),
  SAVES_PER_HOUR: variable(wholeNumber(1, 1_000_000), '120'),
  REPLIES_PER_HOUR: variable(wholeNumber(1, 1_000_000), '30'),
  WISHES_SITE_ROOT: variable(text, '.'),
  WISHES_FEED_CACHE_MS: variable(wholeNumber(0, 3_600_000), '1000'),
  WISHES_SESSION_CACHE_MS: variable(wholeNumber(0, 3_600_000), '10000'),
  NODE_ENV: optional(variable(text)),
  // Developing inside the real site (docs/teams.md "Develop inside the real site").
  REMOTE_OVERRIDES: variable(boolean, 'false'),
  REMOTE_OVERRIDE_ORIGINS: variable(originPatterns, DEFAULT_REMOTE_OVERRIDE_ORIGINS.join(',')),
});

export type Env = StaticDecode<typeof ENV_SCHEMA>;

/**
 * Decodes `env` through ENV_SCHEMA: blank values count as unset, defaults fill the gaps, and the
 * first bad value throws a one-line ConfigError that names its variable.
 */
export function readEnv(env: Record<string, string | undefined>): Env {
  const input: Record<string, string> = {};
  for (const key of Object.keys(ENV_SCHEMA.properties)) {
    const value = env[key]?.trim();
    if (value) input[key] = value;
  }
  try {
    return Value.Decode(ENV_SCHEMA, Value.Default(ENV_SCHEMA, input));
  } catch (error) {
    if (error instanceof TransformDecodeError && error.error instanceof ConfigError) {
      throw new ConfigError(`${error.path.replace(/^\//, '')} ${error.error.message}`);
    }
    throw error;
  }
}
