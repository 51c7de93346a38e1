/** What the group pages share: error wording, the calls that answer without a JSON body, dates. */
import { ApiError, send, type CallInit } from '@wishes/kit-client';
import type { OperationId } from '@wishes/kit-contract';

export const GENERIC = 'Something went wrong. Please try again.';

/** The server's sentence (`detail` of the v4 routes, `error` of the others), or `fallback`. */
export function errorOf(error: unknown, fallback = GENERIC): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return 'Could not reach the site. Check your connection and try again.';
  const detail = error.body?.detail;
  if (typeof detail === 'string' && detail.trim()) return detail;
  return error.message || fallback;
}

/**
 * A 400's errors by field: the schema check's `fields`, else the sentence given to the field it
 * names (by its API name, or by the words a person reads), else nothing (the form shows it above).
 */
export function fieldErrorsOf<Name extends string>(error: unknown, names: Record<Name, RegExp>): Partial<Record<Name, string>> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const out: Partial<Record<Name, string>> = {};
  const fields = error.body?.fields;
  if (fields && typeof fields === 'object') {
    for (const [key, message] of Object.entries(fields as Record<string, unknown>)) if (key in names && typeof message === 'string') out[key as Name] = message;
    if (Object.keys(out).length) return out;
  }
  const sentence = errorOf(error);
  for (const name of Object.keys(names) as Name[]) {
    if (sentence.startsWith(`${name}:`) || sentence.includes(name) || names[name].test(sentence)) {
      out[name] = sentence;
      break;
    }
  }
  return out;
}

/** A call whose success has no JSON body to read (a 204, or an answer the page reloads anyway): throws the ApiError of a refusal. */
export async function act<Id extends OperationId>(id: Id, init: CallInit<Id>): Promise<void> {
  const response = await (send as (id: Id, init: CallInit<Id>) => Promise<Response>)(id, init);
  if (response.ok) return;
  let body: Record<string, unknown> | null = null;
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    body = null;
  }
  const sentence = typeof body?.detail === 'string' ? body.detail : typeof body?.error === 'string' ? body.error : GENERIC;
  throw new ApiError(sentence, response.status, body);
}

/** A local date-time ("2027-03-14T09:00", read in `zone`) as people read it: "14 March 2027, 09:00 (Europe/Berlin)". */
export function localWhen(local: string | null, zone: string): string {
  if (!local) return 'No date set';
  const match = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)/.exec(local);
  if (!match) return `${local} (${zone})`;
  const [, y, m, d, hh, mm] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), 12));
  const day = date.toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return `${day}, ${hh}:${mm} (${zone})`;
}

/** "2027-03-14T09:00" from a server value that may carry seconds. */
export const toInputValue = (local: string | null) => (local ? local.slice(0, 16) : '');

export const STATE_LABEL = { collecting: 'Collecting messages', delivered: 'Delivered', cancelled: 'Cancelled' } as const;
