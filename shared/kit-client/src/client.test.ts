import { ApiError, API_ERRORS, createClient, type Client } from './client';
import { jsonResponse } from '@wishes/kit-test';

function client(responses: Response[]) {
  const fetch = jest.fn(async (_url: string, _init?: RequestInit) => responses.shift() ?? jsonResponse({}, 500));
  return { ...createClient({ fetch, getToken: () => 'tok', refresh: async () => false }), fetch };
}

it('builds the path from params and the query string from query, with the method of the operation table', async () => {
  const { call, fetch } = client([jsonResponse({ items: [], page_number: 2, next_page_number: null })]);
  const page = await call('getReportQueue', { query: { status: 'resolved', page: 2 } });
  expect(page.items).toEqual([]);
  expect(fetch.mock.calls[0]![0]).toBe('/api/moderation/reports/?status=resolved&page=2');
  expect(fetch.mock.calls[0]![1]!.method).toBe('GET');
});

it('sends the body as JSON and leaves out undefined query values', async () => {
  const { call, fetch } = client([jsonResponse({ voters: [], next_cursor: null })]);
  await call('listVoters', { params: { id: 5 }, query: { vote_type: undefined, limit: 10 } });
  expect(fetch.mock.calls[0]![0]).toBe('/api/wish/5/voters/?limit=10');
});

it('sends the extra headers an operation reads (a group signer\'s X-Edit-Token), keeping its own Accept and token', async () => {
  const { send, fetch } = client([jsonResponse({ message: 'ok' })]);
  await send('deleteGroupContribution', { params: { invite: 'inv', contribution_id: 3 }, headers: { 'X-Edit-Token': 'secret', Accept: 'text/plain' } });
  expect(fetch.mock.calls[0]![1]!.headers).toEqual({ 'X-Edit-Token': 'secret', Accept: 'application/json', Authorization: 'Bearer tok' });
});

it("fails with the call's spec text from the one map, or the server's error", async () => {
  const { call } = client([jsonResponse({}, 500), jsonResponse({ error: 'Wish not found.' }, 404)]);
  await expect(call('voteOnWish', { params: { id: 1 }, body: { vote_type: 'up' } })).rejects.toEqual(new ApiError(API_ERRORS.vote, 500));
  await expect(call('voteOnWish', { params: { id: 1 }, body: { vote_type: 'up' } })).rejects.toMatchObject({ message: 'Wish not found.', status: 404 });
});

it('applies the response checks', async () => {
  const { call } = client([jsonResponse({ message: 'ok' })]);
  await expect(call('getModerationLog', { query: { page: 1 } })).rejects.toMatchObject({ message: API_ERRORS.moderationLoad });
});

// The rules every call shares (token, refresh, the spec's error texts, response checks, paths).
function avatarForm(file: Blob, fileName = 'avatar'): FormData {
  const form = new FormData();
  form.append('avatar', file, fileName);
  return form;
}

/** A client over scripted answers (an Error is a network failure), with a token and a refresh to watch. */
function scripted(responses: Array<Response | Error>, token: string | null = 'tok', refresh = jest.fn(async () => true)) {
  const fetch = jest.fn(async (_url: string, _init?: RequestInit) => {
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  });
  return { ...createClient({ fetch, getToken: () => token, refresh }), fetch, refresh };
}
const DRAFT_REQUEST = { style: 's', audience: 'a', name: 'n', topic: 't', details: 'd' };

it('sends JSON with the bearer token when one is stored', async () => {
  const { call, fetch } = scripted([jsonResponse({ wish_id: 9 }, 201)]);
  await expect(call('saveWish', { body: { text: 'Hi', is_public: false } })).resolves.toEqual({ wish_id: 9 });
  expect(fetch).toHaveBeenCalledWith('/api/base/save_wish/', {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Bearer tok' },
    body: JSON.stringify({ text: 'Hi', is_public: false }),
  });
});

it('omits the token when none is stored, and on login', async () => {
  const { call, fetch } = scripted([jsonResponse({ wishes: [] }), jsonResponse({ access: 'a', refresh: 'r' })], null);
  await call('getFeedPage', { params: { page: 2 } });
  expect((fetch.mock.calls[0] as unknown[])[0]).toBe('/api/base/feed/2/');
  expect(((fetch.mock.calls[0] as unknown[])[1] as RequestInit).headers).not.toHaveProperty('Authorization');
  await call('obtainToken', { body: { username: 'a@b.co', password: 'pw' } });
  expect(((fetch.mock.calls[1] as unknown[])[1] as RequestInit).headers).not.toHaveProperty('Authorization');
});

it("shows the server's error field where present", async () => {
  const { call } = scripted([jsonResponse({ error: 'You have reached the limit.' }, 429)]);
  await expect(call('generateText', { body: DRAFT_REQUEST })).rejects.toMatchObject({
    message: 'You have reached the limit.',
    status: 429,
  });
});

it.each([
  ['search', (c: Client) => c.call('search', { body: { query: 'cake' } }), 'Search failed. Please try again.'],
  ['vote', (c: Client) => c.call('voteOnWish', { params: { id: 1 }, body: { vote_type: 'upvote' } }), 'Failed to vote'],
  ['removeVote', (c: Client) => c.call('removeVote', { params: { id: 1 } }), 'Failed to remove vote'],
  ['voters', (c: Client) => c.call('listVoters', { params: { id: 1 } }), 'Failed to fetch voters'],
  ['createUser', (c: Client) => c.call('createUser', { body: { email: '', password: '', first_name: '', last_name: '', phone: '' } }), 'Registration failed. Please try again.'],
  ['resetRequest', (c: Client) => c.call('requestPasswordReset', { body: { email: 'a@b' } }), 'Password reset request failed. Please try again.'],
  ['resetConfirm', (c: Client) => c.call('confirmPasswordReset', { body: { uid: '1', token: 't', new_password: 'p' } }), 'Password reset failed. Please try again.'],
  ['subscribe', (c: Client) => c.call('subscribe', { params: { id: 1 } }), 'Could not subscribe to this user. Please try again.'],
  ['unsubscribe', (c: Client) => c.call('unsubscribe', { params: { id: 1 } }), 'Could not unsubscribe from this user. Please try again.'],
  ['profile', (c: Client) => c.call('getProfile', { params: { id: 1 } }), 'Could not check subscription status.'],
  ['subscriptions', (c: Client) => c.call('getMySubscriptions'), 'Could not fetch subscriptions.'],
  ['avatar', (c: Client) => c.call('uploadAvatar', { body: avatarForm(new Blob(['x'])) }), 'Failed to upload avatar.'],
])('%s falls back to the docs/product.md#8-error-texts default text', async (_name, run, text) => {
  const c = scripted([jsonResponse({ detail: 'no error field' }, 500)]);
  await expect(run(c)).rejects.toMatchObject({ message: text, status: 500 });
});

it('a network failure is an ApiError with status 0 and the default text', async () => {
  const { call } = scripted([new TypeError('Failed to fetch')]);
  const error = await call('search', { body: { query: 'x' } }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 0, message: API_ERRORS.search });
});

describe('response checks (docs/product.md#5-validation)', () => {
  it('a voters response must contain a voters list', async () => {
    const { call } = scripted([jsonResponse({ count: 0 })]);
    await expect(call('listVoters', { params: { id: 1 } })).rejects.toMatchObject({ message: 'Failed to fetch voters' });
  });
  it('a vote response must contain a wish', async () => {
    const { call } = scripted([jsonResponse({ message: 'Upvoted' })]);
    await expect(call('voteOnWish', { params: { id: 1 }, body: { vote_type: 'upvote' } })).rejects.toMatchObject({ message: 'Failed to vote' });
  });
  it('a generated-text response must contain text', async () => {
    const { call } = scripted([jsonResponse({ rate_limit: { limit: 1, remaining: 0 } })]);
    await expect(call('generateText', { body: DRAFT_REQUEST })).rejects.toMatchObject({
      message: 'Failed to generate wish. Please try again.',
    });
  });
  it('save, registration and login responses must contain their fields', async () => {
    const { call } = scripted([jsonResponse({}, 201), jsonResponse({}, 201), jsonResponse({ access: 'only' })]);
    await expect(call('saveWish', { body: { text: 'x', is_public: true } })).rejects.toBeInstanceOf(ApiError);
    await expect(call('createUser', { body: { email: 'a', password: 'b', first_name: 'c', last_name: 'd', phone: 'e' } })).rejects.toBeInstanceOf(ApiError);
    await expect(call('obtainToken', { body: { username: 'a', password: 'b' } })).rejects.toMatchObject({ message: 'Authentication failed' });
  });
  it('a non-JSON success body counts as failure', async () => {
    const { call } = scripted([jsonResponse('<html>', 200)]);
    await expect(call('getFeedPage', { params: { page: 1 } })).rejects.toBeInstanceOf(ApiError);
  });
});

it("a missing profile or wish is a 404 ApiError with the server's text (screens show their not-found state)", async () => {
  const { call } = scripted([jsonResponse({ error: 'User not found' }, 404), jsonResponse({ error: 'Wish not found' }, 404)]);
  await expect(call('getProfile', { params: { id: 99 } })).rejects.toMatchObject({ status: 404, message: 'User not found' });
  await expect(call('getWish', { params: { id: 99 } })).rejects.toMatchObject({ status: 404, message: 'Wish not found' });
});

it('refreshes an expired token once and retries the call', async () => {
  const { call, fetch, refresh } = scripted([
    jsonResponse({ detail: 'Given token not valid for any token type', code: 'token_not_valid' }, 401),
    jsonResponse({ wishes: [], page_number: 1, next_page_number: null, hasMore: false }),
  ]);
  await expect(call('getFeedPage', { params: { page: 1 } })).resolves.toMatchObject({ wishes: [] });
  expect(refresh).toHaveBeenCalledTimes(1);
  expect(fetch).toHaveBeenCalledTimes(2);
});

it('does not loop when the retried call is still unauthorized', async () => {
  const invalid = () => jsonResponse({ detail: 'Given token not valid for any token type', code: 'token_not_valid' }, 401);
  const { call, fetch } = scripted([invalid(), invalid()]);
  await expect(call('getMySubscriptions')).rejects.toMatchObject({ status: 401 });
  expect(fetch).toHaveBeenCalledTimes(2);
});

it('pages search by number (page 1 is the bare search path) and passes the voters filter', async () => {
  const { call, fetch } = scripted([jsonResponse({ wishes: [] }), jsonResponse({ wishes: [] }), jsonResponse({ voters: [] }), jsonResponse({ voters: [] })]);
  await call('search', { body: { query: 'cake' } });
  await call('searchPage', { params: { page: 3 }, body: { query: 'cake' } });
  await call('listVoters', { params: { id: 5 }, query: { vote_type: 'downvote' } });
  await call('listVoters', { params: { id: 5 }, query: { limit: 50, cursor: 'MjAyNi0x_fA' } });
  expect(fetch.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
    '/api/base/search/',
    '/api/base/search/3/',
    '/api/wish/5/voters/?vote_type=downvote',
    '/api/wish/5/voters/?limit=50&cursor=MjAyNi0x_fA',
  ]);
});

it('uploads the avatar as the multipart field "avatar"', async () => {
  const { call, fetch } = scripted([jsonResponse({ success: true, message: 'ok', avatar_url: '/a', avatar_thumbnail: '/t' })]);
  await call('uploadAvatar', { body: avatarForm(new Blob(['png']), 'me.png') });
  const init = (fetch.mock.calls[0] as unknown[])[1] as RequestInit;
  expect(init.body).toBeInstanceOf(FormData);
  expect((init.body as FormData).get('avatar')).toBeTruthy();
  expect(init.headers).not.toHaveProperty('Content-Type');
});
