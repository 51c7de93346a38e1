/**
 * The HTTP double for mf-compose's tests: MSW answers the API at the network edge, so the tests
 * drive the real client (`call()`, the generation stream) and check what went over the wire.
 * `answerWith(handler)` sets the test's answers per request (as the suites phrase them: computed
 * from the recorded request); a request to anything but the API fails the test.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const server = setupServer();

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

export interface RecordedRequest {
  /** The path (and query) the client called. */
  url: string;
  method: string;
  /** The JSON body parsed (other text as sent), undefined when there is none. */
  body: unknown;
}

/** A JSON reply, a Response (an event stream), or a dropped connection. */
export type Answer = Response | { status?: number; body?: unknown } | 'network-error';
export type Handler = (request: RecordedRequest) => Answer | Promise<Answer>;

async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Answers every API request with `handler`; resolves nothing else. `requests` records them in
 * order; `fetch` is called once per request (so `not.toHaveBeenCalled()` says nothing was sent).
 */
export function answerWith(handler: Handler) {
  const requests: RecordedRequest[] = [];
  const fetch = jest.fn();
  server.use(
    http.all('*/api/*', async ({ request }) => {
      const url = new URL(request.url);
      const recorded: RecordedRequest = { url: url.pathname + url.search, method: request.method, body: await bodyOf(request) };
      requests.push(recorded);
      fetch(recorded);
      const answer = await handler(recorded);
      if (answer === 'network-error') return HttpResponse.error();
      if (answer instanceof Response) return answer;
      // A hand-built response object (a test's own): sent as what it says.
      if ('clone' in answer && typeof answer.clone === 'function') {
        const like = answer as Response;
        return new HttpResponse(await like.text(), { status: like.status, headers: { 'Content-Type': like.headers.get('content-type') ?? 'application/json' } });
      }
      return HttpResponse.json((answer.body ?? null) as never, { status: answer.status ?? 200 });
    }),
  );
  return { requests, fetch, restore: () => server.resetHandlers() };
}

/** A JSON answer (the shape the suites build their replies with). */
export const jsonResponse = (body: unknown, status = 200): Response => HttpResponse.json(body as never, { status });

/** A Response carrying Server-Sent Events. */
export function eventStreamResponse(events: Array<{ event: string; data: unknown }>, status = 200): Response {
  const text = events.map(({ event, data }) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
  return new HttpResponse(text, { status, headers: { 'Content-Type': 'text/event-stream' } });
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
