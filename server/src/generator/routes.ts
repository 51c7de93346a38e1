/**
 * POST /api/base/generate_text/ (one draft or up to three variants), its streamed twin
 * /api/base/generate_text/stream/ (Server-Sent Events) and POST /api/base/improve_text/, all
 * within one per-user hourly quota: each call spends one unit, and only when it succeeds.
 */
import type { GenerateRequest } from '@wishes/kit-contract/api';
import { defineRoutes } from '../app/deps';
import { requireUser } from '../platform/auth';
import { HttpError } from '../platform/errors';
import { createEventStreams, streamLimits } from '../platform/event-stream';
import { sharedStreamSlots } from '../cluster/stream-slots';
import { onSessionsEnded } from '../auth/sessions';
import { GENERATOR_MESSAGES, piecesOf, type WishGenerator } from '@wishes/writer';
import { GENERATE_TEXT } from './schemas';
import { abortOnClientGone, cleanRequest, providerFailure, quotaFor } from './service';

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
  const streams = createEventStreams(app, 'generation', streamLimits(deps.config), (listener) => onSessionsEnded(deps.db, listener), sharedStreamSlots(deps));

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
        const stream = await streams.open(request, reply, { userId });

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
