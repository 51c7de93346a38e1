import { ApiError, API_ERRORS, createClient } from './client';
import { jsonResponse } from './testing';

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

it("fails with the call's spec text from the one map, or the server's error", async () => {
  const { call } = client([jsonResponse({}, 500), jsonResponse({ error: 'Wish not found.' }, 404)]);
  await expect(call('voteOnWish', { params: { id: 1 }, body: { vote_type: 'up' } })).rejects.toEqual(new ApiError(API_ERRORS.vote, 500));
  await expect(call('voteOnWish', { params: { id: 1 }, body: { vote_type: 'up' } })).rejects.toMatchObject({ message: 'Wish not found.', status: 404 });
});

it('applies the response checks', async () => {
  const { call } = client([jsonResponse({ message: 'ok' })]);
  await expect(call('getModerationLog', { query: { page: 1 } })).rejects.toMatchObject({ message: API_ERRORS.moderationLoad });
});
