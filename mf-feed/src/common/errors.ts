import { ApiError } from '@wishes/shared';

/** The server's own `error` text when the failed response carried one, else null. */
export function serverErrorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const text = error.body?.error;
  return typeof text === 'string' && text.trim() ? text : null;
}

/** What to show for a failed call: the API client's message (server error or docs/product.md#8-error-texts default), else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
