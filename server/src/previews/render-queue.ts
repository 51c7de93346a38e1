/**
 * What a card render may cost the site (docs/security.md → "Card renders"): each render is
 * 0.25-0.8 s of CPU, so renders run through one bounded queue per process (a few at once in
 * libvips' threads, never on the event loop; a full queue answers 503 with Retry-After instead of
 * stalling every other request), and each client address may start at most
 * CARD_RENDERS_PER_IP_MINUTE renders (× RATE_LIMIT_SCALE) a minute. A card already drawn is served
 * from the card cache (card.ts) and counts nothing. The layout lives in card.ts; this file only
 * decides whether and when a render runs.
 */
import pLimit from 'p-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../platform/errors';
import { MINUTE, rateLimiter, type LimitRule } from '../platform/ratelimit';

export const RENDER_QUEUE_FULL = 'Too many cards are being drawn right now. Please try again in a moment.';
/** Seconds a client is asked to wait when the queue is full (a render takes under a second). */
const QUEUE_RETRY_AFTER_S = 2;

export interface RenderQueue {
  /**
   * Runs `task` when a slot frees. A visitor's render (`refuse`) is a 503 (Retry-After) at once
   * when `waiting` renders already wait; the site's own (a mail's card) waits its turn.
   */
  run<T>(task: () => Promise<T>, refuse?: boolean): Promise<T>;
  /** Renders running and waiting (metrics, tests). */
  size(): { active: number; waiting: number };
}

export function createRenderQueue(limits: { concurrency: number; waiting: number }): RenderQueue {
  const limit = pLimit(Math.max(1, limits.concurrency));
  return {
    run(task, refuse = true) {
      // pendingCount holds a task from the call until it starts: the bound is exact.
      if (refuse && limit.activeCount + limit.pendingCount >= limits.concurrency + limits.waiting) {
        return Promise.reject(new HttpError(503, RENDER_QUEUE_FULL, undefined, { 'Retry-After': String(QUEUE_RETRY_AFTER_S) }));
      }
      return limit(task);
    },
    size: () => ({ active: limit.activeCount, waiting: limit.pendingCount }),
  };
}

const queues = new Map<string, RenderQueue>();
/** One queue per card folder (the card cache's): every area drawing cards shares it. */
export function renderQueueFor(dir: string, limits: { concurrency: number; waiting: number }): RenderQueue {
  let queue = queues.get(dir);
  if (!queue) queues.set(dir, (queue = createRenderQueue(limits)));
  return queue;
}

/** One rule per app (keyed by its deps, which every plugin context shares), so one budget. */
const renderRules = new WeakMap<object, LimitRule>();
/**
 * The per-address render throttle of `app` (one budget for every card route): call it only when
 * a render is about to start; it throws the 429 (Retry-After) past the limit.
 */
export function cardRenderThrottle(app: FastifyInstance, perMinute: number, scale: number): (request: FastifyRequest) => Promise<void> {
  let rule = renderRules.get(app.deps);
  if (!rule) renderRules.set(app.deps, (rule = { max: perMinute, windowMs: MINUTE, key: (request) => `card-render:${request.ip}` }));
  return rateLimiter(app, scale, rule);
}
