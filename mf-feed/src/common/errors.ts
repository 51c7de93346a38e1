import { ApiError } from '@wishes/kit-client';

/** The server's own `error` text when the failed response carried one, else null. */
export function serverErrorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const text = error.body?.error;
  return typeof text === 'string' && text.trim() ? text : null;
}
