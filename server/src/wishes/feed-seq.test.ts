/**
 * The feed's keyset (wishes.public_seq, migrations/0002_feed_seq.ts) must give exactly the pages an
 * OFFSET over (created_at desc, id desc) gives, whatever the order and concurrency of the saves.
 */
import { sql } from 'kysely';
import { createTestApp, dialects, type TestContext, type TestUser } from '../testing/harness';
import { clearFeedCache, feedPage, insertWish } from './queries';

describe.each(dialects)('feed positions (%s)', (dialect) => {
  let t: TestContext;
  let author: TestUser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    author = await t.createUser();
  });
  afterAll(async () => t.close());

  async function expectFeedMatchesOffset() {
    const { db } = t.app.deps;
    const all = await sql<{ id: number }>`select id from wishes where is_public = 1 order by created_at desc, id desc`.execute(db);
    const expected = all.rows.map((r) => r.id);
    const got: number[] = [];
    for (let page = 1; ; page++) {
      const p = await feedPage(db, page, 3, author.id);
      got.push(...p.wishes.map((w) => w.id));
      if (!p.hasMore) break;
    }
    expect(got).toEqual(expected);
    const seqs = await sql<{ s: number }>`select public_seq as s from wishes where is_public = 1 order by created_at, id`.execute(db);
    expect(seqs.rows.map((r) => Number(r.s))).toEqual(expected.map((_, i) => i + 1));
  }

  it('numbers concurrent saves, private ones and back-dated ones in feed order, without gaps', async () => {
    const { db } = t.app.deps;
    await Promise.all(Array.from({ length: 12 }, (_, i) => t.saveWish(author, `Parallel ${i}`, i % 4 !== 0)));
    const base = Date.now();
    // Back-dated (as the demo seed does), some sharing a timestamp, in no particular order.
    for (const minutes of [30, 5, 30, 90, 1, 5]) await insertWish(db, author.id, `Back-dated ${minutes}`, true, new Date(base - minutes * 60_000).toISOString());
    await insertWish(db, author.id, 'Private back-dated', false, new Date(base - 60 * 60_000).toISOString());
    await Promise.all(Array.from({ length: 6 }, (_, i) => t.saveWish(author, `Later ${i}`)));
    await expectFeedMatchesOffset();
  });

  it('shows a new public wish to anonymous readers at once (the feed cache is cleared on save)', async () => {
    const before = (await t.request({ url: '/api/base/feed/1/' })).json();
    const id = await t.saveWish(author, 'Fresh one');
    const after = (await t.request({ url: '/api/base/feed/1/' })).json();
    expect(after.wishes[0].id).toBe(id);
    expect(after.wishes[0].id).not.toBe(before.wishes[0].id);
    clearFeedCache(t.app.deps.db);
  });

  it('keeps counters exact when one user switches a vote in parallel requests', async () => {
    const id = await t.saveWish(author, 'Flip me');
    const voter = await t.createUser();
    const types = ['upvote', 'downvote', 'upvote', 'downvote', 'upvote', 'downvote', 'upvote', 'downvote'];
    await Promise.all(
      types.map((vote_type, i) =>
        i % 3 === 2
          ? t.request({ method: 'DELETE', url: `/api/wish/${id}/vote/`, token: voter.access })
          : t.request({ method: 'POST', url: `/api/wish/${id}/vote/`, token: voter.access, payload: { vote_type } }),
      ),
    );
    const { db } = t.app.deps;
    const votes = await sql<{ vote_type: string }>`select vote_type from votes where wish_id = ${id}`.execute(db);
    const wish = await sql<{ up: number; down: number }>`select upvote_count as up, downvote_count as down from wishes where id = ${id}`.execute(db);
    expect(votes.rows.length).toBeLessThanOrEqual(1);
    expect(Number(wish.rows[0]!.up)).toBe(votes.rows.filter((v) => v.vote_type === 'upvote').length);
    expect(Number(wish.rows[0]!.down)).toBe(votes.rows.filter((v) => v.vote_type === 'downvote').length);
  });
});
