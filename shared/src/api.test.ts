import { createApiClient, ApiError, API_ERRORS } from './api';
import { jsonResponse } from './testing';

function client(responses: Array<Response | Error>, token: string | null = 'tok', refresh = jest.fn(async () => true)) {
  const fetch = jest.fn(async () => {
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  });
  return { api: createApiClient({ fetch, getToken: () => token, refresh }), fetch, refresh };
}

it('sends JSON with the bearer token when one is stored', async () => {
  const { api, fetch } = client([jsonResponse({ wish_id: 9 }, 201)]);
  await expect(api.saveWish('Hi', false)).resolves.toEqual({ wish_id: 9 });
  expect(fetch).toHaveBeenCalledWith('/api/base/save_wish/', {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Bearer tok' },
    body: JSON.stringify({ text: 'Hi', is_public: false }),
  });
});

it('omits the token when none is stored, and on login', async () => {
  const { api, fetch } = client([jsonResponse({ wishes: [] }), jsonResponse({ access: 'a', refresh: 'r' })], null);
  await api.getFeed(2);
  expect((fetch.mock.calls[0] as unknown[])[0]).toBe('/api/base/feed/2/');
  expect(((fetch.mock.calls[0] as unknown[])[1] as RequestInit).headers).not.toHaveProperty('Authorization');
  await api.login('a@b.co', 'pw');
});

it("shows the server's error field where present", async () => {
  const { api } = client([jsonResponse({ error: 'You have reached the limit.' }, 429)]);
  await expect(api.generateText({ style: 's', audience: 'a', name: 'n', topic: 't', details: 'd' })).rejects.toMatchObject({
    message: 'You have reached the limit.',
    status: 429,
  });
});

it.each([
  ['search', (api: ReturnType<typeof createApiClient>) => api.search('cake'), 'Search failed. Please try again.'],
  ['vote', (api: ReturnType<typeof createApiClient>) => api.vote(1), 'Failed to vote'],
  ['removeVote', (api: ReturnType<typeof createApiClient>) => api.removeVote(1), 'Failed to remove vote'],
  ['voters', (api: ReturnType<typeof createApiClient>) => api.getVoters(1), 'Failed to fetch voters'],
  ['createUser', (api: ReturnType<typeof createApiClient>) => api.createUser({ email: '', password: '', first_name: '', last_name: '', phone: '' }), 'Registration failed. Please try again.'],
  ['resetRequest', (api: ReturnType<typeof createApiClient>) => api.requestPasswordReset('a@b'), 'Password reset request failed. Please try again.'],
  ['resetConfirm', (api: ReturnType<typeof createApiClient>) => api.confirmPasswordReset({ uid: '1', token: 't', new_password: 'p' }), 'Password reset failed. Please try again.'],
  ['subscribe', (api: ReturnType<typeof createApiClient>) => api.subscribe(1), 'Could not subscribe to this user. Please try again.'],
  ['unsubscribe', (api: ReturnType<typeof createApiClient>) => api.unsubscribe(1), 'Could not unsubscribe from this user. Please try again.'],
  ['profile', (api: ReturnType<typeof createApiClient>) => api.getProfile(1), 'Could not check subscription status.'],
  ['subscriptions', (api: ReturnType<typeof createApiClient>) => api.getMySubscriptions(), 'Could not fetch subscriptions.'],
  ['avatar', (api: ReturnType<typeof createApiClient>) => api.uploadAvatar(new Blob(['x'])), 'Failed to upload avatar.'],
])('%s falls back to the docs/product.md#8-error-texts default text', async (_name, run, text) => {
  const { api } = client([jsonResponse({ detail: 'no error field' }, 500)]);
  await expect(run(api)).rejects.toMatchObject({ message: text, status: 500 });
});

it('a network failure is an ApiError with status 0 and the default text', async () => {
  const { api } = client([new TypeError('Failed to fetch')]);
  const error = await api.search('x').catch((e) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 0, message: API_ERRORS.search });
});

describe('response checks (docs/product.md#5-validation)', () => {
  it('a voters response must contain a voters list', async () => {
    const { api } = client([jsonResponse({ count: 0 })]);
    await expect(api.getVoters(1)).rejects.toMatchObject({ message: 'Failed to fetch voters' });
  });
  it('a vote response must contain a wish', async () => {
    const { api } = client([jsonResponse({ message: 'Upvoted' })]);
    await expect(api.vote(1, 'upvote')).rejects.toMatchObject({ message: 'Failed to vote' });
  });
  it('a generated-text response must contain text', async () => {
    const { api } = client([jsonResponse({ rate_limit: { limit: 1, remaining: 0 } })]);
    await expect(api.generateText({ style: 's', audience: 'a', name: 'n', topic: 't', details: 'd' })).rejects.toMatchObject({
      message: 'Failed to generate wish. Please try again.',
    });
  });
  it('save, registration and login responses must contain their fields', async () => {
    const { api } = client([jsonResponse({}, 201), jsonResponse({}, 201), jsonResponse({ access: 'only' })]);
    await expect(api.saveWish('x')).rejects.toBeInstanceOf(ApiError);
    await expect(api.createUser({ email: 'a', password: 'b', first_name: 'c', last_name: 'd', phone: 'e' })).rejects.toBeInstanceOf(ApiError);
    await expect(api.login('a', 'b')).rejects.toMatchObject({ message: 'Authentication failed' });
  });
  it('a non-JSON success body counts as failure', async () => {
    const { api } = client([jsonResponse('<html>', 200)]);
    await expect(api.getFeed(1)).rejects.toBeInstanceOf(ApiError);
  });
});

it('lookups resolve null on 404', async () => {
  const { api } = client([jsonResponse({ error: 'User not found' }, 404), jsonResponse({ error: 'Wish not found' }, 404)]);
  await expect(api.getProfile(99)).resolves.toBeNull();
  await expect(api.getWish(99)).resolves.toBeNull();
});

it('refreshes an expired token once and retries the call', async () => {
  const { api, fetch, refresh } = client([
    jsonResponse({ detail: 'Given token not valid for any token type', code: 'token_not_valid' }, 401),
    jsonResponse({ wishes: [], page_number: 1, next_page_number: null, hasMore: false }),
  ]);
  await expect(api.getFeed(1)).resolves.toMatchObject({ wishes: [] });
  expect(refresh).toHaveBeenCalledTimes(1);
  expect(fetch).toHaveBeenCalledTimes(2);
});

it('does not loop when the retried call is still unauthorized', async () => {
  const invalid = () => jsonResponse({ detail: 'Given token not valid for any token type', code: 'token_not_valid' }, 401);
  const { api, fetch } = client([invalid(), invalid()]);
  await expect(api.getMySubscriptions()).rejects.toMatchObject({ status: 401 });
  expect(fetch).toHaveBeenCalledTimes(2);
});

it('pages search by number and passes the voters filter', async () => {
  const { api, fetch } = client([jsonResponse({ wishes: [] }), jsonResponse({ wishes: [] }), jsonResponse({ voters: [] }), jsonResponse({ voters: [] })]);
  await api.search('cake', 1);
  await api.search('cake', 3);
  await api.getVoters(5, 'downvote');
  await api.getVoters(5, undefined, { limit: 50, cursor: 'MjAyNi0x_fA' });
  expect(fetch.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
    '/api/base/search/',
    '/api/base/search/3/',
    '/api/wish/5/voters/?vote_type=downvote',
    '/api/wish/5/voters/?limit=50&cursor=MjAyNi0x_fA',
  ]);
});

it('uploads the avatar as the multipart field "avatar"', async () => {
  const { api, fetch } = client([jsonResponse({ success: true, message: 'ok', avatar_url: '/a', avatar_thumbnail: '/t' })]);
  await api.uploadAvatar(new Blob(['png']), 'me.png');
  const init = (fetch.mock.calls[0] as unknown[])[1] as RequestInit;
  expect(init.body).toBeInstanceOf(FormData);
  expect((init.body as FormData).get('avatar')).toBeTruthy();
  expect(init.headers).not.toHaveProperty('Content-Type');
});
