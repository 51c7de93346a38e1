import { ApiError } from '@wishes/kit-client';
import { MESSAGES } from '@wishes/kit-ui';
import { suspensionFrom } from '@wishes/kit-session';

/** Login failures that are not a rejected password (network, 5xx, 400). */
export const SIGN_IN_UNAVAILABLE = 'Unable to sign in. Please check your credentials.';
/** A success response without the tokens (docs/product.md#5-validation response check). */
export const AUTHENTICATION_FAILED = 'Authentication failed';

const CREDENTIAL_PHRASES = ['No active account', 'Invalid credentials'];

/** The server's rejection text of a 401: `detail`, else the first `non_field_errors` entry. */
function rejectionText(body: Record<string, unknown> | null): string | null {
  const detail = body?.detail;
  if (typeof detail === 'string' && detail.trim()) return detail;
  const nonField = body?.non_field_errors;
  if (Array.isArray(nonField) && typeof nonField[0] === 'string' && nonField[0].trim()) return nonField[0];
  return null;
}

/** Raw framework phrasing about unknown accounts is replaced by one friendly sentence (docs/product.md#5-validation). */
function humanize(text: string): string {
  return CREDENTIAL_PHRASES.some((phrase) => text.includes(phrase)) ? MESSAGES.incorrectCredentials : text;
}

/** What the sign-in screen shows for a failed token call (`call('obtainToken')`) (docs/product.md#5-validation and docs/product.md#8-error-texts). */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return SIGN_IN_UNAVAILABLE;
  if (error.status === 401) {
    const text = humanize(rejectionText(error.body) ?? MESSAGES.defaultLoginError);
    // A suspended account: the server's sentence and the moderator's reason.
    const reason = suspensionFrom(error.body)?.reason;
    return reason ? `${text} Reason: ${reason}` : text;
  }
  // The client throws with the success status when the body lacks the tokens.
  if (error.status >= 200 && error.status < 300) return AUTHENTICATION_FAILED;
  return SIGN_IN_UNAVAILABLE;
}
