import { useCallback, useState, type RefObject } from 'react';
import { ApiError } from '@wishes/shared';

/** Shown when required fields are empty; the spec names no text for this case. */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields.';

/** Moves keyboard focus to the named input of a form (the first invalid field). */
export function focusField(form: RefObject<HTMLFormElement>, name: string | undefined): void {
  if (!name) return;
  form.current?.querySelector<HTMLInputElement>(`[name="${name}"]`)?.focus();
}

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

/**
 * The names of a form's fields marked invalid, and `clear(name)` to unmark one as the user edits it.
 */
export function useInvalidFields<Name extends string>() {
  const [invalid, setInvalid] = useState<Name[]>([]);
  const clear = useCallback((field: Name) => setInvalid((current) => current.filter((name) => name !== field)), []);
  return [invalid, setInvalid, clear] as const;
}
