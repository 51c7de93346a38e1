/**
 * POST /api/base/generate_text/ (one draft or up to three variants), its streamed twin
 * /api/base/generate_text/stream/ (Server-Sent Events) and POST /api/base/improve_text/, all
 * within one per-user hourly quota: each call spends one unit, and only when it succeeds.
 */
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { GenerateRequest, RateLimit } from '@wishes/shared/contract';
import type { AppDeps } from '../app/deps';
import { defineRoutes } from '../app/operations';
import { requireUser } from '../app/auth';
import { HttpError } from '../app/errors';
import { createEventStreams, streamLimits } from '../app/event-stream';
import { onSessionsEnded } from '../auth/sessions';
import { GENERATOR_MESSAGES, GeneratorUnavailableError } from './errors';
import { piecesOf, type WishGenerator } from './provider';
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

async function draftsFor(generator: WishGenerator, input: GenerateRequest, count: number, signal: AbortSignal): Promise<string[]> {
  if (count === 1) return [await generator.generate(input, signal)];
  if (generator.variants) return generator.variants(input, count, signal);
  return Promise.all(Array.from({ length: count }, () => generator.generate(input, signal)));
}

/** The provider's pieces, or the whole text in word-sized pieces when it cannot stream. */
async function* piecesFrom(generator: WishGenerator, input: GenerateRequest, signal: AbortSignal): AsyncGenerator<string> {
  if (generator.stream) {
    yield* generator.stream(input, signal);
    return;
  }
  yield* piecesOf(await generator.generate(input, signal));
}


export default defineRoutes((app, deps) => {
  const { generator } = deps;
  // Streamed generations: bounded per member and address, ended with the member's sessions.
  const streams = createEventStreams(app, 'generation', streamLimits(deps.config), (listener) => onSessionsEnded(deps.db, listener));

  return {
    generateText: {
      handler: async (request, reply) => {
        const userId = requireUser(request);
        const input = cleanRequest(request.body);
        const count = input.variants ?? 1;
        const quota = quotaFor(deps, userId);
        await quota.check();

        const client = abortOnClientGone(reply);
        let drafts: string[];
        try {
          drafts = await draftsFor(generator, input, count, client.signal);
        } catch (error) {
          throw providerFailure(error, request.log);
        } finally {
          client.done();
        }
        if (drafts.length !== count || drafts.some((d) => typeof d !== 'string' || !d.trim())) throw new HttpError(502, GENERATOR_MESSAGES.badResponse);

        const rate_limit = await quota.spend();
        return count > 1 ? { text: drafts[0], variants: drafts, rate_limit } : { text: drafts[0], rate_limit };
      },
    },

    streamGeneratedText: {
      handler: async (request, reply) => {
        const userId = requireUser(request);
        const input = cleanRequest(request.body);
        const quota = quotaFor(deps, userId);
        await quota.check();
        // A slot among the member's (and the address's) open streams, or 429 before any work.
        const stream = streams.open(request, reply, { userId });

        const pieces = piecesFrom(generator, input, stream.signal)[Symbol.asyncIterator]();
        // Wait for the first piece: until then a failure can still be a plain HTTP status.
        let first: IteratorResult<string>;
        try {
          first = await pieces.next();
        } catch (error) {
          stream.end();
          throw providerFailure(error, request.log);
        }
        if (first.done || !first.value.trim()) {
          stream.end();
          throw new HttpError(502, GENERATOR_MESSAGES.badResponse);
        }

        stream.start();
        let text = first.value;
        stream.send('token', { text: first.value });
        try {
          for (let next = await pieces.next(); !next.done; next = await pieces.next()) {
            text += next.value;
            stream.send('token', { text: next.value });
          }
          if (stream.ended) {
            // Stopped by the reader (or the session ended): what arrived is theirs, and it counts as the one generation.
            await quota.spend().catch(() => undefined);
            return;
          }
          const rate_limit = await quota.spend();
          stream.send('done', { text, rate_limit });
        } catch (error) {
          if (stream.ended) {
            await quota.spend().catch(() => undefined);
            return;
          }
          const failure = providerFailure(error, request.log);
          // A cut stream spends nothing: the reader keeps the pieces and may try again.
          stream.send('error', { error: failure.message, status: failure.status, ...(failure.extra ?? {}) });
        } finally {
          stream.end();
        }
      },
    },

    improveText: {
      handler: async (request, reply) => {
        const userId = requireUser(request);
        const text = request.body.text.trim();
        if (!text) throw new HttpError(400, GENERATE_TEXT.missing(['text']), { fields: { text: GENERATE_TEXT.required } });
        if (!generator.improve) throw new HttpError(503, GENERATOR_MESSAGES.unavailable);
        const quota = quotaFor(deps, userId);
        await quota.check();

        const client = abortOnClientGone(reply);
        let improved: string;
        try {
          improved = await generator.improve(text, request.body.instruction, client.signal);
        } catch (error) {
          throw providerFailure(error, request.log);
        } finally {
          client.done();
        }
        if (typeof improved !== 'string' || !improved.trim()) throw new HttpError(502, GENERATOR_MESSAGES.badResponse);
        const rate_limit = await quota.spend();
        return { text: improved, rate_limit };
      },
    },
  };
});
