/**
 * A minimal stand-in for `fetch` (jsdom has none): each call takes the next queued reply.
 * Only the parts of Response the shared API client reads are implemented.
 */
export interface FakeReply {
  status?: number;
  body?: unknown;
  /** Reject like a dropped connection instead of answering. */
  networkError?: boolean;
}

class FakeResponse {
  constructor(
    readonly status: number,
    private readonly payload: unknown,
  ) {}
  get ok() {
    return this.status >= 200 && this.status < 300;
  }
  async json() {
    if (this.payload === undefined) throw new SyntaxError('Unexpected end of JSON input');
    return this.payload;
  }
  async text() {
    return this.payload === undefined ? '' : JSON.stringify(this.payload);
  }
  clone() {
    return new FakeResponse(this.status, this.payload);
  }
}

export type FetchMock = jest.Mock<Promise<Response>, [string, RequestInit?]>;

/** Replaces globalThis.fetch; replies are used in order (the last one repeats). */
export function mockFetch(...replies: FakeReply[]): FetchMock {
  let index = 0;
  const mock: FetchMock = jest.fn(async (_url: string, _init?: RequestInit) => {
    const reply = replies[Math.min(index++, replies.length - 1)] ?? {};
    if (reply.networkError) throw new TypeError('Failed to fetch');
    return new FakeResponse(reply.status ?? 200, reply.body) as unknown as Response;
  });
  (globalThis as { fetch?: unknown }).fetch = mock;
  return mock;
}

/** The URL and parsed JSON body of the n-th fetch call. */
export function fetchCall(mock: FetchMock, n = 0): { url: string; method: string; body: Record<string, unknown> } {
  const [url, init] = mock.mock.calls[n];
  return { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : {} };
}

/** A syntactically valid JWT whose payload the session can decode (signature is not checked client-side). */
export function fakeJwt(payload: { exp?: number; user_id?: number } = {}): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = { exp: Math.floor(Date.now() / 1000) + 900, user_id: 7, ...payload };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(body)}.signature`;
}
