/**
 * The HTTP double for mf-feed's tests: MSW answers the API at the network edge, so the tests drive
 * the real client (`call()`) and check what went over the wire. Each test sets its answers with
 * `server.use(...)`; a request nobody answers fails the test.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

export const server = setupServer();

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

export const API = {
  feed: '*/api/base/feed/:page/',
  following: '*/api/base/feed/following/:page/',
  wish: '*/api/base/wish/:id/',
  wishChat: '*/api/base/wish/:id/chat/',
  vote: '*/api/wish/:id/vote/',
  voters: '*/api/wish/:id/voters/',
  search: '*/api/base/search/',
  searchPage: '*/api/base/search/:page/',
  complaint: '*/api/complaints/submit/',
  themes: '*/api/base/card-themes/',
  card: '*/api/base/wish/:id/card.png',
  send: '*/api/base/wish/:id/send/',
  options: '*/api/base/options',
} as const;

/** A refusal as the server words it (app/error-handler.ts: `{ error }` with the status). */
export const refuse = (status: number, error: string) => HttpResponse.json({ error }, { status });

/** One recorded request: method, the path's parameters, the query and the JSON body (null when none). */
export interface Seen {
  method: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
}

type Answer = Response | JsonBodyType | 'network-error' | Promise<Response | JsonBodyType | 'network-error'>;

/**
 * Answers `method path` with `answers` in turn (the last one again once they run out), recording
 * each request. An answer that is a Response goes as is; 'network-error' fails the connection.
 */
export function answer(method: 'get' | 'post' | 'patch' | 'delete', path: string, ...answers: Array<Answer | ((seen: Seen) => Answer)>) {
  const seen: Seen[] = [];
  let n = 0;
  server.use(
    http[method](path, async ({ request, params }) => {
      const text = await request.text();
      let body: Record<string, unknown> | null = null;
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      const request_: Seen = { method: request.method, params: params as Record<string, string>, query: new URL(request.url).searchParams, body };
      seen.push(request_);
      const next = answers[Math.min(n++, answers.length - 1)];
      const result = await (typeof next === 'function' ? next(request_) : next);
      if (result === 'network-error') return HttpResponse.error();
      return result instanceof Response ? result : HttpResponse.json(result as JsonBodyType);
    }),
  );
  return seen;
}

/** Paths asked so far, by the page parameter (for `getFeedPage`-style routes). */
export const pages = (seen: Seen[]) => seen.map((request) => Number(request.params.page));

export { http, HttpResponse };
