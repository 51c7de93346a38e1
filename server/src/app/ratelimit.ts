/**
 * Throttles built on @fastify/rate-limit's stores. A route can stack several (login is limited per
 * IP and per email), which the plugin's own per-route hook cannot do, so each limiter here is a
 * preHandler that throws our 429 JSON with Retry-After. Every max is multiplied by RATE_LIMIT_SCALE.
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

export function rateLimiter(app: FastifyInstance, scale: number, rule: LimitRule) {
  const max = Math.max(1, Math.round(rule.max * scale));
  const check = app.createRateLimit({ max, timeWindow: rule.windowMs, keyGenerator: (req) => rule.key(req) ?? '' });
  return async function rateLimitPreHandler(request: FastifyRequest) {
    if (rule.key(request) === null) return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      const retryAfter = String(Math.max(1, result.ttlInSeconds));
      throw new HttpError(429, TOO_MANY, undefined, { 'Retry-After': retryAfter });
    }
  };
}

export const byIp = (request: FastifyRequest) => `ip:${request.ip}`;

export const MINUTE = 60_000;
