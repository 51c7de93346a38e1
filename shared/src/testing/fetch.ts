/**
 * The one fetch double for every app's tests (the API boundary; jsdom has no fetch): it records
 * each request and answers through a handler. `fakeServer`, `mockFetch` and `installFetch` are
 * the three ways the suites phrase their answers: by route, in order, or computed per request.
 */
import { jsonResponse } from './session';

export interface RecordedRequest {
  /** The path the client called (it calls relative URLs). */
  url: string;
  /** Upper-case, GET when the client gave none. */
  method: string;
  /** The JSON body parsed (a non-JSON body as sent), undefined when there is none. */
  body: unknown;
  /** What the client passed (not enumerable, so `toEqual({ url, method, body })` still matches). */
  readonly init?: RequestInit;
}

/** A JSON reply (`networkError`: reject like a dropped connection instead). */
export interface JsonAnswer {
  status?: number;
  body?: unknown;
  networkError?: boolean;
}

/** An answer: a Response, a JSON reply, or a dropped connection (fetch rejects). */
export type FetchAnswer = Response | JsonAnswer | 'network-error';
export type FetchHandler = (request: RecordedRequest) => FetchAnswer | Promise<FetchAnswer>;

function parseBody(body: RequestInit['body']): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** Replaces fetch with a double that records requests and answers with `handler`; `restore()` puts the old one back. */
export function installFetch(handler: FetchHandler) {
  const requests: RecordedRequest[] = [];
  const original = globalThis.fetch;
  // A fresh mock per install, so call counts start at zero in every test.
  const mock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const request: RecordedRequest = { url, method: (init?.method ?? 'GET').toUpperCase(), body: parseBody(init?.body) };
    Object.defineProperty(request, 'init', { value: init, enumerable: false });
    requests.push(request);
    const answer = await handler(request);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if ('clone' in answer && typeof answer.clone === 'function') return answer as Response;
    const reply = answer as JsonAnswer;
    if (reply.networkError) throw new TypeError('Failed to fetch');
    return jsonResponse(reply.body, reply.status ?? 200);
  });
  globalThis.fetch = mock as typeof fetch;
  return {
    requests,
    fetch: mock,
    restore: () => {
      globalThis.fetch = original;
    },
  };
}

export type FetchDouble = ReturnType<typeof installFetch>;
type RouteAnswer = FetchAnswer | Promise<FetchAnswer>;

/** A fake API by route: `on('GET', '/api/x/', answer)` (exact path); anything else answers 404. */
export function fakeServer() {
  const routes = new Map<string, RouteAnswer | ((request: RecordedRequest) => RouteAnswer)>();
  const double = installFetch((request) => {
    const route = routes.get(`${request.method} ${request.url}`);
    if (!route) return { status: 404, body: { error: `No fake route for ${request.method} ${request.url}` } };
    // A route's JSON reply without a body answers JSON null (as the API's empty replies parse).
    return Promise.resolve(typeof route === 'function' ? route(request) : route).then((answer) =>
      typeof answer === 'object' && !('clone' in answer) && answer.body === undefined ? { ...answer, body: null } : answer,
    );
  });
  return {
    on: (method: string, path: string, answer: RouteAnswer | ((request: RecordedRequest) => RouteAnswer)) => void routes.set(`${method.toUpperCase()} ${path}`, answer),
    calls: double.requests,
    callsTo: (method: string, path: string) => double.requests.filter((call) => call.method === method.toUpperCase() && call.url === path),
    fetch: double.fetch,
  };
}

export type FakeServer = ReturnType<typeof fakeServer>;

export type FetchMock = FetchDouble['fetch'];

/** Answers the requests in order with `answers` (the last one repeats); returns the fetch mock. */
export function mockFetch(...answers: FetchAnswer[]): FetchMock {
  let index = 0;
  return installFetch(() => answers[Math.min(index++, answers.length - 1)] ?? {}).fetch;
}

/** The URL, method and JSON body (`{}` when none) of the n-th call of a fetch mock. */
export function fetchCall(mock: FetchMock, n = 0): { url: string; method: string; body: Record<string, unknown> } {
  const [input, init] = mock.mock.calls[n];
  return { url: String(input), method: init?.method ?? 'GET', body: (parseBody(init?.body) ?? {}) as Record<string, unknown> };
}
