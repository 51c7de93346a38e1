/**
 * A fake API behind `fetch` (the true boundary): routes answer with JSON, a network failure
 * (fetch rejects), or a promise the test resolves later. Every call is recorded.
 */
import { jsonResponse } from '@wishes/shared/testing';

export { deferred } from '@wishes/shared/testing';

export interface Reply {
  status?: number;
  body?: unknown;
}
export type RouteAnswer = Reply | 'network-error' | Promise<Reply | 'network-error'>;
export interface RecordedCall {
  method: string;
  path: string;
  init?: RequestInit;
}

export interface FakeServer {
  /** Answer `METHOD /path` (exact path) with a fixed answer or one computed per call. */
  on(method: string, path: string, answer: RouteAnswer | ((call: RecordedCall) => RouteAnswer)): void;
  calls: RecordedCall[];
  callsTo(method: string, path: string): RecordedCall[];
  fetch: jest.SpyInstance;
}

export function fakeServer(): FakeServer {
  const routes = new Map<string, RouteAnswer | ((call: RecordedCall) => RouteAnswer)>();
  const calls: RecordedCall[] = [];
  // jsdom has no fetch of its own; give spyOn something to replace.
  if (typeof globalThis.fetch !== 'function') {
    globalThis.fetch = (() => Promise.reject(new TypeError('fetch is not available'))) as typeof fetch;
  }
  const fetchSpy = jest.spyOn(globalThis, 'fetch' as never).mockImplementation((async (input: string, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = String(input);
    const call = { method, path, init };
    calls.push(call);
    const route = routes.get(`${method} ${path}`);
    if (!route) return jsonResponse({ error: `No fake route for ${method} ${path}` }, 404);
    const answer = await (typeof route === 'function' ? route(call) : route);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return jsonResponse(answer.body ?? null, answer.status ?? 200);
  }) as never);
  return {
    on: (method, path, answer) => routes.set(`${method.toUpperCase()} ${path}`, answer),
    calls,
    callsTo: (method, path) => calls.filter((call) => call.method === method.toUpperCase() && call.path === path),
    fetch: fetchSpy,
  };
}
