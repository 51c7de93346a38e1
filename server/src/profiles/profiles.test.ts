import { createTestApp, dialects, expectJsonClientError, type TestContext, type TestUser } from '../../test/kit/harness';

describe.each(dialects)('profiles (%s)', (dialect) => {
  let t: TestContext;
  let ann: TestUser;
  let ben: TestUser;
  let cat: TestUser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ann = await t.createUser({ first_name: 'Ann', last_name: 'Archer' });
    ben = await t.createUser({ first_name: 'Ben', last_name: 'Baker' });
    cat = await t.createUser({ first_name: 'Cat', last_name: 'Cole' });
    await t.saveWish(ann, 'Public');
    await t.saveWish(ann, 'Private', false);
  });
  afterAll(async () => t.close());

  const profile = (id: number | string, token?: string) => t.request({ url: `/api/profile/${id}/`, token });
  const sub = (method: 'POST' | 'DELETE', id: number | string, user: TestUser) => t.request({ method, url: `/api/profile/${id}/subscribe/`, token: user.access });

  it('shows a profile to visitors, others and the owner', async () => {
    const visitor = (await profile(ann.id)).json();
    expect(visitor).toEqual({
      user_id: ann.id,
      profile_id: ann.id,
      first_name: 'Ann',
      last_name: 'Archer',
      full_name: 'Ann Archer',
      avatar_url: null,
      avatar_thumbnail: null,
      followers: 0,
      following: 0,
      posts: 1,
      is_self: false,
      is_subscribed: false,
    });
    expect((await profile(ann.id, ann.access)).json()).toMatchObject({ posts: 2, is_self: true });
    expect((await profile(ann.id, ben.access)).json()).toMatchObject({ posts: 1, is_self: false });
    for (const bad of ['99999', 'abc', '0', '-1']) expect(expectJsonClientError(await profile(bad), 404).error).toBe('User not found');
    // "my" is not an id
    expectJsonClientError(await profile('my'), 404);
  });

  it('subscribes and unsubscribes idempotently, with counters', async () => {
    const first = await sub('POST', ann.id, ben);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Successfully subscribed to Ann Archer');
    expect(first.json().profile).toMatchObject({ followers: 1, is_subscribed: true, is_self: false });
    expect((await sub('POST', ann.id, ben)).json().profile.followers).toBe(1);
    expect((await profile(ben.id)).json().following).toBe(1);
    const off = await sub('DELETE', ann.id, ben);
    expect(off.json().message).toBe('Unsubscribed from Ann Archer');
    expect(off.json().profile).toMatchObject({ followers: 0, is_subscribed: false });
    expect((await sub('DELETE', ann.id, ben)).statusCode).toBe(200);
    expect((await profile(ben.id)).json().following).toBe(0);
  });

  it('refuses self-subscription, visitors and unknown users', async () => {
    const self = await sub('POST', ann.id, ann);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('You cannot subscribe to yourself.');
    expect((await t.request({ method: 'POST', url: `/api/profile/${ann.id}/subscribe/` })).statusCode).toBe(401);
    expectJsonClientError(await sub('POST', 99999, ann), 404);
    expectJsonClientError(await sub('DELETE', 'abc', ann), 404);
  });

  it('lists subscriptions newest first, mine and anyone else', async () => {
    const u = await t.createUser();
    await sub('POST', ann.id, u);
    await sub('POST', ben.id, u);
    await sub('POST', cat.id, u);
    const mine = await t.request({ url: '/api/profile/my/subscriptions/', token: u.access });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().count).toBe(3);
    expect(mine.json().subscriptions.map((s: { target_id: number }) => s.target_id)).toEqual([cat.id, ben.id, ann.id]);
    expect(mine.json().subscriptions[2]).toEqual({ target_id: ann.id, target_name: 'Ann Archer', target_avatar_url: null, target_avatar_thumbnail: null, created_at: expect.any(String) });
    const theirs = (await t.request({ url: `/api/profile/${u.id}/subscriptions/` })).json();
    expect(theirs).toEqual(mine.json());
    expect((await t.request({ url: '/api/profile/my/subscriptions/' })).statusCode).toBe(401);
    expectJsonClientError(await t.request({ url: '/api/profile/4242/subscriptions/' }), 404);
  });

  it('keeps follower counts exact under parallel (and crossing) follows', async () => {
    const crowd = await Promise.all(Array.from({ length: 15 }, () => t.createUser()));
    const target = await t.createUser();
    await Promise.all([
      ...crowd.flatMap((u) => [sub('POST', target.id, u), sub('POST', target.id, u)]),
      ...crowd.map((u) => sub('POST', u.id, target)),
    ]);
    expect((await profile(target.id)).json()).toMatchObject({ followers: 15, following: 15 });
    await Promise.all(crowd.slice(0, 5).flatMap((u) => [sub('DELETE', target.id, u), sub('DELETE', target.id, u)]));
    expect((await profile(target.id)).json().followers).toBe(10);
  });
});
