/** The security rule: a private wish exists only for its author, on every route; hidden, banned-author and deleted wishes likewise. */
import { createTestApp, dialects, type TestContext, type TestUser } from '../kit/harness';
import { loadOptions } from '../../src/options/load';
import { runAdminCommand } from '../../src/moderation/admin-cli';

// Each describe builds an app and several accounts (scrypt): a loaded CI machine needs more than 30 s for that.
jest.setTimeout(120_000);

const NOT_FOUND = [404, { error: 'Wish not found' }];

/** The wish's detail, its voters and a report of it answer `token` exactly as for a missing wish. */
async function expectReadsLikeMissing(t: TestContext, id: number, token: string | undefined, category: string) {
  const detail = await t.request({ url: `/api/base/wish/${id}/`, token });
  expect([detail.statusCode, detail.json()]).toEqual(NOT_FOUND);
  const voters = await t.request({ url: `/api/wish/${id}/voters/`, token });
  expect([voters.statusCode, voters.json()]).toEqual(NOT_FOUND);
  const report = await t.request({ method: 'POST', url: '/api/complaints/submit/', payload: { category, wish_id: id }, token });
  expect([report.statusCode, report.json()]).toEqual(NOT_FOUND);
}

/** Voting on the wish and removing a vote answer `token` exactly as for a missing wish. */
async function expectVotesLikeMissing(t: TestContext, id: number, token: string) {
  const vote = await t.request({ method: 'POST', url: `/api/wish/${id}/vote/`, payload: { vote_type: 'upvote' }, token });
  expect([vote.statusCode, vote.json()]).toEqual(NOT_FOUND);
  const unvote = await t.request({ method: 'DELETE', url: `/api/wish/${id}/vote/`, token });
  expect([unvote.statusCode, unvote.json()]).toEqual(NOT_FOUND);
}

describe.each(dialects)('private wishes are invisible to everyone but the author (%s)', (dialect) => {
  let t: TestContext;
  let author: TestUser;
  let other: TestUser;
  let privateId: number;
  let publicId: number;
  let category: string;
  beforeAll(async () => {
    // Search's own time bound is tested in search-limits.test.ts; here a loaded machine must not turn it into a 503.
    t = await createTestApp(dialect, { searchTimeoutMs: 30_000 });
    author = await t.createUser({ first_name: 'Priya', last_name: 'Private' });
    other = await t.createUser();
    publicId = await t.saveWish(author, 'A public zebra wish');
    privateId = await t.saveWish(author, 'A private zebra wish', false);
    category = loadOptions(t.config.optionsPath).options.report_topic_config[0];
  });
  afterAll(async () => t.close());

  const viewers = () => [
    { who: 'visitor', token: undefined as string | undefined },
    { who: 'other user', token: other.access },
  ];

  it('is absent from the feed, search, the author list and posts count', async () => {
    for (const { token } of viewers()) {
      const feed = (await t.request({ url: '/api/base/feed/1/', token })).json();
      expect(feed.wishes.map((w: { id: number }) => w.id)).toEqual([publicId]);
      const search = (await t.request({ method: 'POST', url: '/api/base/search/', payload: { query: 'zebra' }, token })).json();
      expect(search.wishes.map((w: { id: number }) => w.id)).toEqual([publicId]);
      expect(search.total_results).toBe(1);
      const list = (await t.request({ url: `/api/base/user/${author.id}/wishes/1/`, token })).json();
      expect(list.wishes.map((w: { id: number }) => w.id)).toEqual([publicId]);
      expect((await t.request({ url: `/api/profile/${author.id}/`, token })).json().posts).toBe(1);
    }
    // The author sees both in their own list and count, but the public feed stays public.
    const own = (await t.request({ url: `/api/base/user/${author.id}/wishes/1/`, token: author.access })).json();
    expect(own.wishes.map((w: { id: number }) => w.id)).toEqual([privateId, publicId]);
    expect((await t.request({ url: `/api/profile/${author.id}/`, token: author.access })).json().posts).toBe(2);
    expect((await t.request({ url: '/api/base/feed/1/', token: author.access })).json().wishes.map((w: { id: number }) => w.id)).toEqual([publicId]);
  });

  it('answers 404 on detail, voters, vote, unvote and report, exactly like a missing wish', async () => {
    const missing = 999_999;
    for (const { token } of viewers()) {
      for (const id of [privateId, missing]) await expectReadsLikeMissing(t, id, token, category);
    }
    for (const id of [privateId, missing]) await expectVotesLikeMissing(t, id, other.access);
    const row = await t.app.deps.db.selectFrom('wishes').select(['upvote_count']).where('id', '=', privateId).executeTakeFirstOrThrow();
    expect(row.upvote_count).toBe(0);
  });

  it('is absent from the following feed, others\' link-preview cards and the author\'s notifications of others', async () => {
    await t.request({ method: 'POST', url: `/api/profile/${author.id}/subscribe/`, token: other.access });
    const following = (await t.request({ url: '/api/base/feed/following/1/', token: other.access })).json();
    expect(following.wishes.map((w: { id: number }) => w.id)).toEqual([publicId]);
    // The author follows nobody: their own private wish is not in their following feed either.
    expect((await t.request({ url: '/api/base/feed/following/1/', token: author.access })).json().wishes).toEqual([]);
    for (const { token } of viewers()) {
      expect((await t.request({ url: `/api/base/wish/${privateId}/card.png`, token })).statusCode).toBe(404);
    }
    // The author, signed in, may download the card of their own private wish (never cached publicly).
    const own = await t.request({ url: `/api/base/wish/${privateId}/card.png`, token: author.access });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toMatch(/private|no-store/);
    // A vote on a private wish is refused for others, so it can never notify; the author's own vote never does.
    await t.request({ method: 'POST', url: `/api/wish/${privateId}/vote/`, token: author.access, payload: { vote_type: 'upvote' } });
    await t.request({ method: 'DELETE', url: `/api/wish/${privateId}/vote/`, token: author.access });
    const notes = (await t.request({ url: '/api/notifications/', token: author.access })).json();
    expect(notes.notifications.filter((n: { wish_id: number | null }) => n.wish_id === privateId)).toEqual([]);
    await t.request({ method: 'DELETE', url: `/api/profile/${author.id}/subscribe/`, token: other.access });
  });

  it('works normally for the author', async () => {
    expect((await t.request({ url: `/api/base/wish/${privateId}/`, token: author.access })).json().wish.is_public).toBe(false);
    expect((await t.request({ method: 'POST', url: `/api/wish/${privateId}/vote/`, payload: {}, token: author.access })).statusCode).toBe(200);
    expect((await t.request({ url: `/api/wish/${privateId}/voters/`, token: author.access })).json().count).toBe(1);
    expect((await t.request({ method: 'DELETE', url: `/api/wish/${privateId}/vote/`, token: author.access })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/complaints/submit/', payload: { category, wish_id: privateId }, token: author.access })).statusCode).toBe(201);
  });
});

/**
 * The same rule for the v2 states (docs/api.md, "Own wishes and moderation"): a wish hidden by moderators, a wish
 * whose author is banned, and a deleted wish are, for visitors and other members, exactly like a
 * missing wish on every route. Hidden and banned-author wishes stay visible to moderators (detail,
 * the author's list) but are never listed in the feed or search; the author of a hidden wish sees
 * it with its moderation state.
 */
describe.each(dialects)('hidden, banned-author and deleted wishes are invisible like private ones (%s)', (dialect) => {
  let t: TestContext;
  let author: TestUser;
  let banned: TestUser;
  let other: TestUser;
  let moderator: TestUser;
  let category: string;
  const ids = { hidden: 0, bannedAuthor: 0, deleted: 0 };
  beforeAll(async () => {
    // Search's own time bound is tested in search-limits.test.ts; here a loaded machine must not turn it into a 503.
    t = await createTestApp(dialect, { searchTimeoutMs: 30_000 });
    author = await t.createUser({ first_name: 'Hana', last_name: 'Hidden' });
    banned = await t.createUser({ first_name: 'Bruno', last_name: 'Banned' });
    other = await t.createUser();
    moderator = await t.createUser();
    await runAdminCommand(t.app.deps.db, ['role', moderator.email, 'moderator']);
    category = loadOptions(t.config.optionsPath).options.report_topic_config[0];
    await t.saveWish(author, 'A listed okapi wish');
    ids.hidden = await t.saveWish(author, 'A hidden okapi wish');
    ids.bannedAuthor = await t.saveWish(banned, 'A banned okapi wish');
    ids.deleted = await t.saveWish(author, 'A deleted okapi wish');
    const mod = (url: string, payload: object) => t.request({ method: 'POST', url, payload, token: moderator.access });
    expect((await mod(`/api/moderation/wish/${ids.hidden}/`, { action: 'hide', reason: 'Off-topic' })).statusCode).toBe(200);
    expect((await mod(`/api/moderation/user/${banned.id}/`, { action: 'ban', reason: 'Spam' })).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api/base/wish/${ids.deleted}/`, token: author.access })).statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  const states = ['hidden', 'bannedAuthor', 'deleted'] as const;
  const listIds = (body: { wishes: { id: number }[] }) => body.wishes.map((w) => w.id);

  it.each(states)('%s: absent from the feed, search, the author list and posts count for visitors, members and moderators alike in lists', async (state) => {
    const id = ids[state];
    const owner = state === 'bannedAuthor' ? banned : author;
    for (const token of [undefined, other.access, moderator.access, author.access]) {
      expect(listIds((await t.request({ url: '/api/base/feed/1/', token })).json())).not.toContain(id);
      const search = (await t.request({ method: 'POST', url: '/api/base/search/', payload: { query: 'okapi' }, token })).json();
      expect(listIds(search)).not.toContain(id);
      expect(search.total_results).toBe(1);
    }
    for (const token of [undefined, other.access]) {
      expect(listIds((await t.request({ url: `/api/base/user/${owner.id}/wishes/`, token })).json())).not.toContain(id);
    }
    const expectedForModerator = state !== 'deleted';
    expect(listIds((await t.request({ url: `/api/base/user/${owner.id}/wishes/`, token: moderator.access })).json()).includes(id)).toBe(expectedForModerator);
    const posts = (token?: string) => t.request({ url: `/api/profile/${owner.id}/`, token }).then((r) => r.json().posts);
    const visible = state === 'bannedAuthor' ? 0 : 1; // the author's one listed wish
    expect(await posts()).toBe(visible);
    expect(await posts(other.access)).toBe(visible);
  });

  it.each(states)('%s: 404 on detail, voters, vote, unvote and report, exactly like a missing wish', async (state) => {
    const id = ids[state];
    for (const token of [undefined, other.access]) await expectReadsLikeMissing(t, id, token, category);
    await expectVotesLikeMissing(t, id, other.access);
    const edit = await t.request({ method: 'PATCH', url: `/api/base/wish/${id}/`, payload: { text: 'x' }, token: other.access });
    expect(edit.statusCode).toBe(404);
  });

  it('shows the hidden wish to its author with the reason, and hidden ones to moderators; never the key to others', async () => {
    const own = (await t.request({ url: `/api/base/wish/${ids.hidden}/`, token: author.access })).json().wish;
    expect(own.moderation).toEqual({ state: 'hidden', reason: 'Off-topic' });
    const ownList = (await t.request({ url: `/api/base/user/${author.id}/wishes/`, token: author.access })).json();
    expect(ownList.wishes.find((w: { id: number }) => w.id === ids.hidden).moderation.state).toBe('hidden');
    expect((await t.request({ url: `/api/base/wish/${ids.hidden}/`, token: moderator.access })).statusCode).toBe(200);
    expect((await t.request({ url: `/api/base/wish/${ids.bannedAuthor}/`, token: moderator.access })).statusCode).toBe(200);
    expect((await t.request({ url: `/api/base/wish/${ids.deleted}/`, token: moderator.access })).statusCode).toBe(404);
    const feed = await t.request({ url: '/api/base/feed/1/', token: other.access });
    expect(feed.body).not.toContain('moderation');
    expect(feed.body).not.toContain('hidden okapi');
  });
});
