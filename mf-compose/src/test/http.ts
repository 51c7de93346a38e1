/**
 * mf-compose's HTTP double: the kit's MSW double (@wishes/kit-test/http), phrased as the
 * compose suites answer: `answerWith(handler)` computes each API request's answer from the
 * recorded request; a request to anything but the API fails the test.
 */
import { eventStream, HttpResponse, mockApi, type Answer, type Sent } from '@wishes/kit-test/http';

const api = mockApi();
export const { server } = api;

export type RecordedRequest = Sent;
export type Handler = (request: RecordedRequest) => Answer | Promise<Answer>;

/**
 * Answers every API request with `handler`. `requests` records them in order; `fetch` is called
 * once per request (so `not.toHaveBeenCalled()` says nothing was sent).
 */
export function answerWith(handler: Handler) {
  const fetch = jest.fn();
  const requests = api.record('all', '*/api/*', (request) => {
    fetch(request);
    return handler(request);
  });
  return { requests, fetch, restore: () => server.resetHandlers() };
}

/** A JSON answer (the shape the suites build their replies with). */
export const jsonResponse = (body: unknown, status = 200): Response => HttpResponse.json(body as never, { status });

/** A Response carrying Server-Sent Events. */
export const eventStreamResponse = eventStream;

/**
 * Answers the streamed generation like the server would for a JSON draft: a successful
 * `{text, rate_limit}` becomes token events and `done`; refusals pass through as they are.
 */
export async function asEventStream(response: Response): Promise<Response> {
  if (!response.ok) return response;
  const body = (await response.json().catch(() => null)) as { text?: unknown; rate_limit?: unknown } | null;
  if (!body || typeof body.text !== 'string') return eventStream([]);
  const pieces = body.text.match(/\s*\S+/g) ?? [];
  return eventStream([...pieces.map((text) => ({ event: 'token', data: { text } })), { event: 'done', data: { text: body.text, rate_limit: body.rate_limit } }]);
}
