/**
 * mf-compose's HTTP double: the kit's MSW double (@wishes/kit-test/http), phrased as the compose
 * suites answer: `answerWith({ saveWish: …, getChat: … })` answers each operation of the table by
 * its id, each body typed by that operation's response; any other API request gets a 404, and a
 * request to anything but the API fails the test.
 */
import type { ResponseOf } from '@wishes/kit-client';
import type { Wish } from '@wishes/kit-contract';
import type { ApiOperationId } from '@wishes/kit-session';
import { eventStream, mockApi, operationUrl, refuse, unchecked, type OperationAnswer, type OperationRoute, type Sent } from '@wishes/kit-test/http';

const api = mockApi();
export const { server } = api;
export { operationUrl, refuse, unchecked, type OperationAnswer };

export type RecordedRequest = Sent;
/** An answer computed from the request (a page's responder a test swaps). */
export type Responder<Answer = Response> = (request: Sent) => Answer | Promise<Answer>;
/** Each operation's answer by its id: a body of its response type, a Response, a dropped connection, or one computed from the request. */
export type Answers = { [Id in ApiOperationId]?: OperationRoute<Id> };

/**
 * Answers the operations in `answers`, any other API request with a 404. `requests` records every
 * API request in order; `fetch` is called once per request (so `not.toHaveBeenCalled()` says
 * nothing was sent).
 */
export function answerWith(answers: Answers) {
  const fetch = jest.fn();
  const requests: Sent[] = [];
  const seen = (request: Sent) => {
    fetch(request);
    requests.push(request);
  };
  // MSW tries the handlers added last first, so the operations below come before this catch-all.
  api.record('all', '*/api/*', (request) => {
    seen(request);
    return refuse(404, 'Not found');
  });
  for (const id of Object.keys(answers) as ApiOperationId[]) {
    const route = answers[id] as OperationRoute<typeof id>;
    api.operation(id, (request, n) => {
      seen(request);
      return typeof route === 'function' ? route(request, n) : route;
    });
  }
  return { requests, fetch, restore: () => server.resetHandlers() };
}

/** An answer outside the operation's contract (an error of another shape, a success without its fields): what the page must survive. */

/**
 * The streamed generation as the server sends a draft: token events, then `done` with the draft
 * (the non-streamed generation's answer, so typed by it).
 */
export function draftStream(draft: ResponseOf<'generateText'>): Response {
  const pieces = draft.text.match(/\s*\S+/g) ?? [];
  return eventStream([...pieces.map((text) => ({ event: 'token', data: { text } })), { event: 'done', data: { text: draft.text, rate_limit: draft.rate_limit } }]);
}

/** A Response carrying Server-Sent Events. */
export const eventStreamResponse = eventStream;

/** A saved wish as the server answers it (`getWish`, `updateWish`). */
export const makeWish = (overrides: Partial<Wish> = {}): Wish => ({
  id: 42,
  text: 'Happy birthday, Anna!',
  user_id: 1,
  is_public: true,
  published_at: '2026-11-24T02:00:00.000Z',
  created_at: '2026-11-24T02:00:00.000Z',
  vote_count: 0,
  upvote_count: 0,
  downvote_count: 0,
  vote_type: null,
  author: 'Ann Lee',
  user: { id: 1, full_name: 'Ann Lee', first_name: 'Ann', last_name: 'Lee', avatar_url: null, avatar_thumbnail: null },
  ...overrides,
});
