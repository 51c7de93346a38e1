/**
 * The HTTP double for mf-profile's suites (their files run in jest-fixed-jsdom, which has the
 * fetch MSW needs): MSW answers at the network edge, so the tests drive the real client (`call()`)
 * and check what went over the wire. Each test sets its answers with `server.use(...)`, or by path
 * with `apiRoutes()`; a request nobody answers fails the test.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
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

/** A JSON answer (status 200 unless told), or a dropped connection. */
export type Answer = { status?: number; body?: JsonBodyType } | 'network-error';
/** One request as it went over the wire: its path with the query, and its body (JSON parsed, or the multipart form). */
export interface Sent {
  method: string;
  path: string;
  body: unknown;
}
type Route = Answer | Promise<Answer> | ((sent: Sent) => Answer | Promise<Answer>);

async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Answers by method and path (with its query, e.g. `/api/notifications/?page=1`) and records every
 * request, answered or not; a path with no answer gets a 404. `on` again replaces an answer.
 */
export function apiRoutes() {
  const routes = new Map<string, Route>();
  const calls: Sent[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const sent: Sent = { method: request.method, path: url.pathname + url.search, body: await bodyOf(request.clone()) };
      calls.push(sent);
      const route = routes.get(`${sent.method} ${sent.path}`);
      if (route === undefined) return HttpResponse.json({ error: `No route for ${sent.method} ${sent.path}` }, { status: 404 });
      const answer = await (typeof route === 'function' ? route(sent) : route);
      if (answer === 'network-error') return HttpResponse.error();
      return HttpResponse.json(answer.body ?? null, { status: answer.status ?? 200 });
    }),
  );
  return {
    on: (method: string, path: string, answer: Route) => void routes.set(`${method.toUpperCase()} ${path}`, answer),
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method.toUpperCase() && call.path === path),
  };
}

export type ApiRoutes = ReturnType<typeof apiRoutes>;

export { http, HttpResponse };
