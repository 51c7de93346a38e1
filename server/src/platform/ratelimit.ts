/**
 * Throttles built on @fastify/rate-limit's stores. A route can stack several (login is limited per
 * IP and per email), which the plugin's own per-route hook cannot do, so each limiter here is a
 * preHandler that throws our 429 JSON with Retry-After. Every max is multiplied by RATE_LIMIT_SCALE.
 *
 * In cluster mode (REDIS_URL) the plugin's Redis store keeps the counts, so a limit holds across
 * every process (app/app.ts). That store names a limiter's keys by route, and a limiter made here
 * has none, so each rule prefixes its keys with its place in the registration order: the same
 * code registers the same rules in the same order in every process. One rule object given to
 * several routes (both search routes) is one limiter, so one budget, in either store.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

export interface LimitRule {
  /** Requests allowed per window before RATE_LIMIT_SCALE. */
  max: number;
  windowMs: number;
  /** Key for this request; null skips the limiter (e.g. no email in the body). */
  key: (request: FastifyRequest) => string | null;
}

export const TOO_MANY = 'Too many requests. Please try again later.';

export const UNAVAILABLE = 'Service temporarily unavailable. Please try again.';

type RateLimitPreHandler = (request: FastifyRequest) => Promise<void>;

/**
 * Limiters made so far per app (keyed by its createRateLimit decorator, shared by every plugin
 * context), one per rule object: each createRateLimit call counts in a store of its own, so a rule
 * given to several routes (both search routes) must be one limiter to be one budget.
 */
const limiters = new WeakMap<object, { next: number; byRule: WeakMap<LimitRule, RateLimitPreHandler> }>();

/**
 * A fixed-window count in process memory: what a limiter counts in while the shared store (Redis,
 * cluster mode) is unreachable, so the site goes on answering with limits per process meanwhile.
 * Bounded: past MAX_KEYS the oldest windows are dropped.
 */
export class LocalWindows {
  private static readonly MAX_KEYS = 50_000;
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  /** Counts one hit; the seconds to wait when it is over `max`, else 0. */
  hit(key: string, max: number, windowMs: number, now = Date.now()): number {
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      if (entry) this.windows.delete(key);
      entry = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, entry);
      if (this.windows.size > LocalWindows.MAX_KEYS) this.windows.delete(this.windows.keys().next().value!);
    }
    entry.count += 1;
    return entry.count > max ? Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) : 0;
  }
}

export function rateLimiter(app: FastifyInstance, scale: number, rule: LimitRule): RateLimitPreHandler {
  let made = limiters.get(app.createRateLimit);
  if (!made) limiters.set(app.createRateLimit, (made = { next: 0, byRule: new WeakMap() }));
  const known = made.byRule.get(rule);
  if (known) return known;
  const ordinal = ++made.next;
  const max = Math.max(1, Math.round(rule.max * scale));
  const check = app.createRateLimit({ max, timeWindow: rule.windowMs, keyGenerator: (req) => `L${ordinal}:${rule.key(req) ?? ''}` });
  const local = new LocalWindows();
  const countLocally = (request: FastifyRequest) => {
    const wait = local.hit(rule.key(request) ?? '', max, rule.windowMs);
    if (wait > 0) throw new HttpError(429, TOO_MANY, undefined, { 'Retry-After': String(wait) });
  };
  const preHandler = async function rateLimitPreHandler(request: FastifyRequest) {
    if (rule.key(request) === null) return;
    // Cluster mode with Redis away: count in this process (never let a request through uncounted).
    const cluster = app.deps?.cluster;
    if (cluster && !cluster.available()) return countLocally(request);
    let result;
    try {
      result = await check(request);
    } catch (error) {
      if (cluster) return countLocally(request); // Redis failed under this very request
      request.log.error({ err: error }, 'rate-limit store unavailable');
      throw new HttpError(503, UNAVAILABLE, undefined, { 'Retry-After': '1' });
    }
    if (!result.isAllowed && result.isExceeded) {
      const retryAfter = String(Math.max(1, result.ttlInSeconds));
      throw new HttpError(429, TOO_MANY, undefined, { 'Retry-After': retryAfter });
    }
  };
  made.byRule.set(rule, preHandler);
  return preHandler;
}

export const byIp = (request: FastifyRequest) => `ip:${request.ip}`;

export const MINUTE = 60_000;

export const HOUR = 3_600_000;
