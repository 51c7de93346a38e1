export const GENERATOR_MESSAGES = {
  unavailable: 'The wish generator is not available right now. Please try again later.',
  badResponse: 'The wish generator sent an unexpected answer. Please try again later.',
} as const;

/**
 * The provider failed: 503 when it cannot be reached or is too slow or overloaded, 502 when it
 * answered with something unusable. Routes map it to `{ error: message }` with this status.
 */
export class GeneratorUnavailableError extends Error {
  constructor(
    readonly status: 502 | 503,
    message: string = status === 503 ? GENERATOR_MESSAGES.unavailable : GENERATOR_MESSAGES.badResponse,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GeneratorUnavailableError';
  }
}
