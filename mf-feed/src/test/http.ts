/**
 * mf-feed's HTTP double: the kit's MSW double (@wishes/kit-test/http), phrased as the feed
 * suites answer: `answer(method, path, ...bodies)` per route; a request nobody answers fails the test.
 */
import { http, HttpResponse, mockApi, refuse, type Answer as KitAnswer, type JsonBodyType, type Sent } from '@wishes/kit-test/http';

// A signed-in member's card asks once which wishes they reported (report/reported.ts): none, unless a suite says.
const api = mockApi(http.get('*/api/complaints/my/', () => HttpResponse.json({ reports: [], page_number: 1, next_page_number: null })));
export const { server } = api;

export const API = {
  feed: '*/api/base/feed/:page/',
  following: '*/api/base/feed/following/:page/',
  wish: '*/api/base/wish/:id/',
  wishChat: '*/api/base/wish/:id/chat/',
  vote: '*/api/wish/:id/vote/',
  voters: '*/api/wish/:id/voters/',
  search: '*/api/base/search/',
  searchPage: '*/api/base/search/:page/',
  complaint: '*/api/complaints/submit/',
  myReports: '*/api/complaints/my/',
  moderateWish: '*/api/moderation/wish/:id/',
  moderateUser: '*/api/moderation/user/:id/',
  themes: '*/api/base/card-themes/',
  card: '*/api/base/wish/:id/card.png',
  send: '*/api/base/wish/:id/send/',
  options: '*/api/base/options',
  replies: '*/api/wish/:id/replies/',
  reply: '*/api/wish/:id/replies/:reply_id/',
} as const;

export { refuse };

/** One recorded request: method, the path's parameters, the query and the JSON body. */
export type Seen = Sent<Record<string, unknown> | undefined>;

type Answer = Response | JsonBodyType | 'network-error' | Promise<Response | JsonBodyType | 'network-error'>;

/**
 * Answers `method path` with `answers` in turn (the last one again once they run out): a JSON body,
 * a Response as is, or 'network-error' (the connection fails). Returns the requests as they come.
 */
export function answer(method: 'get' | 'post' | 'patch' | 'delete', path: string, ...answers: Array<Answer | ((seen: Seen) => Answer)>): Seen[] {
  return api.record(method, path, async (sent, n) => {
    const next = answers[Math.min(n, answers.length - 1)];
    const result = await (typeof next === 'function' ? next(sent as Seen) : next);
    return (result === 'network-error' || result instanceof Response ? result : { body: result }) as KitAnswer;
  }) as Seen[];
}

/** Paths asked so far, by the page parameter (for `getFeedPage`-style routes). */
export const pages = (seen: Seen[]) => seen.map((request) => Number(request.params.page));

export { HttpResponse };
