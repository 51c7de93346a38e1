/**
 * mf-auth's HTTP double: the kit's MSW double (@wishes/kit-test/http), phrased as the auth
 * suites answer: `answer(path, ...replies)` per POST route; a request nobody answers fails the test.
 */
import { held as kitHeld, mockApi, type Answer, type JsonBodyType, type Sent } from '@wishes/kit-test/http';

const api = mockApi();
export const { server } = api;
export type { Sent };

export const API = {
  login: '*/api/token/',
  createUser: '*/api/base/create_user/',
  resetRequest: '*/api/password/reset/',
  resetConfirm: '*/api/password/reset/confirm/',
} as const;

/** Every request answered in this test, whatever its route, in the order they came. */
export const allSent: readonly Sent[] = api.sent;

/** A JSON reply, a dropped connection, or a reply that comes when a test says (`held()`). */
export type Reply = { status?: number; body?: JsonBodyType } | 'network-error' | Promise<Answer>;

/** Answers POST `path` with `replies` in turn (the last one repeats); returns the requests as they come. */
export const answer = (path: string, ...replies: Reply[]): Sent[] => api.inTurn('post', path, ...replies);

/** A reply held back until `release(status, body)`; it never comes if the test does not release it. */
export function held() {
  const gate = kitHeld();
  return { reply: gate.reply, release: (status: number, body: JsonBodyType) => gate.release({ status, body }) };
}
