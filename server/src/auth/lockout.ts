/**
 * Throttles for guessing passwords and spamming reset mails that an attacker cannot turn against
 * the account's owner. A plain per-email limit could (probe: 25 wrong logins from anywhere locked
 * the owner out for 5 minutes; 5 reset requests blocked the owner's resets for 30).
 *
 * - Per (email, address) pair: after `freeAttempts` counted attempts, each further one must wait
 *   an exponentially growing delay (1 s, 2 s, 4 s, ... up to `maxDelayMs`). Guessing from one
 *   address slows to a crawl; the owner at another address is untouched.
 * - Per email, a looser ceiling over all addresses (`emailCeiling` per `windowMs`) against
 *   guessing spread over many addresses. Even then, an address the owner signed in from
 *   successfully before (remembered `knownForMs`) is let through.
 *
 * `Lockout` keeps the state in process memory (entries bounded), for one process. In cluster mode
 * (REDIS_URL) `RedisLockout` keeps the same counts in Redis, so they hold across every process;
 * the routes use either through `LockoutCounter` (`createLockout`).
 */
import type { Redis } from 'ioredis';
import { HttpError } from '../platform/errors';
import { UNAVAILABLE } from '../platform/ratelimit';
import type { ClusterLink } from '../cluster/shared-state';

/** A Redis failure as a 503 the client may retry (never a 500, never a pass without counting). */
async function orUnavailable<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch {
    throw new HttpError(503, UNAVAILABLE, undefined, { 'Retry-After': '1' });
  }
}

export interface LockoutRule {
  /** Counted attempts per (email, address) allowed before the delay starts. */
  freeAttempts: number;
  /** The first delay; each further attempt doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Counted attempts per email, from all addresses, in `windowMs`. */
  emailCeiling: number;
  /** A pair's or email's count is forgotten this long after its last counted attempt. */
  windowMs: number;
  /** How long a successful sign-in from an address exempts that pair from the email ceiling. */
  knownForMs: number;
}

interface Counter {
  count: number;
  last: number;
  blockedUntil: number;
}

const MAX_ENTRIES = 100_000;

function remember<V>(map: Map<string, V>, key: string, value: V) {
  map.delete(key);
  if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/** The lockout as the routes use it, wherever its counts live. */
export interface LockoutCounter {
  retryAfterSeconds(email: string, address: string): Promise<number>;
  count(email: string, address: string): Promise<void>;
  succeeded(email: string, address: string): Promise<void>;
}

export class Lockout {
  private readonly pairs = new Map<string, Counter>();
  private readonly emails = new Map<string, Counter>();
  private readonly known = new Map<string, number>();

  constructor(
    private readonly rule: LockoutRule,
    /** The clock (tests move it). */
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait before this attempt is allowed, or 0 when it may go ahead. */
  retryAfterSeconds(email: string, address: string): number {
    const now = this.now();
    const pair = this.live(this.pairs, pairKey(email, address), now);
    let until = pair?.blockedUntil ?? 0;
    const perEmail = this.live(this.emails, email, now);
    if (perEmail && perEmail.count >= this.rule.emailCeiling && !this.isKnown(email, address, now)) until = Math.max(until, perEmail.last + this.rule.windowMs);
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  /** Counts one attempt (a wrong password, a reset request) for the pair and the email. */
  count(email: string, address: string): void {
    const now = this.now();
    const key = pairKey(email, address);
    const pair = this.live(this.pairs, key, now) ?? { count: 0, last: now, blockedUntil: 0 };
    pair.count++;
    pair.last = now;
    if (pair.count >= this.rule.freeAttempts) {
      const delay = Math.min(this.rule.maxDelayMs, this.rule.baseDelayMs * 2 ** Math.min(30, pair.count - this.rule.freeAttempts));
      pair.blockedUntil = now + delay;
    }
    remember(this.pairs, key, pair);
    const perEmail = this.live(this.emails, email, now) ?? { count: 0, last: now, blockedUntil: 0 };
    perEmail.count++;
    perEmail.last = now;
    remember(this.emails, email, perEmail);
  }

  /** A successful sign-in: the pair starts afresh and is exempt from the email ceiling for a while. */
  succeeded(email: string, address: string): void {
    const key = pairKey(email, address);
    this.pairs.delete(key);
    remember(this.known, key, this.now());
  }

  private isKnown(email: string, address: string, now: number): boolean {
    const at = this.known.get(pairKey(email, address));
    return at !== undefined && now - at <= this.rule.knownForMs;
  }

  private live(map: Map<string, Counter>, key: string, now: number): Counter | undefined {
    const entry = map.get(key);
    if (entry && now - entry.last > this.rule.windowMs && now >= entry.blockedUntil) {
      map.delete(key);
      return undefined;
    }
    return entry;
  }
}

const pairKey = (email: string, address: string) => `${email}\u0000${address}`;

const MINUTE = 60_000;

/** Wrong passwords: 5 free per pair, then 1 s doubling to 15 min; 100 per email per 15 min. */
export const LOGIN_LOCKOUT: LockoutRule = {
  freeAttempts: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * MINUTE,
  emailCeiling: 100,
  windowMs: 15 * MINUTE,
  knownForMs: 30 * 24 * 60 * MINUTE,
};

/** Reset mails: 3 free per pair, then 1 min doubling to 30 min; 20 per email per hour (the mailbox's flood bound). */
export const RESET_LOCKOUT: LockoutRule = {
  freeAttempts: 3,
  baseDelayMs: MINUTE,
  maxDelayMs: 30 * MINUTE,
  emailCeiling: 20,
  windowMs: 60 * MINUTE,
  knownForMs: 30 * 24 * 60 * MINUTE,
};

/** A rule with its counts multiplied by RATE_LIMIT_SCALE (as every other throttle is). */
export function scaleRule(rule: LockoutRule, scale: number): LockoutRule {
  return { ...rule, freeAttempts: Math.max(1, Math.round(rule.freeAttempts * scale)), emailCeiling: Math.max(1, Math.round(rule.emailCeiling * scale)) };
}

/** An in-memory Lockout behind the async interface. */
function inMemory(lockout: Lockout): LockoutCounter {
  return {
    retryAfterSeconds: async (email, address) => lockout.retryAfterSeconds(email, address),
    count: async (email, address) => lockout.count(email, address),
    succeeded: async (email, address) => lockout.succeeded(email, address),
  };
}

/**
 * One counted attempt, atomically. KEYS: pair count, pair block, email count.
 * ARGV: freeAttempts, baseDelayMs, maxDelayMs, windowMs. A block is a key whose time to live is
 * the delay, so no clock is compared: every process reads the same PTTL.
 */
const COUNT_SCRIPT = `
local free = tonumber(ARGV[1])
local base = tonumber(ARGV[2])
local maxDelay = tonumber(ARGV[3])
local window = tonumber(ARGV[4])
local count = redis.call('INCR', KEYS[1])
local keep = window
if count >= free then
  local delay = math.min(maxDelay, base * 2 ^ math.min(30, count - free))
  redis.call('SET', KEYS[2], '1', 'PX', delay)
  keep = math.max(window, delay)
end
redis.call('PEXPIRE', KEYS[1], keep)
redis.call('INCR', KEYS[3])
redis.call('PEXPIRE', KEYS[3], window)
return count
`;

/** Lockout counts in Redis, shared by every process (cluster mode). Same rule, same answers as `Lockout`. */
export class RedisLockout implements LockoutCounter {
  constructor(
    private readonly redis: Redis,
    /** Keeps the login and reset counts apart. */
    private readonly name: string,
    private readonly rule: LockoutRule,
  ) {}

  private keys(email: string, address: string) {
    const prefix = `wishes:lockout:${this.name}:`;
    const pair = pairKey(email, address);
    return { pair: `${prefix}pair:${pair}`, block: `${prefix}block:${pair}`, email: `${prefix}email:${email}`, known: `${prefix}known:${pair}` };
  }

  async retryAfterSeconds(email: string, address: string): Promise<number> {
    const keys = this.keys(email, address);
    const replies = await orUnavailable(this.redis.multi().pttl(keys.block).get(keys.email).pttl(keys.email).exists(keys.known).exec());
    const [blockTtl, emailCount, emailTtl, known] = (replies ?? []).map(([error, value]) => {
      if (error) throw error;
      return value;
    });
    let waitMs = Math.max(0, Number(blockTtl));
    if (Number(emailCount ?? 0) >= this.rule.emailCeiling && Number(known) === 0) waitMs = Math.max(waitMs, Number(emailTtl));
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
  }

  async count(email: string, address: string): Promise<void> {
    const keys = this.keys(email, address);
    await orUnavailable(this.redis.eval(COUNT_SCRIPT, 3, keys.pair, keys.block, keys.email, this.rule.freeAttempts, this.rule.baseDelayMs, this.rule.maxDelayMs, this.rule.windowMs));
  }

  async succeeded(email: string, address: string): Promise<void> {
    const keys = this.keys(email, address);
    await orUnavailable(this.redis.multi().del(keys.pair, keys.block).set(keys.known, '1', 'PX', this.rule.knownForMs).exec());
  }
}

/**
 * The lockout for `rule`: in Redis when the processes share one (cluster mode), else in memory.
 * In cluster mode a Redis that is away (not connected, or failing a call) is stood in for by this
 * process's own memory until it returns: sign-in goes on, with lockouts per process meanwhile.
 */
export function createLockout(name: string, rule: LockoutRule, cluster?: Pick<ClusterLink, 'redis' | 'available'>): LockoutCounter {
  if (!cluster) return inMemory(new Lockout(rule));
  const shared = new RedisLockout(cluster.redis, name, rule);
  const local = inMemory(new Lockout(rule));
  const either =
    <A extends unknown[], R>(method: (counter: LockoutCounter, ...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      // available(), not just a connected socket: a Redis that hangs keeps its connection open.
      if (!cluster.available()) return method(local, ...args);
      try {
        return await method(shared, ...args);
      } catch {
        return method(local, ...args);
      }
    };
  return {
    retryAfterSeconds: either((c, email: string, address: string) => c.retryAfterSeconds(email, address)),
    count: either((c, email: string, address: string) => c.count(email, address)),
    succeeded: either((c, email: string, address: string) => c.succeeded(email, address)),
  };
}
