/**
 * mf-feed's HTTP double: the kit's MSW double (@wishes/kit-test/http), phrased as the feed
 * suites answer: `answer(method, path, ...bodies)` per route; a request nobody answers fails the test.
 */
import { http, HttpResponse, mockApi, operationPath, refuse, type Answer as KitAnswer, type JsonBodyType, type Sent } from '@wishes/kit-test/http';

// A signed-in member's card asks once which wishes they reported (report/reported.ts): none, unless a suite says.
const api = mockApi(http.get(operationPath('listMyReports'), () => HttpResponse.json({ reports: [], page_number: 1, next_page_number: null })));
export const { server } = api;

// The routes the suites answer, by their operation in the table (the kit's operationPath).
export const API = {
  feed: operationPath('getFeedPage'),
  userWishes: operationPath('getUserWishesPage'),
  following: operationPath('getFollowingFeedPage'),
  wish: operationPath('getWish'),
  wishChat: operationPath('getWishChat'),
  vote: operationPath('voteOnWish'),
  voters: operationPath('listVoters'),
  search: operationPath('search'),
  searchPage: operationPath('searchPage'),
  complaint: operationPath('submitComplaint'),
  myReports: operationPath('listMyReports'),
  moderateWish: operationPath('moderateWish'),
  moderateUser: operationPath('moderateUser'),
  themes: operationPath('listCardThemes'),
  card: operationPath('getWishCard'),
  send: operationPath('sendWish'),
  options: operationPath('getOptions'),
  replies: operationPath('listWishReplies'),
  reply: operationPath('deleteWishReply'),
};

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
