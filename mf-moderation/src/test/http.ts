/**
 * mf-moderation's HTTP double: the kit's MSW double (@wishes/kit-test/http), phrased as the
 * moderation suites answer (paged lists, a held list, recorded posts); each test can also set
 * answers with `server.use(...)`; a request nobody answers fails the test.
 */
import { http, HttpResponse, mockApi, refuse, type JsonBodyType } from '@wishes/kit-test/http';

const api = mockApi();
export const { server } = api;

export const API = {
  queue: '*/api/moderation/reports/',
  log: '*/api/moderation/log/',
  offers: '*/api/moderation/offers/',
  wish: '*/api/moderation/wish/:id/',
  user: '*/api/moderation/user/:id/',
  reply: '*/api/moderation/reply/:id/',
} as const;

export { refuse };

/** Answers GET `path` with `pages[page]` (the `page` query, 1 by default); returns each request's query. */
export function pagedGet(path: string, pages: Record<number, JsonBodyType>) {
  const queries: URLSearchParams[] = [];
  api.record('get', path, ({ query }) => {
    queries.push(query);
    const body = pages[Number(query.get('page') ?? '1')];
    return body === undefined ? refuse(404, 'Not found.') : { body };
  });
  return queries;
}

/** Answers GET `path` with `body` only once `release()` is called (the loading state stays up until then). */
export function heldGet(path: string, body: JsonBodyType) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const queries: URLSearchParams[] = [];
  api.record('get', path, async ({ query }) => {
    queries.push(query);
    await held;
    return { body };
  });
  return { release: () => release(), queries };
}

/** Records the JSON bodies POSTed to `path` and answers each with `answer`. */
export function recordPosts(path: string, answer: (body: Record<string, unknown>, id: string) => Response) {
  const posts: Array<{ id: string; body: Record<string, unknown> }> = [];
  api.record('post', path, ({ body, params }) => {
    posts.push({ id: String(params.id), body: body as Record<string, unknown> });
    return answer(body as Record<string, unknown>, String(params.id));
  });
  return posts;
}

export { http, HttpResponse };
