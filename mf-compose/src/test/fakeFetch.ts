/**
 * A tiny fetch double for the API boundary (jsdom has no fetch): records each request and answers
 * through the handler (use jsonResponse from '@wishes/shared/testing' for replies).
 */
export interface RecordedRequest {
  url: string;
  method: string;
  body: unknown;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** Installs a fetch double; returns the recorded requests and a restore function. */
export function installFetch(handler: Handler) {
  const requests: RecordedRequest[] = [];
  const original = globalThis.fetch;
  const fake = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: RecordedRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    requests.push(request);
    return handler(request);
  });
  globalThis.fetch = fake as unknown as typeof fetch;
  return {
    requests,
    fetch: fake,
    restore: () => {
      globalThis.fetch = original;
    },
  };
}

/** A fetch Response carrying Server-Sent Events (read whole through text(), as jsdom has no streams). */
export function eventStreamResponse(events: Array<{ event: string; data: unknown }>, status = 200): Response {
  const text = events.map(({ event, data }) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
  const make = (): Response =>
    ({
      ok: status >= 200 && status < 300,
      status,
      headers: { get: () => 'text/event-stream' },
      json: async () => JSON.parse(text),
      text: async () => text,
      clone: () => make(),
    }) as unknown as Response;
  return make();
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
