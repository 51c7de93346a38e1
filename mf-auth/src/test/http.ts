/**
 * mf-auth's HTTP double: the kit's MSW double (@wishes/kit-test/http), phrased as the auth
 * suites answer: `answer(operation, ...replies)` per operation of the table, each success body
 * typed by that operation's response; a request nobody answers fails the test.
 */
import { mockApi, operationUrl, refuse, unchecked, type JsonBodyType, type OperationRoute, type Sent } from '@wishes/kit-test/http';
import type { ApiOperationId } from '@wishes/kit-session';

const api = mockApi();
export type { Sent };
export { operationUrl, refuse, unchecked };

/** Every request answered in this test, whatever its route, in the order they came. */
export const allSent: readonly Sent[] = api.sent;

/**
 * A reply to operation `Id`: `{ status?, body }` with a body of its response type, a Response
 * (a refusal: `refuse`; a body outside the contract: `unchecked`), a dropped connection, or one
 * that comes when a test says (`held()`).
 */
export type Reply<Id extends ApiOperationId> = OperationRoute<Id>;

/** Answers operation `id` with `replies` in turn (the last one repeats); returns the requests as they come. */
export const answer = <Id extends ApiOperationId>(id: Id, ...replies: Reply<Id>[]): Sent[] => api.operation(id, ...replies);

/** An answer outside the operation's contract (a success without its fields, an error of another shape): what the page must survive. */

/** A reply held back until `release(status, body)`; it never comes if the test does not release it. */
export function held() {
  let release: (response: Response) => void = () => undefined;
  const reply = new Promise<Response>((resolve) => (release = resolve));
  return { reply, release: (status: number, body: JsonBodyType) => release(unchecked(status, body)) };
}
