import { ApiError } from '@wishes/kit-client';

/** Shown when required fields are empty; the spec names no text for this case. */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields.';

/** How every auth form binds its fields: ids 'auth-field-<name>', and editing a field unmarks it. */
export const AUTH_FIELDS = { idPrefix: 'auth-field-', clearErrorOnEdit: true } as const;

/** The server's `error` text of a failed call, if it sent one. */
export function serverErrorText(error: unknown): string | null {
  const text = error instanceof ApiError ? error.body?.error : undefined;
  return typeof text === 'string' && text.trim() ? text : null;
}

/** Field names the server flagged in a validation error (`fields: { name: message }`). */
export function serverErrorFields(error: unknown): string[] {
  const fields = error instanceof ApiError ? error.body?.fields : undefined;
  return fields && typeof fields === 'object' ? Object.keys(fields as Record<string, unknown>) : [];
}
