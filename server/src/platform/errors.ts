/** An error a route throws on purpose; the error handler turns it into `{ error: message, ...extra }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra?: Record<string, unknown>,
    /** Extra response headers (e.g. Retry-After on 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** simplejwt-style auth failure: serialized as `{ detail, code? }` instead of `{ error }`. */
export class AuthError extends Error {
  constructor(
    readonly detail: string,
    readonly code?: string,
    readonly status = 401,
    /** More fields of the answer (a suspended account's `suspension`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(detail);
    this.name = 'AuthError';
  }
}

/**
 * The answer to a suspended member's token (any authenticated call, the refresh call) and sign-in:
 * 401 "This account has been suspended." with the moderator's reason, so the open tab can say why.
 * The code stays token_not_valid for tokens (clients drop them as before).
 */
export function suspendedError(reason: string | null, code?: string): AuthError {
  return new AuthError(AUTH_MESSAGES.suspended, code, 401, { suspension: { reason } });
}

export const AUTH_MESSAGES = {
  notProvided: 'Authentication credentials were not provided.',
  tokenNotValid: 'Given token not valid for any token type',
  noActiveAccount: 'No active account found with the given credentials',
  refreshInvalid: 'Token is invalid or expired',
  suspended: 'This account has been suspended.',
} as const;

