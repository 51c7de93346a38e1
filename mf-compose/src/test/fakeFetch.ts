/**
 * A tiny fetch double for the API boundary (jsdom has no fetch): records each request and answers
 * through the handler (use jsonResponse from '@wishes/shared/testing' for replies).
 */
export interface RecordedRequest {
  url: string;
  method: string;
  body: unknown;
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
