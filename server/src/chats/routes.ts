/**
 * A chat per wish (api-v2.md → Generation): POST /api/base/chats/ starts one from the compose form,
 * POST /api/base/chats/{id}/messages/ follows one instruction, GET /api/base/chats/{id}/ and
 * GET /api/base/wish/{id}/chat/ read it back. Signed in (401 for visitors); a chat is private to its
 * author: for everyone else it does not exist (404, the same answer as a missing one).
 * Generations share the hourly quota of generate_text: a call that writes text spends one unit;
 * starting from the editor's text, or an instruction the generator cannot follow, spends nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CHAT_LIMITS,
  ChatMessageRequestSchema,
  ChatMessageResponseSchema,
  ChatSchema,
  CreateChatRequestSchema,
  CreateChatResponseSchema,
  IdParamSchema,
  type ChatSettings,
  type RateLimit,
} from '@wishes/shared/contract';
import type { AppDeps } from '../app/deps';
import { requireUser } from '../app/auth';
import { HttpError } from '../app/errors';
import { parseId } from '../app/params';
import { abortOnClientGone, cleanRequest, providerFailure, quotaFor } from '../generator/routes';
import { GENERATOR_MESSAGES } from '../generator/errors';
import { GENERATE_TEXT } from '../generator/schemas';
import { quotaUsage } from '../generator/queries';
import { followOffline, type ChatTurnResult } from './instructions';
import * as q from './queries';

export const CHAT_TEXT = {
  notFound: 'Chat not found.',
  tooMany: `This chat has reached its limit of ${CHAT_LIMITS.instructionsMax} instructions. Save the wish, or start a new draft for a new chat.`,
  alreadyKept: 'This chat is already kept with another wish.',
} as const;

export default async function chatRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, generator } = deps;

  /** The quota as it stands, for calls that spend nothing. */
  const currentQuota = async (userId: number): Promise<RateLimit> => {
    const limit = deps.config.generationLimitPerHour;
    const { used } = await quotaUsage(db, userId);
    return { limit, remaining: Math.max(0, limit - used) };
  };

  const ownChat = async (rawId: string, userId: number) => {
    const id = parseId(rawId, CHAT_TEXT.notFound);
    const chat = await q.findOwnChat(db, id, userId);
    if (!chat) throw new HttpError(404, CHAT_TEXT.notFound);
    return chat;
  };

  app.post(
    '/api/base/chats/',
    {
      schema: {
        tags: ['generator'],
        summary: 'Start the chat of a draft',
        description:
          'The compose form (as generate_text, plus an optional `length`). Writes the first draft and spends one unit of the hourly quota; ' +
          'with `text` (a draft already in the editor) the chat starts from that text instead and nothing is spent. ' +
          `The author keeps the newest ${CHAT_LIMITS.draftChatsKept} chats not saved with a wish.`,
        security: [{ bearer: [] }],
        body: CreateChatRequestSchema,
        response: { 201: CreateChatResponseSchema },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const userId = requireUser(request);
      const { text: given, length, ...form } = request.body;
      const input = cleanRequest({ ...form, ...(length ? { length } : {}) });
      const settings: ChatSettings = { style: input.style, audience: input.audience, name: input.name, topic: input.topic, details: input.details, ...(length ? { length } : {}) };

      let text: string;
      let rate_limit: RateLimit;
      if (given !== undefined) {
        text = given.trim();
        if (!text) throw new HttpError(400, GENERATE_TEXT.missing(['text']), { fields: { text: GENERATE_TEXT.required } });
        rate_limit = await currentQuota(userId);
      } else {
        const quota = quotaFor(deps, userId);
        await quota.check();
        const client = abortOnClientGone(reply);
        try {
          text = await generator.generate(input, client.signal);
        } catch (error) {
          throw providerFailure(error, request.log);
        } finally {
          client.done();
        }
        if (typeof text !== 'string' || !text.trim()) throw new HttpError(502, GENERATOR_MESSAGES.badResponse);
        rate_limit = await quota.spend();
      }
      const chatId = await q.createChat(db, userId, settings, text);
      return reply.code(201).send({ chat_id: chatId, text, rate_limit });
    },
  );

  app.get(
    '/api/base/chats/:id/',
    {
      schema: {
        tags: ['generator'],
        summary: 'A chat: its settings, messages and versions (author only)',
        description: '404 for anyone but its author, as for a chat that does not exist.',
        security: [{ bearer: [] }],
        params: IdParamSchema,
        response: { 200: ChatSchema },
      },
      preHandler: app.authenticate,
    },
    async (request) => q.chatView(db, await ownChat(request.params.id, requireUser(request))),
  );

  app.post(
    '/api/base/chats/:id/messages/',
    {
      schema: {
        tags: ['generator'],
        summary: 'Ask the assistant to change the draft',
        description:
          `One instruction (at most ${CHAT_LIMITS.instructionsMax} per chat, then 409). \`text\` (optional) is the editor's current text when the author ` +
          'changed it by hand: it becomes a version first. Answers the new version and what the assistant says about it; one unit of the quota ' +
          'when the text changed. The offline generator follows a fixed set (README → The generator); anything else is 200 with the text unchanged ' +
          'and a reply that says so, spending nothing.',
        security: [{ bearer: [] }],
        params: IdParamSchema,
        body: ChatMessageRequestSchema,
        response: { 200: ChatMessageResponseSchema },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const userId = requireUser(request);
      const chat = await ownChat(request.params.id, userId);
      const message = request.body.message.replace(/\s+/g, ' ').trim();
      if (!message) throw new HttpError(400, GENERATE_TEXT.missing(['message']), { fields: { message: GENERATE_TEXT.required } });
      if ((await q.instructionCount(db, chat.id)) >= CHAT_LIMITS.instructionsMax) throw new HttpError(409, CHAT_TEXT.tooMany);

      const latest = await q.latestVersion(db, chat.id);
      const edited = request.body.text?.trim();
      const editedText = edited && edited !== latest ? edited : null;
      const current = editedText ?? latest;

      const quota = quotaFor(deps, userId);
      await quota.check();
      const turn = { settings: chat.settings, history: await q.history(db, chat.id), text: current, message };
      let result: ChatTurnResult;
      const client = abortOnClientGone(reply);
      try {
        result = generator.chat ? await generator.chat(turn, client.signal) : followOffline(current, message, chat.settings.name);
      } catch (error) {
        throw providerFailure(error, request.log);
      } finally {
        client.done();
      }
      if (!result || typeof result.text !== 'string' || !result.text.trim() || typeof result.reply !== 'string') throw new HttpError(502, GENERATOR_MESSAGES.badResponse);

      const changed = result.changed && result.text !== current;
      const rate_limit = changed ? await quota.spend() : await currentQuota(userId);
      await q.recordTurn(db, chat.id, { editedText, message, reply: result.reply, newText: changed ? result.text : null });
      return { reply: result.reply, text: changed ? result.text : current, rate_limit };
    },
  );

  app.get(
    '/api/base/wish/:id/chat/',
    {
      schema: {
        tags: ['generator'],
        summary: "The chat kept with a wish (the wish's author only)",
        description: '404 for anyone but the author (public wishes included), and when the wish has no chat.',
        security: [{ bearer: [] }],
        params: IdParamSchema,
        response: { 200: ChatSchema },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const userId = requireUser(request);
      const wishId = parseId(request.params.id, CHAT_TEXT.notFound);
      const chat = await q.findOwnWishChat(db, wishId, userId);
      if (!chat) throw new HttpError(404, CHAT_TEXT.notFound);
      return q.chatView(db, chat);
    },
  );
}
