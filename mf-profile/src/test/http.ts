/**
 * mf-profile's HTTP double: the kit's MSW double (@wishes/kit-test/http). Each test sets its
 * answers with `server.use(...)`, or by method and path with `apiRoutes()` (the kit's route
 * table); a request nobody answers fails the test.
 */
import { http, HttpResponse, mockApi, refuse, type Answer, type ApiRoutes } from '@wishes/kit-test/http';

const api = mockApi();
export const { server } = api;
export { refuse, type Answer, type ApiRoutes };

/** A route table by method and path with its query (e.g. `/api/notifications/?page=1`); unanswered paths get a 404. */
export const apiRoutes = (): ApiRoutes => api.routes();

/** A reply that comes when the test calls `release()`; until then the form is busy. */
export function held(reply: () => Response) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { release: () => release(), answer: async () => (await gate, reply()) };
}

export { http, HttpResponse };
