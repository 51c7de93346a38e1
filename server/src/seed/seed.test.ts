import { createTestApp, dialects, type TestContext } from '../../test/kit/harness';
import { demoUsers, demoWishes } from './demo-content';
import { seedDemoData } from './seed';

describe.each(dialects)('demo seed (%s)', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('fills an empty database once, with consistent counters, and demo users can sign in', async () => {
    const first = await seedDemoData(t.app.deps);
    expect(first).toEqual({ seeded: true, users: demoUsers.length, wishes: demoWishes.length });
    expect((await seedDemoData(t.app.deps)).seeded).toBe(false);

    const feed = (await t.request({ url: '/api/base/feed/1/' })).json();
    expect(feed.wishes.length).toBe(Math.min(10, demoWishes.filter((w) => w.is_public).length));
    const login = await t.request({ method: 'POST', url: '/api/token/', payload: { username: demoUsers[0].email, password: demoUsers[0].password } });
    expect(login.statusCode).toBe(200);

    const db = t.app.deps.db;
    for (const w of await db.selectFrom('wishes').select(['id', 'upvote_count', 'downvote_count']).execute()) {
      const votes = await db.selectFrom('votes').select('vote_type').where('wish_id', '=', w.id).execute();
      expect(w.upvote_count).toBe(votes.filter((v) => v.vote_type === 'upvote').length);
      expect(w.downvote_count).toBe(votes.filter((v) => v.vote_type === 'downvote').length);
    }
    for (const u of await db.selectFrom('users').select(['id', 'followers_count', 'following_count']).execute()) {
      const followers = await db.selectFrom('subscriptions').select('id').where('target_id', '=', u.id).execute();
      expect(u.followers_count).toBe(followers.length);
    }
  });
});
