/**
 * mf-moderation's HTTP double: the kit's MSW double (@wishes/kit-test/http), phrased as the
 * moderation suites answer (paged lists, a held list, recorded posts), each by its operation in
 * the table and each body typed by that operation's response; `answer(operation, ...)` answers
 * one in turn; a request nobody answers fails the test.
 */
import { mockApi, refuse, type Answer, type OperationAnswer, type OperationRoute, type Sent } from '@wishes/kit-test/http';
import type { ApiOperationId } from '@wishes/kit-session';
import type { ResponseOf } from '@wishes/kit-client';

const api = mockApi();

export { refuse, type OperationAnswer };

/** Answers operation `id` with `answers` in turn (the last one again once they run out); returns its requests. */
export const answer = <Id extends ApiOperationId>(id: Id, ...answers: OperationRoute<Id>[]): Sent[] => api.operation(id, ...answers);
// The helpers below type their answers in their own signatures; inside, an operation of any id
// (the compiler gives up on `operation` over an open id).
const anyOperation = api.operation as unknown as (id: ApiOperationId, answer: (sent: Sent) => Answer | Promise<Answer>) => Sent[];

/** Answers operation `id` with `pages[page]` (the `page` query, 1 by default); returns each request's query. */
export function pagedGet<Id extends ApiOperationId>(id: Id, pages: Record<number, ResponseOf<Id>>) {
  const queries: URLSearchParams[] = [];
  anyOperation(id, ({ query }) => {
    queries.push(query);
    const page = Number(query.get('page') ?? '1');
    return page in pages ? { body: pages[page] } : refuse(404, 'Not found.');
  });
  return queries;
}

/** Answers operation `id` with `body` only once `release()` is called (the loading state stays up until then). */
export function heldGet<Id extends ApiOperationId>(id: Id, body: ResponseOf<Id>) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const queries: URLSearchParams[] = [];
  anyOperation(id, async ({ query }) => {
    queries.push(query);
    await held;
    return { body };
  });
  return { release: () => release(), queries };
}

/** Records the JSON bodies POSTed to operation `id` (with the path's `id`) and answers each with `reply`. */
export function recordPosts<Id extends ApiOperationId>(id: Id, reply: (body: Record<string, unknown>, id: string) => OperationAnswer<Id>) {
  const posts: Array<{ id: string; body: Record<string, unknown> }> = [];
  anyOperation(id, ({ body, params }) => {
    posts.push({ id: String(params.id), body: body as Record<string, unknown> });
    return reply(body as Record<string, unknown>, String(params.id));
  });
  return posts;
}
