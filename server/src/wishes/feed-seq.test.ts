/**
 * The feed's numbering (wishes.feed_seq + feed_buckets, migrations/0007_moderation.ts) must give
 * exactly the pages an OFFSET over the listed wishes (created_at desc, id desc) gives, whatever the
 * order and concurrency of the saves, and whatever is deleted, made private, hidden or restored.
 */
import { sql } from 'kysely';
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';
import * as q from './queries';
import { FEED_BUCKET_SIZE, feedPage } from './feeds';
import { FEED_BUCKET_SIZE as MIGRATION_BUCKET_SIZE } from '../db/migrations/0007_moderation';

describe.each(dialects)('feed positions (%s)', (dialect) => {
  let t: TestContext;
  let author: TestUser;
  // The store's writes, each followed by its event, as the routes do.
  const insertWish = async (...args: Parameters<typeof q.insertWish>) => {
    const id = await q.insertWish(...args);
    await t.app.deps.events.emit({ kind: 'wish.saved', wishId: id, authorId: args[1] });
    return id;
  };
  const deleteWish = async (db: Parameters<typeof q.deleteWish>[0], id: number) => {
    await q.deleteWish(db, id);
    await t.app.deps.events.emit({ kind: 'wish.deleted', wishId: id });
  };
  const updateWish = async (db: Parameters<typeof q.updateWish>[0], id: number, change: { isPublic: boolean }) => {
    await q.updateWish(db, id, change);
    await t.app.deps.events.emit({ kind: 'wish.visibility-changed', wishId: id, isPublic: change.isPublic });
  };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    author = await t.createUser();
  });
  afterAll(async () => t.close());

  async function expectFeedMatchesOffset(pageSize = 3) {
    const { db } = t.app.deps;
    const all = await sql<{ id: number }>`select id from wishes where is_public = 1 and hidden = 0 order by created_at desc, id desc`.execute(db);
    const expected = all.rows.map((r) => r.id);
    const got: number[] = [];
    for (let page = 1; ; page++) {
      const p = await feedPage(t.app.deps.readModel, page, pageSize, author.id);
      got.push(...p.wishes.map((w) => w.id));
      if (!p.hasMore) break;
    }
    expect(got).toEqual(expected);
    // Every wish, public or not, has a distinct position in feed order.
    const seqs = await sql<{ s: number }>`select feed_seq as s from wishes order by created_at, id`.execute(db);
    const numbers = seqs.rows.map((r) => Number(r.s));
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
    expect(new Set(numbers).size).toBe(numbers.length);
    // The bucket counts the triggers keep equal a fresh count.
    const kept = await sql<{ bucket: number; listed: number }>`select bucket, listed from feed_buckets where listed <> 0 order by bucket`.execute(db);
    const fresh = await sql<{ bucket: number; listed: number }>`select feed_seq / ${sql.raw(String(FEED_BUCKET_SIZE))} as bucket, count(*) as listed from wishes
      where is_public = 1 and hidden = 0 group by feed_seq / ${sql.raw(String(FEED_BUCKET_SIZE))} order by 1`.execute(db);
    expect(kept.rows.map((r) => [Number(r.bucket), Number(r.listed)])).toEqual(fresh.rows.map((r) => [Number(r.bucket), Number(r.listed)]));
  }

  it('counts by the bucket size the migration built its triggers with', () => {
    expect(FEED_BUCKET_SIZE).toBe(MIGRATION_BUCKET_SIZE);
  });

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

  it('keeps every page exact across deletes, visibility switches and hides, over several buckets', async () => {
    const { db } = t.app.deps;
    // Enough wishes to span more than two buckets, some private, inserted in one go.
    const base = Date.now() - 10 * 24 * 3600_000;
    const ids: number[] = [];
    for (let i = 0; i < FEED_BUCKET_SIZE * 2 + 50; i++) ids.push(await insertWish(db, author.id, `Bulk ${i}`, i % 7 !== 0, new Date(base + i * 1000).toISOString()));
    await expectFeedMatchesOffset(10);
    for (const id of ids.filter((_, i) => i % 5 === 0)) await deleteWish(db, id);
    for (const id of ids.filter((_, i) => i % 5 === 1)) await updateWish(db, id, { isPublic: false });
    for (const id of ids.filter((_, i) => i % 7 === 0 && i % 5 > 1)) await updateWish(db, id, { isPublic: true });
    await sql`update wishes set hidden = hidden | 1 where id in (${sql.join(ids.filter((_, i) => i % 11 === 3))})`.execute(db);
    await expectFeedMatchesOffset(10);
    await expectFeedMatchesOffset(7);
    await sql`update wishes set hidden = 0`.execute(db);
    // A back-dated save still lands in order, and a seq shift across a bucket edge moves the counts.
    await insertWish(db, author.id, 'Back-dated into the middle', true, new Date(base + 5500).toISOString());
    await expectFeedMatchesOffset(10);
    // ~1,500 single-row commits on PostgreSQL: a bound for a loaded machine, not a speed check.
  }, 180_000);

  it('shows a new public wish to anonymous readers at once (the feed cache is cleared on save)', async () => {
    const before = (await t.request({ url: '/api/base/feed/1/' })).json();
    const id = await t.saveWish(author, 'Fresh one');
    const after = (await t.request({ url: '/api/base/feed/1/' })).json();
    expect(after.wishes[0].id).toBe(id);
    expect(after.wishes[0].id).not.toBe(before.wishes[0].id);
    t.app.deps.readModel.clearListed();
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
