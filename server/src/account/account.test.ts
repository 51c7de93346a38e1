import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import { createTestApp, dialects, DEFAULT_PASSWORD, expectJsonClientError, type TestContext, type TestUser } from '../../test/kit/harness';
import { FEED_BUCKET_SIZE } from '../wishes/feeds';

/** Uploads a real PNG as the user's avatar; returns the stored avatar URLs. */
async function uploadAvatar(t: TestContext, user: TestUser) {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
  const boundary = 'b' + Math.random().toString(36).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/profile/my/avatar/upload/',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${user.access}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { avatar_url: string; avatar_thumbnail: string };
}

describe.each(dialects)('account (%s)', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  const account = (user: TestUser) => t.request({ url: '/api/account/', token: user.access });
  const patch = (user: TestUser, payload: unknown) => t.request({ method: 'PATCH', url: '/api/account/', token: user.access, payload: payload as object });
  const refresh = (token: string) => t.request({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });
  const login = (email: string, password: string) => t.request({ method: 'POST', url: '/api/token/', payload: { username: email, password } });

  it('reads and edits the account; the new name shows on every wish at once', async () => {
    const ada = await t.createUser({ first_name: 'Ada', last_name: 'Lovelace' });
    const body = (await account(ada)).json();
    expect(body).toEqual({ user_id: ada.id, email: ada.email, first_name: 'Ada', last_name: 'Lovelace', phone: '+1 555 0100', role: 'user', created_at: expect.any(String), email_verified: false, time_zone: null, reminder_emails: true });
    const wish = await t.saveWish(ada, 'Rename me');
    await t.request({ url: '/api/base/feed/1/' }); // warm the anonymous feed cache
    const changed = await patch(ada, { first_name: ' Augusta ', phone: '+44 1' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ first_name: 'Augusta', last_name: 'Lovelace', phone: '+44 1' });
    expect((await t.request({ url: `/api/base/wish/${wish}/` })).json().wish.author).toBe('Augusta Lovelace');
    expect((await t.request({ url: '/api/base/feed/1/' })).json().wishes[0].author).toBe('Augusta Lovelace');
    expect((await patch(ada, {})).json().first_name).toBe('Augusta');

    expect(expectJsonClientError(await patch(ada, { first_name: '  ' }), 400).fields).toEqual({ first_name: 'This field may not be blank.' });
    expectJsonClientError(await patch(ada, { last_name: 'x'.repeat(151) }), 400);
    expectJsonClientError(await patch(ada, { first_name: 5 }), 400);
    expectJsonClientError(await patch(ada, { phone: null }), 400);
    expectJsonClientError(await t.request({ url: '/api/account/' }), 401);
    expectJsonClientError(await t.request({ method: 'PATCH', url: '/api/account/', payload: {} }), 401);
  });

  it('changes the password: new tokens, every other refresh token stops working', async () => {
    const user = await t.createUser();
    const otherDevice = (await login(user.email, DEFAULT_PASSWORD)).json();
    const wrong = await t.request({ method: 'POST', url: '/api/account/password/', token: user.access, payload: { current_password: 'nope', new_password: 'Brand-New-Pass-77' } });
    expect(expectJsonClientError(wrong, 400).error).toBe('Your current password is incorrect.');
    const weak = await t.request({ method: 'POST', url: '/api/account/password/', token: user.access, payload: { current_password: DEFAULT_PASSWORD, new_password: '123' } });
    expect(expectJsonClientError(weak, 400).fields.new_password).toMatch(/too short/);
    expectJsonClientError(await t.request({ method: 'POST', url: '/api/account/password/', token: user.access, payload: { current_password: DEFAULT_PASSWORD } }), 400);

    const ok = await t.request({ method: 'POST', url: '/api/account/password/', token: user.access, payload: { current_password: DEFAULT_PASSWORD, new_password: 'Brand-New-Pass-77' } });
    expect(ok.statusCode).toBe(200);
    const { message, access, refresh: newRefresh } = ok.json();
    expect(message).toMatch(/changed/);
    expect((await refresh(otherDevice.refresh)).statusCode).toBe(401);
    // Access tokens end too (the session epoch, auth/sessions.ts), the caller's old one included.
    expect((await t.request({ url: '/api/account/', token: otherDevice.access })).statusCode).toBe(401);
    expect((await t.request({ url: '/api/account/', token: user.access })).statusCode).toBe(401);
    expect((await refresh(user.refresh)).statusCode).toBe(401);
    expect((await refresh(newRefresh)).statusCode).toBe(200);
    expect((await t.request({ url: '/api/account/', token: access })).statusCode).toBe(200);
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, 'Brand-New-Pass-77')).statusCode).toBe(200);
  });

  it('signs out everywhere: every refresh token issued before now stops working', async () => {
    const user = await t.createUser();
    const second = (await login(user.email, DEFAULT_PASSWORD)).json();
    const res = await t.request({ method: 'POST', url: '/api/account/sign_out_everywhere/', token: user.access });
    expect(res.json()).toEqual({ message: 'You have been signed out on every device.' });
    expect((await refresh(user.refresh)).statusCode).toBe(401);
    expect((await refresh(second.refresh)).statusCode).toBe(401);
    expect((await t.request({ url: '/api/account/', token: second.access })).statusCode).toBe(401);
    expect((await t.request({ url: '/api/account/', token: user.access })).statusCode).toBe(401);
    const fresh = (await login(user.email, DEFAULT_PASSWORD)).json();
    expect((await refresh(fresh.refresh)).statusCode).toBe(200);
    expectJsonClientError(await t.request({ method: 'POST', url: '/api/account/sign_out_everywhere/' }), 401);
    expect((await t.request({ url: '/api/account/', token: fresh.access })).statusCode).toBe(200);
  });

  it('exports everything stored about the member as a JSON attachment', async () => {
    const me = await t.createUser({ first_name: 'Exa', last_name: 'Port' });
    const friend = await t.createUser({ first_name: 'Fri', last_name: 'End' });
    const pub = await t.saveWish(me, 'My public wish');
    const priv = await t.saveWish(me, 'My private wish', false);
    const theirs = await t.saveWish(friend, 'Friend wish');
    await t.request({ method: 'POST', url: `/api/wish/${theirs}/vote/`, token: me.access, payload: { vote_type: 'downvote' } });
    await t.request({ method: 'POST', url: `/api/profile/${friend.id}/subscribe/`, token: me.access });
    await t.request({ method: 'POST', url: `/api/profile/${me.id}/subscribe/`, token: friend.access });
    await t.request({ method: 'POST', url: `/api/wish/${pub}/vote/`, token: friend.access, payload: { vote_type: 'upvote' } });
    await t.request({ method: 'POST', url: '/api/complaints/submit/', token: me.access, payload: { category: 'Spam or advertising', wish_id: theirs } });

    const res = await t.request({ url: '/api/account/export/', token: me.access });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="wishes-account-${me.id}.json"`);
    const data = res.json();
    expect(Object.keys(data).sort()).toEqual(['account', 'chats', 'contributions', 'deliveries', 'exported_at', 'followers', 'groups', 'invitations', 'notifications', 'people', 'replies', 'reports', 'subscriptions', 'votes', 'wishes']);
    expect(data.account).toMatchObject({ user_id: me.id, email: me.email, first_name: 'Exa' });
    expect(data.wishes.map((w: { id: number; is_public: boolean }) => [w.id, w.is_public])).toEqual([
      [pub, true],
      [priv, false],
    ]);
    expect(data.wishes[0]).toMatchObject({ text: 'My public wish', upvote_count: 1 });
    expect(data.votes).toEqual([{ wish_id: theirs, vote_type: 'downvote', created_at: expect.any(String) }]);
    expect(data.subscriptions).toEqual([{ user_id: friend.id, name: 'Fri End', since: expect.any(String) }]);
    expect(data.followers).toEqual([{ user_id: friend.id, name: 'Fri End', since: expect.any(String) }]);
    // With the report's outcome (moderation): still open.
    expect(data.reports).toEqual([{ wish_id: theirs, category: 'Spam or advertising', created_at: expect.any(String), status: 'open', resolution: null, resolved_at: null }]);
    expect(data.notifications.map((n: { kind: string; actor_ids: number[] }) => [n.kind, n.actor_ids]).sort()).toEqual([
      ['follow', [friend.id]],
      ['vote', [friend.id]],
    ]);
    // Nothing of anyone else, and never the password hash.
    expect(res.body).not.toContain('Friend wish');
    expect(res.body).not.toMatch(/password|scrypt/i);
    expectJsonClientError(await t.request({ url: '/api/account/export/' }), 401);
  });

  it('deletes the account: no row of the user is left, others\' counters are exact, avatar files go, the email signs up again', async () => {
    const gone = await t.createUser({ first_name: 'Gone', last_name: 'Soon' });
    const keep = await t.createUser({ first_name: 'Kee', last_name: 'Per' });
    const fan = await t.createUser({ first_name: 'Fan', last_name: 'Club' });
    const avatar = await uploadAvatar(t, gone);
    const files = [avatar.avatar_url, avatar.avatar_thumbnail].map((u) => path.join(t.config.mediaDir, u.replace(/^\/media\//, '')));
    expect(files.every((f) => existsSync(f))).toBe(true);

    const keepUp = await t.saveWish(keep, 'keep upvoted');
    const keepDown = await t.saveWish(keep, 'keep downvoted');
    const goneWish = await t.saveWish(gone, 'gone public');
    await t.saveWish(gone, 'gone private', false);
    const after = await t.saveWish(keep, 'after gone');
    const vote = (u: TestUser, id: number, vote_type: string) => t.request({ method: 'POST', url: `/api/wish/${id}/vote/`, token: u.access, payload: { vote_type } });
    await vote(gone, keepUp, 'upvote');
    await vote(fan, keepUp, 'upvote');
    await vote(gone, keepDown, 'downvote');
    await vote(fan, goneWish, 'upvote');
    await vote(keep, goneWish, 'downvote');
    const sub = (a: TestUser, b: TestUser) => t.request({ method: 'POST', url: `/api/profile/${b.id}/subscribe/`, token: a.access });
    await sub(gone, keep);
    await sub(fan, keep);
    await sub(keep, gone);
    await sub(fan, gone);
    await t.request({ method: 'POST', url: '/api/complaints/submit/', token: gone.access, payload: { category: 'Spam or advertising', wish_id: keepUp } });
    await t.request({ method: 'POST', url: '/api/complaints/submit/', token: fan.access, payload: { category: 'Spam or advertising', wish_id: goneWish } });
    // keep's vote notification names gone and fan; its follow notification names gone and fan.
    expect((await t.request({ url: '/api/notifications/', token: keep.access })).json().unread_count).toBe(2);
    const beforeFeed = (await t.request({ url: '/api/base/feed/1/' })).json().wishes.map((w: { id: number }) => w.id);
    expect(beforeFeed).toContain(goneWish);

    const wrong = await t.request({ method: 'DELETE', url: '/api/account/', token: gone.access, payload: { password: 'not-it' } });
    expect(expectJsonClientError(wrong, 400).error).toBe('The password is incorrect.');
    expectJsonClientError(await t.request({ method: 'DELETE', url: '/api/account/', token: gone.access, payload: {} }), 400);
    expectJsonClientError(await t.request({ method: 'DELETE', url: '/api/account/', payload: { password: DEFAULT_PASSWORD } }), 401);

    const res = await t.request({ method: 'DELETE', url: '/api/account/', token: gone.access, payload: { password: DEFAULT_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Account deleted' });

    // No row of the user anywhere.
    const db = t.app.deps.db;
    const count = async (query: ReturnType<typeof sql>) => Number(((await query.execute(db)).rows[0] as { n: number | string }).n);
    const id = gone.id;
    expect(await count(sql`select count(*) as n from users where id = ${id}`)).toBe(0);
    expect(await count(sql`select count(*) as n from wishes where user_id = ${id}`)).toBe(0);
    expect(await count(sql`select count(*) as n from votes where user_id = ${id} or wish_id = ${goneWish}`)).toBe(0);
    expect(await count(sql`select count(*) as n from subscriptions where follower_id = ${id} or target_id = ${id}`)).toBe(0);
    expect(await count(sql`select count(*) as n from complaints where reporter_id = ${id} or wish_id = ${goneWish}`)).toBe(0);
    expect(await count(sql`select count(*) as n from notifications where user_id = ${id}`)).toBe(0);
    expect(await count(sql`select count(*) as n from notification_actors where actor_id = ${id}`)).toBe(0);
    expect(files.some((f) => existsSync(f))).toBe(false);

    // Exact counters on the others.
    const wish = async (wid: number) => (await t.request({ url: `/api/base/wish/${wid}/` })).json().wish;
    expect(await wish(keepUp)).toMatchObject({ upvote_count: 1, downvote_count: 0 });
    expect(await wish(keepDown)).toMatchObject({ upvote_count: 0, downvote_count: 0 });
    const profile = async (u: TestUser) => (await t.request({ url: `/api/profile/${u.id}/` })).json();
    expect(await profile(keep)).toMatchObject({ followers: 1, following: 0 });
    expect(await profile(fan)).toMatchObject({ followers: 0, following: 1 });
    const counters = await sql<{ id: number; followers_count: number; following_count: number; f: number | string; g: number | string }>`
      select u.id, u.followers_count, u.following_count,
        (select count(*) from subscriptions s where s.target_id = u.id) as f,
        (select count(*) from subscriptions s where s.follower_id = u.id) as g from users u`.execute(db);
    for (const row of counters.rows) expect([row.followers_count, row.following_count]).toEqual([Number(row.f), Number(row.g)]);
    const wishCounters = await sql<{ upvote_count: number; downvote_count: number; u: number | string; d: number | string }>`
      select w.upvote_count, w.downvote_count,
        (select count(*) from votes v where v.wish_id = w.id and v.vote_type = 'upvote') as u,
        (select count(*) from votes v where v.wish_id = w.id and v.vote_type = 'downvote') as d from wishes w`.execute(db);
    for (const row of wishCounters.rows) expect([row.upvote_count, row.downvote_count]).toEqual([Number(row.u), Number(row.d)]);

    // keep's notifications now name fan alone.
    const notes = (await t.request({ url: '/api/notifications/', token: keep.access })).json();
    expect(notes.notifications.map((n: { actor_count: number; actors: { id: number }[] }) => [n.actor_count, n.actors.map((a) => a.id)])).toEqual([
      [1, [fan.id]],
      [1, [fan.id]],
    ]);
    // The feed lost the wish; numbers keep their gaps and the bucket counts still match the listed wishes.
    const feed = (await t.request({ url: '/api/base/feed/1/' })).json();
    expect(feed.wishes.map((w: { id: number }) => w.id)).not.toContain(goneWish);
    expect(feed.wishes[0].id).toBe(after);
    const listed = await sql<{ n: number | string }>`select count(*) as n from wishes where is_public = 1 and hidden = 0`.execute(db);
    const counted = await sql<{ n: number | string | null }>`select sum(listed) as n from feed_buckets`.execute(db);
    expect(Number(counted.rows[0]!.n)).toBe(Number(listed.rows[0]!.n));
    const buckets = await sql<{ bucket: number; listed: number; actual: number | string }>`select b.bucket, b.listed,
        (select count(*) from wishes w where w.is_public = 1 and w.hidden = 0 and w.feed_seq / ${sql.raw(String(FEED_BUCKET_SIZE))} = b.bucket) as actual
      from feed_buckets b`.execute(db);
    for (const b of buckets.rows) expect(Number(b.listed)).toBe(Number(b.actual));

    // Old tokens answer 401; the email is free again.
    expect((await t.request({ url: '/api/account/', token: gone.access })).statusCode).toBe(401);
    expect((await refresh(gone.refresh)).statusCode).toBe(401);
    expect((await login(gone.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
    const again = await t.request({ method: 'POST', url: '/api/base/create_user/', payload: { email: gone.email, password: DEFAULT_PASSWORD, first_name: 'New', last_name: 'Me', phone: '1' } });
    expect(again.statusCode).toBe(201);
  });
});
