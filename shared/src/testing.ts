/** Test helpers for every app's jest suites: fake tokens and JSON responses. */

export function base64Url(value: string): string {
  return Buffer.from(value).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT-shaped token whose payload the client can decode (the server is not involved). */
export function fakeToken(claims: { exp: number; user_id?: number; token_type?: string }): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify({ token_type: 'access', user_id: 1, ...claims }))}.sig`;
}

/** A minimal fetch Response (jsdom has none). */
export function jsonResponse(body: unknown, status = 200): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const make = (): Response =>
    ({
      ok: status >= 200 && status < 300,
      status,
      headers: { get: () => 'application/json' },
      json: async () => JSON.parse(text),
      text: async () => text,
      clone: () => make(),
    }) as unknown as Response;
  return make();
}
