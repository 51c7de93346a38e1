/**
 * A chat per wish (docs/product.md): POST /api/base/chats/ starts one from the compose form,
 * POST /api/base/chats/{id}/messages/ follows one instruction, GET /api/base/chats/{id}/ and
 * GET /api/base/wish/{id}/chat/ read it back. Signed in (401 for visitors); a chat is private to its
 * author: for everyone else it does not exist (404, the same answer as a missing one).
 * Generations share the hourly quota of generate_text: a call that writes text spends one unit;
 * starting from the editor's text, or an instruction the generator cannot follow, spends nothing.
 */
import { CHAT_LIMITS, type ChatSettings, type RateLimit } from '@wishes/kit-contract/api';
import { defineRoutes } from '../app/deps';
import { requireUser } from '../platform/auth';
import { HttpError } from '../platform/errors';
import { parseId } from '../platform/params';
import { abortOnClientGone, cleanRequest, providerFailure, quotaFor } from '../generator/service';
import { GENERATOR_MESSAGES, followOffline, type ChatTurnResult } from '@wishes/writer';
import { GENERATE_TEXT } from '../generator/schemas';
import { quotaUsage } from '../generator/queries';
import * as q from './queries';
import { CHAT_TEXT } from './service';

export default defineRoutes((_app, deps) => {
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




  return {
    createChat: {
      handler: async (request, reply) => {
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
        const chatId = await q.createChat(db, userId, settings, text, deps.dialect);
        return reply.code(201).send({ chat_id: chatId, text, rate_limit });
      },
    },

    getChat: {
      handler: async (request) => q.chatView(db, await ownChat(request.params.id, requireUser(request))),
    },

    postChatMessage: {
      handler: async (request, reply) => {
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
          result = generator.chat ? await generator.chat(turn, client.signal) : followOffline(current, message, chat.settings.name, Math.random, chat.settings);
        } catch (error) {
          throw providerFailure(error, request.log);
        } finally {
          client.done();
        }
        if (!result || typeof result.text !== 'string' || !result.text.trim() || typeof result.reply !== 'string') throw new HttpError(502, GENERATOR_MESSAGES.badResponse);

        const changed = result.changed && result.text !== current;
        // The count checked above may have been passed by a concurrent turn: recordTurn checks it
        // again atomically with the insert, and only a stored turn spends the quota.
        const stored = await q.recordTurn(db, chat.id, { editedText, message, reply: result.reply, newText: changed ? result.text : null });
        if (!stored) throw new HttpError(409, CHAT_TEXT.tooMany);
        const rate_limit = changed ? await quota.spend() : await currentQuota(userId);
        return { reply: result.reply, text: changed ? result.text : current, rate_limit };
      },
    },

    getWishChat: {
      handler: async (request) => {
        const userId = requireUser(request);
        const wishId = parseId(request.params.id, CHAT_TEXT.notFound);
        const chat = await q.findOwnWishChat(db, wishId, userId);
        if (!chat) throw new HttpError(404, CHAT_TEXT.notFound);
        return q.chatView(db, chat);
      },
    },
  };
});
