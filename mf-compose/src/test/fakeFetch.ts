/**
 * A tiny fetch double for the API boundary: jsdom has no fetch/Response, and the shared client
 * only needs status, ok, json() and clone().
 */
export interface RecordedRequest {
  url: string;
  method: string;
  body: unknown;
}

export function jsonResponse(status: number, body: unknown): Response {
  const response = {
    status,
    ok: status >= 200 && status < 300,
    json: async () => body,
    text: async () => JSON.stringify(body),
    clone: () => jsonResponse(status, body),
  };
  return response as unknown as Response;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** Installs a fetch double; returns the recorded requests and a restore function. */
export function installFetch(handler: Handler) {
  const requests: RecordedRequest[] = [];
  const original = globalThis.fetch;
  const fake = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: RecordedRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    requests.push(request);
    return handler(request);
  });
  globalThis.fetch = fake as unknown as typeof fetch;
  return {
    requests,
    fetch: fake,
    restore: () => {
      globalThis.fetch = original;
    },
  };
}

/** A promise whose settlement the test controls (to observe busy states). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
