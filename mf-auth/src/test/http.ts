/**
 * The HTTP double for mf-auth's tests: MSW answers the auth API at the network edge, so the tests
 * drive the real client (`call()`, shared/src/client.ts) and check what went over the wire. Each test sets its
 * answers with `answer(...)`; a request nobody answers fails the test.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

export const server = setupServer();

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  everything.length = 0;
});
afterAll(() => server.close());

export const API = {
  login: '*/api/token/',
  createUser: '*/api/base/create_user/',
  resetRequest: '*/api/password/reset/',
  resetConfirm: '*/api/password/reset/confirm/',
} as const;

/** What the page sent: the path it called, the method and the JSON body. */
export interface Sent {
  url: string;
  method: string;
  body: unknown;
}

const everything: Sent[] = [];
/** Every request answered in this test, whatever its route, in the order they came. */
export const allSent: readonly Sent[] = everything;

/** A JSON reply, a dropped connection, or a reply that comes when a test says (`held()`). */
export type Reply = { status?: number; body?: JsonBodyType } | 'network-error' | Promise<Response>;

/** Answers POST `path` with `replies` in turn (the last one repeats); returns the requests as they come. */
export function answer(path: string, ...replies: Reply[]): Sent[] {
  const sent: Sent[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      const index = sent.length;
      const one = { url: new URL(request.url).pathname, method: request.method, body: await request.json() };
      sent.push(one);
      everything.push(one);
      const reply = replies[Math.min(index, replies.length - 1)];
      if (reply === 'network-error') return HttpResponse.error();
      if (reply instanceof Promise) return reply;
      return HttpResponse.json(reply.body ?? null, { status: reply.status ?? 200 });
    }),
  );
  return sent;
}

/** A reply held back until `release(status, body)`; it never comes if the test does not release it. */
export function held() {
  let release: (status: number, body: JsonBodyType) => void = () => undefined;
  const reply = new Promise<Response>((resolve) => (release = (status, body) => resolve(HttpResponse.json(body, { status }))));
  return { reply, release };
}
