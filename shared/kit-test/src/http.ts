/**
 * The one HTTP double for every app's tests: MSW answers at the network edge, so the suites drive
 * the real client (`call()`, `send()`, the event streams) and check what went over the wire.
 * `mockApi()` starts the server for the test file and gives the ways the suites phrase answers:
 * `record` (computed per request), `inTurn` (in order), `routes()` (a table by method and path),
 * and `operation(id, …)`: an operation of the table by its id, its answers typed by its response
 * (`routes().operation(id, { params, query }, …)` for one exact call, `operationUrl` for what was sent).
 * A request nobody answers fails the test. Needs a fetch in the test environment
 * (`jest-fixed-jsdom`).
 */
import { http, HttpResponse, type JsonBodyType, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { API_ROUTES, apiPath, type ApiOperationId } from '@wishes/kit-session';
import type { CallInit, ResponseOf } from '@wishes/kit-client';

/** One request as it went over the wire. `params` and `query` are not enumerable, so `toEqual({ url, method, body })` matches. */
export interface Sent<Body = unknown> {
  method: string;
  /** The path with its query, as the client called it (the client calls relative URLs). */
  url: string;
  /** JSON parsed, a multipart body as FormData, other text as sent; undefined when there is none. */
  body: Body;
  /** The route's path parameters (`:id` → `params.id`). */
  readonly params: Record<string, string>;
  readonly query: URLSearchParams;
}

/** A reply: a Response as is, a JSON reply (status 200 and body null unless told), or a dropped connection. */
export type Answer = Response | { status?: number; body?: unknown } | 'network-error';
type Later<T> = T | Promise<T>;
/** What a route answers: an answer, one that comes later, or one computed from the request. */
export type Route = Later<Answer> | ((sent: Sent) => Later<Answer>);
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'all';

async function bodyOf(request: Request): Promise<unknown> {
  if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function recordOf(request: Request, params: Record<string, unknown>): Promise<Sent> {
  const url = new URL(request.url);
  const sent = { method: request.method, url: url.pathname + url.search, body: await bodyOf(request.clone()) } as Sent;
  Object.defineProperty(sent, 'params', { value: Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])) });
  Object.defineProperty(sent, 'query', { value: url.searchParams });
  return sent;
}

function toResponse(answer: Answer): Response {
  if (answer === 'network-error') return HttpResponse.error();
  // A copy, so one Response can answer every call that gets it (a body is read only once).
  if (answer instanceof Response) return answer.clone();
  return HttpResponse.json((answer.body ?? null) as JsonBodyType, { status: answer.status ?? 200 });
}

const answerOf = async (route: Route, sent: Sent) => toResponse(await (typeof route === 'function' ? route(sent) : route));

/** An operation's path as MSW matches it on any origin, from the operation table: getWish → '*\/api/base/wish/:id/'. */
export const operationPath = (id: ApiOperationId): string => `*${API_ROUTES[id].path.replace(/\{(\w+)\}/g, ':$1')}`;

/** Where a call of an operation goes: its path parameters and query, typed as `call()` takes them. */
export type OperationAt<Id extends ApiOperationId> = Pick<CallInit<Id>, 'params' | 'query'>;
type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];
/** The `at` argument may be left out when the operation has no path parameters. */
type AtArg<Id extends ApiOperationId> = RequiredKeys<OperationAt<Id>> extends never ? [at?: OperationAt<Id>] : [at: OperationAt<Id>];

/**
 * The path and query a call of the operation goes to, as `Sent.url` records it, checked against the
 * operation's parameters and query: operationUrl('listGroups', { query: { page: 1 } }) → '/api/groups/?page=1'.
 * The query's names go in the order given (the client's order is its caller's).
 */
export function operationUrl<Id extends ApiOperationId>(id: Id, ...[at]: AtArg<Id>): string {
  const { params, query } = (at ?? {}) as { params?: Record<string, string | number>; query?: Record<string, unknown> };
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  const text = search.toString();
  return apiPath(id, params) + (text ? `?${text}` : '');
}

/** What an operation answers: its success body as the operation table types it, a Response as is (a refusal: `refuse`), or a dropped connection. */
export type OperationAnswer<Id extends ApiOperationId> = Response | 'network-error' | { status?: number; body: ResponseOf<Id> };
/** An operation's answer, or one computed from the request (n counts from 0). */
export type OperationRoute<Id extends ApiOperationId> = Later<OperationAnswer<Id>> | ((sent: Sent, n: number) => Later<OperationAnswer<Id>>);

/** An answer outside the operation table's types, for a test that a page copes with what the contract does not promise (a 500 without text, a body missing a field). */
export const unchecked = (status: number, body: JsonBodyType): Response => HttpResponse.json(body, { status });

/** A refusal as the server words it (server/src/app/error-handler.ts: `{ error }`, and `fields` for a field's own). */
export const refuse = (status: number, error: string, fields?: Record<string, string>) => HttpResponse.json(fields ? { error, fields } : { error }, { status });

/** A Response carrying Server-Sent Events. */
export function eventStream(events: Array<{ event: string; data: unknown }>, status = 200): Response {
  const text = events.map(({ event, data }) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
  return new HttpResponse(text, { status, headers: { 'Content-Type': 'text/event-stream' } });
}

/** A reply held back until `release(answer)`: until then the page stays busy (it never comes unless released). */
export function held() {
  let release: (answer: Answer) => void = () => undefined;
  const reply = new Promise<Answer>((resolve) => (release = resolve));
  return { reply, release: (answer: Answer) => release(answer) };
}

/**
 * Starts MSW for this test file with `defaults` (answers every test starts from); each test's own
 * answers and recordings go after it.
 */
export function mockApi(...defaults: RequestHandler[]) {
  const server = setupServer(...defaults);
  const everything: Sent[] = [];
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    everything.length = 0;
  });
  afterAll(() => server.close());

  /** Answers `method path` (MSW's path syntax, `:id` a parameter) with `answer(sent, n)` (n counts from 0); returns its requests as they come. */
  function record(method: Method, path: string, answer: (sent: Sent, n: number) => Later<Answer>): Sent[] {
    const sent: Sent[] = [];
    server.use(
      http[method](path, async ({ request, params }) => {
        const one = await recordOf(request, params);
        sent.push(one);
        everything.push(one);
        return toResponse(await answer(one, sent.length - 1));
      }),
    );
    return sent;
  }

  /** Answers `method path` with `routes` in turn (the last one again once they run out). */
  const inTurn = (method: Method, path: string, ...routes: Route[]) => record(method, path, (sent, n) => answerOf(routes[Math.min(n, routes.length - 1)], sent));

  /**
   * A table by method and exact path with its query (`on('GET', '/api/notifications/?page=1', …)`):
   * records every request, answered or not; a path with no answer gets a 404. `on` again replaces an answer.
   */
  function routes() {
    const table = new Map<string, Route>();
    const calls = record('all', '*', (sent) => {
      const route = table.get(`${sent.method} ${sent.url}`);
      return route === undefined ? refuse(404, `No route for ${sent.method} ${sent.url}`) : answerOf(route, sent);
    });
    const on = (method: string, path: string, answer: Route) => void table.set(`${method.toUpperCase()} ${path}`, answer);
    const callsTo = (method: string, path: string) => calls.filter((call) => call.method === method.toUpperCase() && call.url === path);
    return {
      on,
      calls,
      callsTo,
      /**
       * Answers one call of operation `id`, at its parameters and query (`operationUrl`), with
       * `answer`: a body of the operation's response type (or a refusal, a dropped connection).
       */
      operation<Id extends ApiOperationId>(id: Id, at: OperationAt<Id>, answer: OperationRoute<Id>) {
        let n = 0;
        on(API_ROUTES[id].method, operationUrl(id, ...([at] as AtArg<Id>)), (sent) => (typeof answer === 'function' ? answer(sent, n++) : answer));
      },
      /** The requests of operation `id` at its parameters and query. */
      callsOf: <Id extends ApiOperationId>(id: Id, ...at: AtArg<Id>) => callsTo(API_ROUTES[id].method, operationUrl(id, ...at)),
    };
  }

  /**
   * Answers the operation `id` (its method and path from the operation table) with `answers` in
   * turn (the last one again once they run out); a body of the wrong shape fails the typecheck.
   * Returns its requests as they come.
   */
  function operation<Id extends ApiOperationId>(id: Id, ...answers: OperationRoute<Id>[]): Sent[] {
    return record(API_ROUTES[id].method.toLowerCase() as Method, operationPath(id), (sent, n) => {
      const next = answers[Math.min(n, answers.length - 1)];
      return typeof next === 'function' ? next(sent, n) : next;
    });
  }

  return { server, sent: everything as readonly Sent[], record, inTurn, routes, operation };
}

export type MockApi = ReturnType<typeof mockApi>;
export type ApiRoutes = ReturnType<MockApi['routes']>;

export { http, HttpResponse, type JsonBodyType };
