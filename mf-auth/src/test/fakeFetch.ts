/**
 * A minimal stand-in for `fetch` (jsdom has none): each call takes the next queued reply,
 * answered with the shared fake Response.
 */
import { jsonResponse } from '@wishes/shared/testing';

export interface FakeReply {
  status?: number;
  body?: unknown;
  /** Reject like a dropped connection instead of answering. */
  networkError?: boolean;
}

export type FetchMock = jest.Mock<Promise<Response>, [string, RequestInit?]>;

/** Replaces globalThis.fetch; replies are used in order (the last one repeats). */
export function mockFetch(...replies: FakeReply[]): FetchMock {
  let index = 0;
  const mock: FetchMock = jest.fn(async (_url: string, _init?: RequestInit) => {
    const reply = replies[Math.min(index++, replies.length - 1)] ?? {};
    if (reply.networkError) throw new TypeError('Failed to fetch');
    return jsonResponse(reply.body, reply.status ?? 200);
  });
  (globalThis as { fetch?: unknown }).fetch = mock;
  return mock;
}

/** The URL and parsed JSON body of the n-th fetch call. */
export function fetchCall(mock: FetchMock, n = 0): { url: string; method: string; body: Record<string, unknown> } {
  const [url, init] = mock.mock.calls[n];
  return { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : {} };
}
