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
  return createTemplateGenerator(options.random);
}
