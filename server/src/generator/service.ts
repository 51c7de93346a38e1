/**
 * What the generator's calls and the chats' calls share: cleaning a request, the hourly quota, a
 * provider failure as the client sees it, and stopping work when the client goes away.
 */
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { GenerateRequest, RateLimit } from '@wishes/kit-contract/api';
import type { AppDeps } from '../app/deps';
import { HttpError } from '../platform/errors';
import { GENERATOR_MESSAGES, GeneratorUnavailableError } from '@wishes/writer';
import { FIELD_MAX, GENERATE_FIELDS, GENERATE_TEXT } from './schemas';
import * as q from './queries';

/** Trims every field; all five are required and must not be blank (the schema already checked types). */
export function cleanRequest(body: GenerateRequest): GenerateRequest {
  const fields: Record<string, string> = {};
  const cleaned = {} as GenerateRequest;
  for (const field of GENERATE_FIELDS) {
    const value = typeof body[field] === 'string' ? body[field].trim() : '';
    if (!value) fields[field] = GENERATE_TEXT.required;
    else if (value.length > FIELD_MAX[field]) fields[field] = GENERATE_TEXT.tooLong(FIELD_MAX[field]);
    cleaned[field] = value;
  }
  const problems = Object.keys(fields);
  if (problems.length) {
    const blank = problems.filter((f) => fields[f] === GENERATE_TEXT.required);
    const message = blank.length ? GENERATE_TEXT.missing(blank) : `${problems[0]}: ${fields[problems[0]]}`;
    throw new HttpError(400, message, { fields });
  }
  if (body.length) cleaned.length = body.length;
  if (body.variants) cleaned.variants = body.variants;
  return cleaned;
}

/** A provider failure as the HTTP error the client sees (never the provider's own words). */
export function providerFailure(error: unknown, log: FastifyBaseLogger): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof GeneratorUnavailableError) {
    log.warn({ err: error.cause ?? error, status: error.status }, 'wish generator failed');
    return new HttpError(error.status, error.message);
  }
  log.error({ err: error }, 'wish generator crashed');
  return new HttpError(503, GENERATOR_MESSAGES.unavailable);
}

/** The hourly quota of one user: check before paying for a generation, spend after it succeeded. */
export function quotaFor(deps: AppDeps, userId: number) {
  const { db, dialect, config } = deps;
  const limit = config.generationLimitPerHour;
  const limitReached = (oldest: string | null) =>
    new HttpError(429, GENERATE_TEXT.limitReached(limit), { rate_limit: { limit, remaining: 0 } }, { 'Retry-After': String(q.retryAfterSeconds(oldest)) });
  return {
    limit,
    limitReached,
    /** Cheap check first, so a spent quota never reaches the provider. */
    async check(): Promise<void> {
      const before = await q.quotaUsage(db, userId);
      if (before.used >= limit) throw limitReached(before.oldest);
    },
    /** Records one unit; the re-check inside the transaction settles races between calls. */
    async spend(): Promise<RateLimit> {
      const recorded = await q.recordGeneration(db, dialect, userId, limit);
      if (!recorded.recorded) throw limitReached(recorded.oldest);
      return { limit, remaining: Math.max(0, limit - recorded.used) };
    },
  };
}

/** Aborts when the client goes away before the answer is complete, so nobody pays for unread text. */
export function abortOnClientGone(reply: FastifyReply) {
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableEnded) controller.abort();
  };
  reply.raw.once('close', onClose);
  return { signal: controller.signal, done: () => reply.raw.removeListener('close', onClose) };
}
