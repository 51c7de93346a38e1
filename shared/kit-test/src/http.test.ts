import { mockApi, operationPath, operationUrl, refuse } from './http';

const api = mockApi();

const wish = {
  id: 4,
  text: 'Happy birthday',
  user_id: 7,
  is_public: true,
  published_at: '2026-11-20T10:15:00.000Z',
  created_at: '2026-11-20T10:15:00.000Z',
  vote_count: 0,
  upvote_count: 0,
  downvote_count: 0,
  vote_type: null,
  author: 'Ada Lovelace',
  user: { id: 7, full_name: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace', avatar_url: null, avatar_thumbnail: null },
};

test("an operation's path comes from the operation table", () => {
  expect(operationPath('getWish')).toBe('*/api/base/wish/:id/');
  expect(operationPath('deleteWishReply')).toBe('*/api/wish/:id/replies/:reply_id/');
});

test('operation() answers the operation in turn, typed by its response, and records what was sent', async () => {
  const sent = api.operation('getWish', { body: { wish } }, refuse(404, 'Not found.'));
  const get = async (path: string) => {
    const res = await fetch(new URL(path, window.location.href));
    return [res.status, await res.json()];
  };
  expect(await get('/api/base/wish/4/')).toEqual([200, { wish }]);
  expect(await get('/api/base/wish/5/')).toEqual([404, { error: 'Not found.' }]);
  expect(sent.map((one) => [one.method, one.url, one.params.id])).toEqual([
    ['GET', '/api/base/wish/4/', '4'],
    ['GET', '/api/base/wish/5/', '5'],
  ]);
  // A body of another shape than the operation's response does not typecheck.
  // @ts-expect-error -- getWish answers a wish, not a page of them
  api.operation('getWish', { body: { wishes: [], page_number: 1 } });
});

test("operationUrl() fills an operation's parameters and query, checked against the operation", () => {
  expect(operationUrl('obtainToken')).toBe('/api/token/');
  expect(operationUrl('getWish', { params: { id: 4 } })).toBe('/api/base/wish/4/');
  expect(operationUrl('listGroups', { query: { page: 2 } })).toBe('/api/groups/?page=2');
  // @ts-expect-error -- getWish has a path parameter
  expect(() => operationUrl('getWish')).toThrow('getWish: missing path parameter id');
  // @ts-expect-error -- listGroups takes no `invite` query
  operationUrl('listGroups', { query: { invite: 'x' } });
});

test('routes().operation() answers one exact call of an operation, typed by its response; callsOf() lists its requests', async () => {
  const table = api.routes();
  table.operation('listGroups', { query: { page: 1 } }, { body: { groups: [], page_number: 1, next_page_number: 2 } });
  table.operation('getWish', { params: { id: 4 } }, (sent, n) => (n === 0 ? { body: { wish } } : 'network-error'));
  const get = async (path: string) => {
    const res = await fetch(new URL(path, window.location.href));
    return [res.status, await res.json()];
  };
  expect(await get('/api/groups/?page=1')).toEqual([200, { groups: [], page_number: 1, next_page_number: 2 }]);
  expect(await get('/api/groups/?page=2')).toEqual([404, { error: 'No route for GET /api/groups/?page=2' }]);
  expect(await get('/api/base/wish/4/')).toEqual([200, { wish }]);
  await expect(get('/api/base/wish/4/')).rejects.toThrow();
  expect(table.callsOf('listGroups', { query: { page: 1 } })).toHaveLength(1);
  expect(table.callsOf('getWish', { params: { id: 4 } })).toHaveLength(2);
  // @ts-expect-error -- listGroups answers a page of groups, not a wish
  table.operation('listGroups', {}, { body: { wish } });
});
