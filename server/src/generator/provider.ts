// Minimal stub of the generator colleague's module (interface agreed); they replace this file.
import type { GenerateRequest } from '@wishes/shared/contract';

export type { GenerateRequest };

export interface WishGenerator {
  generate(request: GenerateRequest, signal?: AbortSignal): Promise<string>;
}

export function createGenerator(_options: Record<string, unknown> = {}): WishGenerator {
  return {
    async generate(r) {
      return `Dear ${r.name}, wishing you a wonderful ${r.topic}! ${r.details}`.trim();
    },
  };
}
