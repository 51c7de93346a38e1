/**
 * mf-profile's HTTP double: the kit's MSW double (@wishes/kit-test/http). Each test answers the
 * operations of the table by their id: `apiRoutes().operation(id, { params, query }, answer)` for
 * one exact call (the kit's route table; unanswered calls get a 404), or `answer(id, ...)` for
 * every call of it; each body is typed by the operation's response. A request nobody answers
 * fails the test.
 */
import { mockApi, refuse, unchecked, type ApiRoutes, type OperationAnswer, type OperationRoute, type Sent } from '@wishes/kit-test/http';
import type { ApiOperationId } from '@wishes/kit-session';

const api = mockApi();
export { refuse, unchecked, type ApiRoutes, type OperationAnswer };

/** A route table by operation and its parameters and query; unanswered calls get a 404. */
export const apiRoutes = (): ApiRoutes => api.routes();

/** Answers every call of operation `id` with `answers` in turn (the last one again once they run out); returns its requests. */
export const answer = <Id extends ApiOperationId>(id: Id, ...answers: OperationRoute<Id>[]): Sent[] => api.operation(id, ...answers);

/** An answer outside the operation's contract (an error of another shape, an empty body): what the page must survive. */

/** A reply that comes when the test calls `release()`; until then the form is busy. */
export function held<T>(reply: () => T) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { release: () => release(), answer: async () => (await gate, reply()) };
}
