/**
 * On SQLite the feed's wishes are serialized by SQLite itself (LISTED_WISH_JSON in queries.ts);
 * everywhere else a wish goes through toWish. Both must give the same Wish, field for field, for
 * awkward names and texts, the viewer's own votes and edits, on the first page and deeper ones.
 */
import { sql } from 'kysely';
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';
import { feedPage, followingFeedPage } from './feeds';
import { getVisibleWish } from './queries';
import { wishStoreOf } from './service';

const NAMES: [string, string][] = [
  ['', ''],
  [' ', '\u00a0'],
  ['\tZoë', 'Ångström\u3000'],
  ['O"Brien', 'back\\slash'],
  ['🎂 Maya', ''],
  ['', 'Only-Last'],
];
const TEXTS = ['plain', 'quotes " and \\ backslash', 'new\nline and\ttab', 'control \u0001 char', 'line\u2028separator', 'emoji 🎉 and ünïcödé', '<script>alert(1)</script>'];

describe.each(dialects)('feed pages equal toWish (%s)', (dialect) => {
  let t: TestContext;
  let viewer: TestUser;
  const ids: number[] = [];
  const followedIds: number[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    viewer = await t.createUser();
    const { db } = t.app.deps;
    for (const [index, [first, last]] of NAMES.entries()) {
      const author = await t.createUser();
      await sql`update users set first_name = ${first}, last_name = ${last}, avatar_url = ${index % 2 ? `/media/a${index}.png` : null},
        avatar_thumbnail = ${index % 2 ? `/media/t${index}.png` : null} where id = ${author.id}`.execute(db);
      const followed = index % 2 === 0;
      if (followed) await t.request({ method: 'POST', url: `/api/profile/${author.id}/subscribe/`, token: viewer.access });
      for (const text of TEXTS.slice(index % 3, index % 3 + 3)) {
        const id = await t.saveWish(author, `${text} #${ids.length}`);
        ids.push(id);
        if (followed) followedIds.push(id);
      }
    }
    await t.request({ method: 'POST', url: `/api/wish/${ids[0]}/vote/`, token: viewer.access, payload: { vote_type: 'upvote' } });
    await t.request({ method: 'POST', url: `/api/wish/${ids[1]}/vote/`, token: viewer.access, payload: { vote_type: 'downvote' } });
    await sql`update wishes set edited_at = published_at where id = ${ids[2]}`.execute(db);
    t.app.deps.readModel.clearListed();
  });
  afterAll(async () => t.close());

  it.each([
    ['a visitor', null],
    ['a member who voted', 'viewer'],
  ])('as %s, every page of every size', async (_label, who) => {
    const { db } = t.app.deps;
    const viewerId = who ? viewer.id : null;
    for (const pageSize of [10, 4]) {
      const seen: number[] = [];
      for (let page = 1; ; page++) {
        const got = await feedPage(t.app.deps.readModel, page, pageSize, viewerId);
        for (const wish of got.wishes) expect(wish).toEqual(await getVisibleWish(db, wish.id, viewerId));
        seen.push(...got.wishes.map((w) => w.id));
        expect(got.page_number).toBe(page);
        expect(got.next_page_number).toBe(got.hasMore ? page + 1 : null);
        if (!got.hasMore) break;
      }
      expect(seen.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    }
  });

  it('the following feed: every page of every size, with the follower’s votes', async () => {
    const { db } = t.app.deps;
    for (const pageSize of [10, 2]) {
      const seen: number[] = [];
      for (let page = 1; ; page++) {
        const got = await followingFeedPage(t.app.deps.readModel, wishStoreOf(t.app.deps), viewer.id, page, pageSize);
        for (const wish of got.wishes) expect(wish).toEqual(await getVisibleWish(db, wish.id, viewer.id));
        seen.push(...got.wishes.map((w) => w.id));
        expect(got.next_page_number).toBe(got.hasMore ? page + 1 : null);
        if (!got.hasMore) break;
      }
      expect(seen.sort((a, b) => a - b)).toEqual([...followedIds].sort((a, b) => a - b));
    }
    const res = await t.request({ method: 'GET', url: '/api/base/feed/following/', token: viewer.access });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual(await followingFeedPage(t.app.deps.readModel, wishStoreOf(t.app.deps), viewer.id, 1, res.json().wishes.length));
  });

  it('the feed route sends the same page as JSON, with the viewer’s votes', async () => {
    const res = await t.request({ method: 'GET', url: '/api/base/feed/', token: viewer.access });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    expect(body).toEqual(await feedPage(t.app.deps.readModel, 1, body.wishes.length, viewer.id));
    const byId = new Map(body.wishes.map((w: { id: number; vote_type: string | null }) => [w.id, w.vote_type]));
    expect(byId.get(ids[ids.length - 1])).toBeNull();
    const anonymous = await t.request({ method: 'GET', url: '/api/base/feed/2/' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().wishes.every((w: { vote_type: unknown }) => w.vote_type === null)).toBe(true);
  });
});
