/**
 * Test helpers: fake tokens, JSON responses, held promises and a
 * signed-in session. Import from '@wishes/kit-test' (test code only: it uses Buffer, so it
 * is deliberately not exported from the package index).
 */
import { signIn, signOut } from '@wishes/kit-session';

export function base64Url(value: string): string {
  return Buffer.from(value).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT-shaped token whose payload the client can decode (the server is not involved). */
export function fakeToken(claims: { exp: number; user_id?: number; token_type?: string }): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify({ token_type: 'access', user_id: 1, ...claims }))}.sig`;
}

/** A fake access token that is valid for the next 15 minutes unless `claims` say otherwise. */
export function fakeJwt(claims: { exp?: number; user_id?: number; token_type?: string } = {}): string {
  return fakeToken({ exp: Math.floor(Date.now() / 1000) + 900, ...claims });
}

/** A minimal fetch Response (jsdom has none) whose body is `text`, of the given content type. */
export function textResponse(text: string, status = 200, contentType = 'application/json'): Response {
  const make = (): Response =>
    ({
      ok: status >= 200 && status < 300,
      status,
      headers: { get: () => contentType },
      json: async () => JSON.parse(text),
      text: async () => text,
      clone: () => make(),
    }) as unknown as Response;
  return make();
}

/**
 * A JSON Response. A string body is sent as raw text; an undefined body is an empty one (json()
 * rejects with a SyntaxError, as a real Response does).
 */
export function jsonResponse(body: unknown, status = 200): Response {
  return textResponse(body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body), status);
}

/** A promise whose settlement the test controls (to hold a request in flight and observe busy states). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Signs in through the real session (tokens in storage, user published on session$). */
export function signInForTest(userId = 3, username = 'ada@example.com'): void {
  const exp = Math.floor(Date.now() / 1000) + 900;
  signIn({ access: fakeToken({ exp, user_id: userId }), refresh: fakeToken({ exp: exp + 86400, user_id: userId, token_type: 'refresh' }) }, username);
}

/** Clears the session's tokens and user. */
export function signOutForTest(): void {
  signOut();
}
