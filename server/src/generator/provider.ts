import type { GenerateRequest } from '@wishes/shared/contract';
import { createOpenAIGenerator } from './openai';
import { composeWish, type Random } from './template';

export type { GenerateRequest };

/** Turns the compose form into editable wish text. */
export interface WishGenerator {
  generate(request: GenerateRequest, signal?: AbortSignal): Promise<string>;
}

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
}

export const DEFAULT_GENERATOR_TIMEOUT_MS = 20_000;

/** The embedded, offline provider: no key, no network, varied output. */
export function createTemplateGenerator(random: Random = Math.random): WishGenerator {
  return {
    async generate(request) {
      return composeWish(request, random);
    },
  };
}

export function createGenerator(options: GeneratorOptions): WishGenerator {
  if (options.provider === 'openai') {
    return createOpenAIGenerator({
      baseURL: options.openaiBaseUrl,
      apiKey: options.openaiApiKey,
      model: options.model,
      timeoutMs: options.timeoutMs ?? DEFAULT_GENERATOR_TIMEOUT_MS,
    });
  }
  return createTemplateGenerator(options.random);
}
