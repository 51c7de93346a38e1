import type { DraftLength, GenerateRequest, ImproveInstruction } from '@wishes/kit-contract/api';
import { createOpenAIGenerator } from './openai';
import { improveText } from './improve';
import { followOffline, type ChatTurnResult } from './instructions';
import { composeDraft, composeVariants, type Random } from './template';
import { STYLE_KEYS, TOPIC_KEYS } from './keys';

export type { GenerateRequest };

/**
 * Turns the compose form into editable wish text. `generate` is the one every provider has;
 * the others are optional and the routes fall back (variants: several `generate` calls;
 * stream: the whole text in word-sized pieces).
 */
export interface WishGenerator {
  /** One draft; `request.length` says how long (default medium). */
  generate(request: GenerateRequest, signal?: AbortSignal): Promise<string>;
  /** `count` drafts that differ from each other. */
  variants?(request: GenerateRequest, count: number, signal?: AbortSignal): Promise<string[]>;
  /** The draft in pieces as they are written; concatenated they are the whole text. */
  stream?(request: GenerateRequest, signal?: AbortSignal): AsyncIterable<string>;
  /** Rewrites existing text as asked. */
  improve?(text: string, instruction: ImproveInstruction, signal?: AbortSignal): Promise<string>;
  /**
   * Follows one instruction of a wish's chat on the current text. Without it the server
   * follows the offline instruction set (`followOffline`, instructions.ts).
   */
  chat?(turn: ChatTurn, signal?: AbortSignal): Promise<ChatTurnResult>;
  /**
   * Prepares, off the request path, what the first drafts would otherwise prepare while a member
   * waits (the server calls it once it listens); stops early when `signal` aborts. Called again,
   * it answers the run already started.
   */
  warm?(signal?: AbortSignal): Promise<void>;
}

/** One instruction in a wish's chat, with what came before it. */
export interface ChatTurn {
  settings: GenerateRequest;
  /** The earlier messages, oldest first. */
  history: Array<{ role: 'user' | 'assistant'; text: string }>;
  /** The current version of the wish. */
  text: string;
  message: string;
}
export type { ChatTurnResult };

export { GENERATOR_MESSAGES, GeneratorUnavailableError } from './errors';

export interface GeneratorOptions {
  provider: 'template' | 'openai';
  openaiBaseUrl?: string;
  openaiApiKey?: string;
  model?: string;
  /** Upper bound for one generation, in ms (openai provider). Default 20 s. */
  timeoutMs?: number;
  /** Randomness for the template provider (tests). */
  random?: Random;
  /** Pause between streamed words of the template provider, in ms (default 15; tests use 0). */
  tokenDelayMs?: number;
}

export const DEFAULT_GENERATOR_TIMEOUT_MS = 20_000;
export const DEFAULT_TOKEN_DELAY_MS = 15;

const lengthOf = (request: GenerateRequest): DraftLength => request.length ?? 'medium';

/** Word-sized pieces that concatenate back to the text exactly (each word with the space before it). */
export function piecesOf(text: string): string[] {
  return text.match(/\s*\S+/gu) ?? (text ? [text] : []);
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const onAbort = () => (clearTimeout(timer), resolve());
    const timer = setTimeout(() => (signal?.removeEventListener('abort', onAbort), resolve()), ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** The embedded, offline provider: no key, no network, varied output. */
export function createTemplateGenerator(random: Random = Math.random, tokenDelayMs = DEFAULT_TOKEN_DELAY_MS): WishGenerator {
  /** The one warm-up run: a second caller (the bench waiting for it) joins it rather than drafting every pair again. */
  let warming: Promise<void> | undefined;
  return {
    async generate(request) {
      return composeDraft(request, lengthOf(request), random);
    },
    async variants(request, count) {
      return composeVariants(request, lengthOf(request), count, random);
    },
    // The whole draft is ready at once; it is paced word by word so it reads as being written,
    // and the first word goes out without a pause.
    async *stream(request, signal) {
      const pieces = piecesOf(composeDraft(request, lengthOf(request), random));
      for (let i = 0; i < pieces.length; i++) {
        if (signal?.aborted) return;
        if (i > 0 && tokenDelayMs > 0) await sleep(tokenDelayMs, signal);
        yield pieces[i];
      }
    },
    async improve(text, instruction) {
      return improveText(text, instruction, random);
    },
    async chat(turn) {
      return followOffline(turn.text, turn.message, turn.settings.name, random, turn.settings);
    },
    // The writer builds its text for a style and topic on first use: ~0.2 s for the very first
    // draft and tens of ms for each new pair (measured on 2 cores), ~0.7 s for them all. One draft
    // per pair, each in its own turn of the event loop so requests are served in between; the
    // drafts are thrown away (Math.random: a test's seeded randomness is not used up).
    warm(signal) {
      warming ??= (async () => {
        for (const style of STYLE_KEYS) {
          for (const topic of TOPIC_KEYS) {
            await new Promise((resolve) => setImmediate(resolve));
            if (signal?.aborted) return;
            composeDraft({ style, topic, audience: 'friend', name: 'Sam', details: '' }, 'medium', Math.random);
          }
        }
      })();
      return warming;
    },
  };
}

/**
 * Builds the configured provider. Also accepts the app Config's own names (`generator`,
 * `generatorModel`) and the short aliases `kind`/`baseUrl`/`apiKey`, so the app may pass its config.
 */
export function createGenerator(options: GeneratorOptions): WishGenerator {
  const loose = options as GeneratorOptions & Record<string, unknown>;
  const str = (...values: unknown[]) => values.find((v): v is string => typeof v === 'string' && v !== '');
  const provider = str(options.provider, loose.kind, loose.generator) ?? 'template';
  if (provider === 'openai') {
    return createOpenAIGenerator({
      baseURL: str(options.openaiBaseUrl, loose.baseUrl),
      apiKey: str(options.openaiApiKey, loose.apiKey),
      model: str(options.model, loose.generatorModel),
      timeoutMs: options.timeoutMs ?? DEFAULT_GENERATOR_TIMEOUT_MS,
    });
  }
  return createTemplateGenerator(options.random, options.tokenDelayMs);
}
