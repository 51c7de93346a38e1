/**
 * The HTTP double for mf-profile's MSW suites (their files run in jest-fixed-jsdom, which has the
 * fetch MSW needs): MSW answers the API at the network edge, so the tests drive the real client
 * (shared/src/api.ts) and check what went over the wire. Each test sets its answers with
 * `server.use(...)`; a request nobody answers fails the test.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const server = setupServer();

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A refusal as the server words it (app/error-handler.ts: `{ error }`, and `fields` for a field's own). */
export const refuse = (status: number, error: string, fields?: Record<string, string>) => HttpResponse.json(fields ? { error, fields } : { error }, { status });

/** A reply that comes when the test calls `release()`; until then the form is busy. */
export function held(reply: () => Response) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { release: () => release(), answer: async () => (await gate, reply()) };
}

export { http, HttpResponse };
