import OpenAI from 'openai';
import type { GenerateRequest } from '@wishes/shared/contract';
import { LIMITS } from '@wishes/shared/constants';
import { GeneratorUnavailableError } from './errors';
import type { WishGenerator } from './provider';

export interface OpenAIGeneratorOptions {
  baseURL?: string;
  apiKey?: string;
  model?: string;
  timeoutMs: number;
}

export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';

const SYSTEM_PROMPT = [
  'You write short personal wishes that people send to someone they know.',
  'Write one wish of 40 to 120 words in the requested style, for the requested audience and occasion.',
  "Address the person by the given name, weave in the sender's details naturally, and write in the language of the details.",
  'Reply with the wish text only: no title, no preamble, no quotation marks, no placeholders, no hashtags.',
].join(' ');

export function buildMessages(request: GenerateRequest): OpenAI.Chat.ChatCompletionMessageParam[] {
  const user = [
    `Style: ${request.style.trim()}`,
    `Audience (who the person is to the sender): ${request.audience.trim()}`,
    `Name: ${request.name.trim()}`,
    `Occasion: ${request.topic.trim()}`,
    `Details from the sender: ${request.details.trim()}`,
  ].join('\n');
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: user },
  ];
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

  return {
    async generate(request, signal) {
      // Our own deadline also covers a body that trickles in after the headers.
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
      const combined = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
      let completion: OpenAI.Chat.ChatCompletion;
      try {
        completion = await client.chat.completions.create(
          { model, messages: buildMessages(request), temperature: 0.9, max_tokens: 400 },
          { signal: combined },
        );
      } catch (error) {
        throw classify(error);
      } finally {
        clearTimeout(timer);
      }
      const content = (completion as Partial<OpenAI.Chat.ChatCompletion> | undefined)?.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new GeneratorUnavailableError(502);
      const text = cleanCompletion(content);
      if (!text) throw new GeneratorUnavailableError(502);
      return text;
    },
  };
}

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
