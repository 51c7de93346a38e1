/**
 * The generation stream's answers for the shared fetch double (@wishes/shared/testing, re-exported
 * here beside them): Server-Sent Events read whole, as jsdom has no streams.
 */
import { textResponse } from '@wishes/shared/testing';

export { installFetch, type RecordedRequest } from '@wishes/shared/testing';

/** A fetch Response carrying Server-Sent Events (read whole through text(), as jsdom has no streams). */
export function eventStreamResponse(events: Array<{ event: string; data: unknown }>, status = 200): Response {
  return textResponse(events.map(({ event, data }) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join(''), status, 'text/event-stream');
}

/**
 * Answers the streamed generation like the server would for a JSON draft: a successful
 * `{text, rate_limit}` becomes token events and `done`; refusals pass through as they are.
 */
export async function asEventStream(response: Response): Promise<Response> {
  if (!response.ok) return response;
  const body = (await response.json().catch(() => null)) as { text?: unknown; rate_limit?: unknown } | null;
  if (!body || typeof body.text !== 'string') return eventStreamResponse([]);
  const pieces = body.text.match(/\s*\S+/g) ?? [];
  return eventStreamResponse([...pieces.map((text) => ({ event: 'token', data: { text } })), { event: 'done', data: { text: body.text, rate_limit: body.rate_limit } }]);
}
