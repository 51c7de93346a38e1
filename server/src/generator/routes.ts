/** POST /api/base/generate_text/: compose-form fields → wish text, within a per-user hourly quota. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { GenerateRequestSchema, GenerateResponseSchema, type GenerateRequest } from '@wishes/shared/contract';
import type { AppDeps } from '../app/deps';
import { requireUser } from '../app/auth';
import { HttpError } from '../app/errors';
import { GENERATOR_MESSAGES, GeneratorUnavailableError } from './errors';
import { FIELD_MAX, GENERATE_FIELDS, GENERATE_TEXT } from './schemas';
import * as q from './queries';

/** Trims every field; all five are required and must not be blank (the schema already checked types). */
function cleanRequest(body: GenerateRequest): GenerateRequest {
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
  return cleaned;
}

export default async function generatorRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, dialect, config, generator } = deps;

  const limitReached = (oldest: string | null) => {
    const limit = config.generationLimitPerHour;
    return new HttpError(
      429,
      GENERATE_TEXT.limitReached(limit),
      { rate_limit: { limit, remaining: 0 } },
      { 'Retry-After': String(q.retryAfterSeconds(oldest)) },
    );
  };

  app.post(
    '/api/base/generate_text/',
    {
      schema: {
        tags: ['generator'],
        security: [{ bearer: [] }],
        body: GenerateRequestSchema,
        response: { 200: GenerateResponseSchema },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const userId = requireUser(request);
      const input = cleanRequest(request.body);
      const limit = config.generationLimitPerHour;

      // Cheap check first, so a spent quota never reaches the provider.
      const before = await q.quotaUsage(db, userId);
      if (before.used >= limit) throw limitReached(before.oldest);

      // Stop paying for a generation nobody will read when the client goes away.
      const controller = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableEnded) controller.abort();
      };
      reply.raw.once('close', onClose);
      let text: string;
      try {
        text = await generator.generate(input, controller.signal);
      } catch (error) {
        if (error instanceof GeneratorUnavailableError) {
          request.log.warn({ err: error.cause ?? error, status: error.status }, 'wish generator failed');
          throw new HttpError(error.status, error.message);
        }
        request.log.error({ err: error }, 'wish generator crashed');
        throw new HttpError(503, GENERATOR_MESSAGES.unavailable);
      } finally {
        reply.raw.removeListener('close', onClose);
      }
      if (!text.trim()) throw new HttpError(502, GENERATOR_MESSAGES.badResponse);

      // Only a successful generation is counted; the re-check inside the transaction settles races.
      const recorded = await q.recordGeneration(db, dialect, userId, limit);
      if (!recorded.recorded) throw limitReached(recorded.oldest);
      return { text, rate_limit: { limit, remaining: Math.max(0, limit - recorded.used) } };
    },
  );
}
