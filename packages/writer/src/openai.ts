import OpenAI from 'openai';
import type { DraftLength, GenerateRequest, ImproveInstruction } from '@wishes/kit-contract/api';
import { LIMITS } from '@wishes/kit-contract/constants';
import { GeneratorUnavailableError } from './errors';
import type { ChatTurn, ChatTurnResult, WishGenerator } from './provider';

export interface OpenAIGeneratorOptions {
  baseURL?: string;
  apiKey?: string;
  model?: string;
  timeoutMs: number;
}

export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';

/** Words asked of the model per length setting (the offline generator's drafts are about the same). */
export const LENGTH_WORDS: Record<DraftLength, string> = { short: '20 to 45', medium: '45 to 90', long: '100 to 180' };

const systemPrompt = (length: DraftLength) =>
  [
    'You write personal wishes that people send to someone they know.',
    `Write one wish of ${LENGTH_WORDS[length]} words in the requested style, for the requested audience and occasion.`,
    "Address the person by the given name and as \"you\"; weave the sender's details into the text in the second person and the right tense, never copy them verbatim; write in the language of the details.",
    'Reply with the wish text only: no title, no preamble, no quotation marks, no placeholders, no hashtags.',
  ].join(' ');

const REPLY_ONLY = 'Reply with the rewritten wish only: no preamble, no quotation marks, no comments.';

/** What each "improve" instruction asks of the model. */
export const IMPROVE_PROMPTS: Record<ImproveInstruction, string> = {
  warmer: 'Rewrite this wish so it sounds warmer and more affectionate, keeping its facts and its language.',
  shorter: 'Rewrite this wish about half as long, keeping the greeting, the most personal parts and its language.',
  funnier: 'Rewrite this wish so it is funnier, with a light, kind joke, keeping its facts and its language.',
  'more formal': 'Rewrite this wish in a more formal register, without contractions or slang, keeping its facts and its language.',
};

export function improveMessages(text: string, instruction: ImproveInstruction): OpenAI.Chat.ChatCompletionMessageParam[] {
  return [
    { role: 'system', content: `You edit personal wishes. ${IMPROVE_PROMPTS[instruction]} ${REPLY_ONLY}` },
    { role: 'user', content: text },
  ];
}

export function buildMessages(request: GenerateRequest): OpenAI.Chat.ChatCompletionMessageParam[] {
  const user = [
    `Style: ${request.style.trim()}`,
    `Audience (who the person is to the sender): ${request.audience.trim()}`,
    `Name: ${request.name.trim()}`,
    `Occasion: ${request.topic.trim()}`,
    `Details from the sender: ${request.details.trim()}`,
  ].join('\n');
  return [
    { role: 'system', content: systemPrompt(request.length ?? 'medium') },
    { role: 'user', content: user },
  ];
}

const CHAT_SYSTEM = [
  'You help a person refine a personal wish they will send to someone they know, one instruction at a time.',
  'Follow the instruction on the current wish, keeping its language and everything the instruction does not ask to change.',
  'Answer with one short sentence to the person saying what you changed (or why you could not), then a line with only ---, then the whole new wish and nothing else.',
].join(' ');

/** Separates the assistant's comment from the new wish in a chat answer. */
const CHAT_SEPARATOR = /\n\s*-{3,}\s*\n/u;

/** The conversation so far as chat messages: the form, the earlier instructions and replies, then this one. */
export function chatMessages(turn: ChatTurn): OpenAI.Chat.ChatCompletionMessageParam[] {
  const [, form] = buildMessages(turn.settings);
  return [
    { role: 'system', content: CHAT_SYSTEM },
    form,
    ...turn.history.map((entry) => ({ role: entry.role, content: entry.text }) as OpenAI.Chat.ChatCompletionMessageParam),
    { role: 'user', content: `The current wish:\n${turn.text}\n\nInstruction: ${turn.message}` },
  ];
}

/** "Comment\n---\nWish" → both parts; an answer without the separator is all wish. */
export function parseChatAnswer(content: string): { reply: string; text: string } {
  const parts = content.split(CHAT_SEPARATOR);
  if (parts.length < 2) return { reply: 'Here is the new version.', text: cleanCompletion(content) };
  const reply = parts[0].replace(/\s+/g, ' ').trim().slice(0, 500) || 'Here is the new version.';
  return { reply, text: cleanCompletion(parts.slice(1).join('\n\n')) };
}

/** Models like to wrap the answer in quotes or leave stray whitespace; the editor wants plain text. */
export function cleanCompletion(text: string): string {
  let out = text.replace(/\r\n/g, '\n').trim();
  const quoted = /^["“](.*)["”]$/su.exec(out);
  if (quoted && !/["“”]/u.test(quoted[1])) out = quoted[1].trim();
  out = out.replace(/[ \t]+/g, ' ').replace(/\n{3,}/g, '\n\n');
  return out.length > LIMITS.wishTextMax ? out.slice(0, LIMITS.wishTextMax).trimEnd() : out;
}

/** OpenAI-compatible chat completions (OpenAI, Ollama, vLLM, llama.cpp server). */
export function createOpenAIGenerator(options: OpenAIGeneratorOptions): WishGenerator {
  const client = new OpenAI({
    baseURL: options.baseURL || undefined,
    // Local servers (Ollama, llama.cpp) need no key, but the SDK insists on one.
    apiKey: options.apiKey || 'not-needed',
    timeout: options.timeoutMs,
    // A person is waiting on the compose screen: fail fast instead of retrying for minutes.
    maxRetries: 0,
  });
  const model = options.model || DEFAULT_OPENAI_MODEL;

  /** Runs one call under our own deadline, which also covers a body that trickles in after the headers. */
  async function withDeadline<T>(signal: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
    try {
      return await run(combined);
    } catch (error) {
      throw classify(error);
    } finally {
      clearTimeout(timer);
    }
  }

  async function completeRaw(messages: OpenAI.Chat.ChatCompletionMessageParam[], signal?: AbortSignal): Promise<string> {
    const completion = await withDeadline(signal, (s) =>
      client.chat.completions.create({ model, messages, temperature: 0.9, max_tokens: MAX_TOKENS }, { signal: s }),
    );
    const content = (completion as Partial<OpenAI.Chat.ChatCompletion> | undefined)?.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new GeneratorUnavailableError(502);
    return content;
  }

  async function complete(messages: OpenAI.Chat.ChatCompletionMessageParam[], signal?: AbortSignal): Promise<string> {
    const text = cleanCompletion(await completeRaw(messages, signal));
    if (!text) throw new GeneratorUnavailableError(502);
    return text;
  }

  return {
    generate: (request, signal) => complete(buildMessages(request), signal),
    improve: (text, instruction, signal) => complete(improveMessages(text, instruction), signal),
    async chat(turn, signal): Promise<ChatTurnResult> {
      const answer = parseChatAnswer(await completeRaw(chatMessages(turn), signal));
      if (!answer.text) throw new GeneratorUnavailableError(502);
      return { ...answer, changed: answer.text !== turn.text };
    },
    /**
     * Chat completions with `stream: true` (SSE from OpenAI, Ollama, vLLM and llama.cpp's server):
     * each content delta is passed on as it arrives. A stream that ends without a `finish_reason`
     * was cut, which is an error (the route keeps what arrived and spends no quota).
     */
    async *stream(request, signal) {
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
      const combined = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
      let sent = '';
      let finished = false;
      try {
        const stream = await client.chat.completions.create(
          { model, messages: buildMessages(request), temperature: 0.9, max_tokens: MAX_TOKENS, stream: true },
          { signal: combined },
        );
        for await (const chunk of stream) {
          const choice = chunk.choices?.[0];
          let piece = choice?.delta?.content ?? '';
          // Models open with whitespace or a quote the editor does not want.
          if (!sent) piece = piece.replace(/^\s+/u, '').replace(/^["“]/u, '');
          if (piece) {
            if (sent.length + piece.length > LIMITS.wishTextMax) piece = piece.slice(0, LIMITS.wishTextMax - sent.length);
            sent += piece;
            if (piece) yield piece;
          }
          if (choice?.finish_reason) finished = true;
        }
      } catch (error) {
        // Cut after some text arrived: say so plainly, the reader keeps that text.
        if (sent && !signal?.aborted) throw new GeneratorUnavailableError(502, STREAM_CUT, { cause: error });
        throw classify(error);
      } finally {
        clearTimeout(timer);
      }
      if (!finished && !signal?.aborted) throw new GeneratorUnavailableError(502, STREAM_CUT);
      if (!sent.trim()) throw new GeneratorUnavailableError(502);
    },
  };
}

/** Told to the reader when the model's stream stops half-way; what arrived stays in the editor. */
export const STREAM_CUT = 'The wish generator stopped before the draft was finished. What arrived is kept; please try again.';

const MAX_TOKENS = 500;

function classify(error: unknown): GeneratorUnavailableError {
  if (error instanceof GeneratorUnavailableError) return error;
  // Unreachable, timed out or cancelled: the service is unavailable.
  if (error instanceof OpenAI.APIConnectionError || error instanceof OpenAI.APIUserAbortError) {
    return new GeneratorUnavailableError(503, undefined, { cause: error });
  }
  if (error instanceof OpenAI.APIError) {
    // Overloaded or rate-limited upstream is temporary; anything else is a bad answer.
    const status = error.status;
    if (status === 429 || status === 503 || status === 504) return new GeneratorUnavailableError(503, undefined, { cause: error });
    return new GeneratorUnavailableError(502, undefined, { cause: error });
  }
  if (error instanceof Error && error.name === 'AbortError') return new GeneratorUnavailableError(503, undefined, { cause: error });
  // JSON parse failures and other surprises in the answer.
  return new GeneratorUnavailableError(502, undefined, { cause: error });
}
