/**
 * The HTTP double for mf-moderation's tests: MSW answers the moderation API at the network edge,
 * so the tests drive the real client (shared/src/api.ts) and check what went over the wire.
 * Each test sets its answers with `server.use(...)`; a request nobody answers fails the test.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

export const server = setupServer();

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

export const API = {
  queue: '*/api/moderation/reports/',
  log: '*/api/moderation/log/',
  offers: '*/api/moderation/offers/',
  wish: '*/api/moderation/wish/:id/',
  user: '*/api/moderation/user/:id/',
} as const;

/** A refusal as the server words it (app/error-handler.ts: `{ error }` with the status). */
export const refuse = (status: number, error: string) => HttpResponse.json({ error }, { status });

/** Answers GET `path` with `pages[page]` (the `page` query, 1 by default), recording each query. */
export function pagedGet(path: string, pages: Record<number, JsonBodyType>) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(path, ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const body = pages[Number(query.get('page') ?? '1')];
      return body === undefined ? refuse(404, 'Not found.') : HttpResponse.json(body);
    }),
  );
  return queries;
}

/** Answers GET `path` with `body` only once `release()` is called (the loading state stays up until then). */
export function heldGet(path: string, body: JsonBodyType) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(path, async ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      await held;
      return HttpResponse.json(body);
    }),
  );
  return { release: () => release(), queries };
}

/** Records the JSON bodies POSTed to `path` and answers each with `answer`. */
export function recordPosts(path: string, answer: (body: Record<string, unknown>, id: string) => Response) {
  const posts: Array<{ id: string; body: Record<string, unknown> }> = [];
  server.use(
    http.post(path, async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posts.push({ id: String(params.id), body });
      return answer(body, String(params.id));
    }),
  );
  return posts;
}

export { http, HttpResponse };
