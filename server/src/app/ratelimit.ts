/**
 * Throttles built on @fastify/rate-limit's stores. A route can stack several (login is limited per
 * IP and per email), which the plugin's own per-route hook cannot do, so each limiter here is a
 * preHandler that throws our 429 JSON with Retry-After. Every max is multiplied by RATE_LIMIT_SCALE.
 *
 * In cluster mode (REDIS_URL) the plugin's Redis store keeps the counts, so a limit holds across
 * every process (app/app.ts). That store names a limiter's keys by route, and a limiter made here
 * has none, so each limiter prefixes its keys with its place in the registration order: the same
 * code registers the same limiters in the same order in every process.
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

/** Limiters made so far per app (keyed by its createRateLimit decorator, shared by every plugin context). */
const limiterCounts = new WeakMap<object, number>();

export function rateLimiter(app: FastifyInstance, scale: number, rule: LimitRule) {
  const max = Math.max(1, Math.round(rule.max * scale));
  const ordinal = (limiterCounts.get(app.createRateLimit) ?? 0) + 1;
  limiterCounts.set(app.createRateLimit, ordinal);
  const check = app.createRateLimit({ max, timeWindow: rule.windowMs, keyGenerator: (req) => `L${ordinal}:${rule.key(req) ?? ''}` });
  return async function rateLimitPreHandler(request: FastifyRequest) {
    if (rule.key(request) === null) return;
    let result;
    try {
      result = await check(request);
    } catch (error) {
      // The shared counter store (Redis) is unreachable: refuse rather than let the request through unlimited.
      request.log.error({ err: error }, 'rate-limit store unavailable');
      throw new HttpError(503, UNAVAILABLE, undefined, { 'Retry-After': '1' });
    }
    if (!result.isAllowed && result.isExceeded) {
      const retryAfter = String(Math.max(1, result.ttlInSeconds));
      throw new HttpError(429, TOO_MANY, undefined, { 'Retry-After': retryAfter });
    }
  };
}

export const byIp = (request: FastifyRequest) => `ip:${request.ip}`;

export const MINUTE = 60_000;
