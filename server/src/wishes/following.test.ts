import { sql } from 'kysely';
import { createTestApp, dialects, expectJsonClientError, type TestContext, type TestUser } from '../../test/kit/harness';

describe.each(dialects)('following feed (%s)', (dialect) => {
  let t: TestContext;
  let me: TestUser;
  let ann: TestUser;
  let bob: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [me, ann, bob, stranger] = [await t.createUser(), await t.createUser({ first_name: 'Ann' }), await t.createUser({ first_name: 'Bob' }), await t.createUser()];
  });
  afterAll(async () => t.close());

  const page = (user: TestUser | null, p?: number) => t.request({ url: `/api/base/feed/following/${p ? `${p}/` : ''}`, token: user?.access });
  const follow = (target: TestUser) => t.request({ method: 'POST', url: `/api/profile/${target.id}/subscribe/`, token: me.access });

  it('is empty until the member follows someone; 401 for visitors', async () => {
    expectJsonClientError(await page(null, 1), 401);
    expectJsonClientError(await page(null), 401);
    await t.saveWish(ann, 'ann before follow');
    expect((await page(me, 1)).json()).toEqual({ wishes: [], page_number: 1, next_page_number: null, hasMore: false });
  });

  it('shows only the followed people\'s public wishes, newest first, paged by 10 with the viewer\'s vote', async () => {
    await follow(ann);
    await follow(bob);
    await t.saveWish(ann, 'ann private', false);
    await t.saveWish(stranger, 'stranger public');
    await t.saveWish(me, 'my own');
    const expected: string[] = ['ann before follow'];
    for (let i = 0; i < 12; i++) {
      const who = i % 2 ? ann : bob;
      const text = `${who.first_name} ${i}`;
      await t.saveWish(who, text);
      expected.unshift(text);
    }
    const first = (await page(me, 1)).json();
    expect(first.wishes.map((w: { text: string }) => w.text)).toEqual(expected.slice(0, 10));
    expect(first).toMatchObject({ page_number: 1, next_page_number: 2, hasMore: true });
    const second = (await page(me, 2)).json();
    expect(second.wishes.map((w: { text: string }) => w.text)).toEqual(expected.slice(10));
    expect(second).toMatchObject({ next_page_number: null, hasMore: false });
    expect((await page(me)).json().wishes[0].text).toBe(expected[0]);

    const top = first.wishes[0].id;
    await t.request({ method: 'POST', url: `/api/wish/${top}/vote/`, token: me.access, payload: { vote_type: 'upvote' } });
    expect((await page(me, 1)).json().wishes[0]).toMatchObject({ id: top, vote_type: 'upvote', upvote_count: 1 });
  });

  it('drops a person at once on unfollow; bad pages are 404', async () => {
    await t.request({ method: 'DELETE', url: `/api/profile/${bob.id}/subscribe/`, token: me.access });
    const texts = (await page(me, 1)).json().wishes.map((w: { text: string }) => w.text);
    expect(texts.every((x: string) => x.startsWith('Ann') || x.startsWith('ann'))).toBe(true);
    expect(texts).not.toContain('ann private');
    for (const bad of ['0', 'abc', '-1', '1.5']) expectJsonClientError(await t.request({ url: `/api/base/feed/following/${bad}/`, token: me.access }), 404);
    expect((await page(me, 99)).json()).toMatchObject({ wishes: [], hasMore: false });
  });

  it('leaves out wishes hidden by moderation or a ban (the public feed\'s rule), on both plans', async () => {
    const hiddenByModerators = await t.saveWish(ann, 'ann hidden by moderators');
    const hiddenByBan = await t.saveWish(ann, 'ann hidden by a ban');
    await sql`update wishes set hidden = 1 where id = ${hiddenByModerators}`.execute(t.app.deps.db);
    await sql`update wishes set hidden = 2 where id = ${hiddenByBan}`.execute(t.app.deps.db);
    // Raw SQL passes by the write paths that keep the read model current (moderation's do: read-model.test.ts).
    t.app.deps.readModel.clearListed();
    // Page 1 is not full (Ann's wishes only), so the walk and then the per-user fallback both run.
    const ids = (await page(me, 1)).json().wishes.map((w: { id: number }) => w.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(hiddenByModerators);
    expect(ids).not.toContain(hiddenByBan);
    await sql`update wishes set hidden = 0 where id = ${hiddenByModerators}`.execute(t.app.deps.db);
    t.app.deps.readModel.clearListed();
    expect((await page(me, 1)).json().wishes[0].id).toBe(hiddenByModerators);
  });
});
