/** Path parameters: ids and page numbers are positive integers; anything else is a 404. */
import { HttpError } from './errors';

const POSITIVE_INT = /^[1-9]\d{0,9}$/;

/** The id as a number, or null when it is not a positive 32-bit integer. */
export function toId(raw: unknown): number | null {
  if (typeof raw !== 'string' || !POSITIVE_INT.test(raw)) return null;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : null;
}

export function parseId(raw: unknown, notFoundMessage: string): number {
  const id = toId(raw);
  if (id === null) throw new HttpError(404, notFoundMessage);
  return id;
}

export function parsePage(raw: unknown): number {
  if (raw === undefined) return 1;
  const page = toId(raw);
  // Pages beyond this would only be empty; refusing them keeps OFFSET small.
  if (page === null || page > 10_000_000) throw new HttpError(404, 'Invalid page.');
  return page;
}

export const PAGE_SIZE = 10;

/** `?page=N` in a query string: absent is 1; anything but a positive integer is 400 (a wrong value, not a missing page). */
export function parseQueryPage(raw: string | undefined): number {
  if (raw === undefined) return 1;
  const page = toId(raw);
  if (page === null || page > 10_000_000) throw new HttpError(400, BAD_QUERY_PAGE, { fields: { page: BAD_QUERY_PAGE } });
  return page;
}
const BAD_QUERY_PAGE = 'page: must be a positive whole number.';
