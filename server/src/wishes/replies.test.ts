/**
 * Replies under public wishes, on both databases: a member replies (500 characters), the list and
 * the wish's count, the author's notification; who may remove one; private and hidden wishes take
 * none; reports on a reply and every moderator action in the queue; a banned member's replies
 * hidden; REPLIES_PER_HOUR; the export and the account's deletion.
 */
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';
import { runAdminCommand } from '../moderation/admin-cli';
import { openDatabase } from '../db/connect';

describe.each(dialects)('replies under public wishes (%s)', (dialect) => {
  let t: TestContext;
  let ada: TestUser;
  let bob: TestUser;
  let cat: TestUser;
  let mod: TestUser;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ada = await t.createUser({ first_name: 'Ada', last_name: 'Lovelace' });
    bob = await t.createUser({ first_name: 'Bob', last_name: 'Stone' });
    cat = await t.createUser({ first_name: 'Cat', last_name: 'Reed' });
    mod = await t.createUser({ first_name: 'Mona', last_name: 'Mod' });
    await runAdminCommand(t.app.deps.db, ['role', mod.email, 'moderator']);
  });
  afterAll(() => t.close());

  const post = (user: TestUser | null, wishId: number, text: unknown) => t.request({ method: 'POST', url: `/api/wish/${wishId}/replies/`, payload: { text }, ...(user ? { token: user.access } : {}) });
  const list = (user: TestUser | null, wishId: number, page = 1) => t.request({ url: `/api/wish/${wishId}/replies/?page=${page}`, ...(user ? { token: user.access } : {}) });
  const remove = (user: TestUser, wishId: number, replyId: number) => t.request({ method: 'DELETE', url: `/api/wish/${wishId}/replies/${replyId}/`, token: user.access });
  const countOf = async (wishId: number, user: TestUser | null = null) => (await t.request({ url: `/api/base/wish/${wishId}/`, ...(user ? { token: user.access } : {}) })).json().wish.reply_count;
  const report = (user: TestUser | null, replyId: unknown) => t.request({ method: 'POST', url: '/api/complaints/submit/', payload: { category: 'Spam or advertising', reply_id: replyId }, ...(user ? { token: user.access } : {}) });
  const moderate = (user: TestUser, replyId: number, action: string) => t.request({ method: 'POST', url: `/api/moderation/reply/${replyId}/`, token: user.access, payload: { action, reason: 'Checked' } });
  const queue = async (status = 'open') => (await t.request({ url: `/api/moderation/reports/?status=${status}`, token: mod.access })).json().items as Array<{ kind: string; reply?: { reply_id: number; hidden: boolean }; wish: { id: number }; report_count: number; resolution: string | null }>;

  it('a member replies: listed oldest first for everyone, counted on the wish, the author notified (not for their own)', async () => {
    const wishId = await t.saveWish(ada, 'Happy birthday to all of you!');
    expect(await countOf(wishId)).toBe(0);
    const first = await post(bob, wishId, '  Thank you <b>Ada</b>!  ');
    expect(first.statusCode).toBe(201);
    expect(first.json().reply).toMatchObject({ text: 'Thank you <b>Ada</b>!', user: { user_id: bob.id, first_name: 'Bob', last_name: 'Stone' } });
    expect(first.json().reply.hidden).toBeUndefined();
    expect((await post(ada, wishId, 'You are welcome')).statusCode).toBe(201);
    const visitor = (await list(null, wishId)).json();
    expect(visitor.replies.map((r: { text: string }) => r.text)).toEqual(['Thank you <b>Ada</b>!', 'You are welcome']);
    expect(visitor).toMatchObject({ page_number: 1, next_page_number: null });
    expect(await countOf(wishId)).toBe(2);
    // In the feed too (the held page was dropped by the reply's event).
    const feed = (await t.request({ url: '/api/base/feed/' })).json();
    expect(feed.wishes.find((w: { id: number }) => w.id === wishId).reply_count).toBe(2);
    const notes = (await t.request({ url: '/api/notifications/', token: ada.access })).json().notifications.filter((n: { kind: string }) => n.kind === 'reply');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ wish_id: wishId, text: 'Bob Stone replied to your wish: Thank you <b>Ada</b>!' });
  });

  it('refuses bad input with a clear 4xx and stores nothing: empty, over 500, no text, a visitor, unknown, private and hidden wishes', async () => {
    const wishId = await t.saveWish(ada, 'Open for replies');
    const privateId = await t.saveWish(ada, 'Just mine', false);
    expect((await post(bob, wishId, '   ')).statusCode).toBe(400);
    expect((await post(bob, wishId, 'x'.repeat(501))).statusCode).toBe(400);
    expect((await post(bob, wishId, 7)).statusCode).toBe(400);
    expect((await post(null, wishId, 'hi')).statusCode).toBe(401);
    expect((await post(bob, 999_999_999, 'hi')).statusCode).toBe(404);
    expect((await post(bob, privateId, 'hi')).statusCode).toBe(404);
    expect((await list(bob, privateId)).statusCode).toBe(404);
    expect((await list(null, privateId)).statusCode).toBe(404);
    // Its author sees it and is told it takes none.
    expect((await post(ada, privateId, 'note to self')).statusCode).toBe(403);
    expect((await post(bob, wishId, 'x'.repeat(500))).statusCode).toBe(201);
    // A hidden wish: 404 to others, none for its author or a moderator either.
    const hiddenId = await t.saveWish(ada, 'Soon hidden');
    expect((await t.request({ method: 'POST', url: `/api/moderation/wish/${hiddenId}/`, token: mod.access, payload: { action: 'hide', reason: 'Test' } })).statusCode).toBe(200);
    expect((await post(bob, hiddenId, 'hi')).statusCode).toBe(404);
    expect((await list(bob, hiddenId)).statusCode).toBe(404);
    expect((await post(mod, hiddenId, 'hi')).statusCode).toBe(403);
    const stored = await t.app.deps.db.selectFrom('wish_replies').select('id').where('wish_id', 'in', [privateId, hiddenId]).execute();
    expect(stored).toHaveLength(0);
  });

  it("removal: the reply's author, the wish's author and moderators; nobody else (404); a removed reply is gone from list and count", async () => {
    const wishId = await t.saveWish(ada, 'Remove test');
    const ids = [];
    for (const who of [bob, bob, bob]) ids.push((await post(who, wishId, 'a reply')).json().reply.reply_id as number);
    expect((await remove(cat, wishId, ids[0]!)).statusCode).toBe(404);
    expect((await remove(bob, wishId + 1_000_000, ids[0]!)).statusCode).toBe(404);
    expect((await remove(bob, wishId, ids[0]!)).statusCode).toBe(200);
    expect((await remove(bob, wishId, ids[0]!)).statusCode).toBe(404);
    expect((await remove(ada, wishId, ids[1]!)).statusCode).toBe(200);
    expect((await remove(mod, wishId, ids[2]!)).statusCode).toBe(200);
    expect((await list(null, wishId)).json().replies).toEqual([]);
    expect(await countOf(wishId)).toBe(0);
    const row = await t.app.deps.db.selectFrom('wish_replies').select(['text', 'deleted_at']).where('id', '=', ids[0]!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ text: '' });
    expect(row.deleted_at).not.toBeNull();
  });

  it('reports and the queue: hide (shown to its author and moderators only), restore, dismiss, delete; reporters told', async () => {
    const wishId = await t.saveWish(ada, 'Reported replies live here');
    const replyId = (await post(bob, wishId, 'Buy cheap watches')).json().reply.reply_id as number;
    expect((await report(cat, replyId)).statusCode).toBe(201);
    expect((await report(cat, replyId)).statusCode).toBe(200);
    expect((await report(null, replyId)).statusCode).toBe(201);
    expect((await report(cat, 999_999_999)).statusCode).toBe(404);
    expect((await report(cat, 'abc')).statusCode).toBe(400);
    const open = (await queue()).find((i) => i.kind === 'reply' && i.reply!.reply_id === replyId)!;
    expect(open).toMatchObject({ kind: 'reply', wish: { id: wishId }, report_count: 2, reply: { hidden: false } });
    expect((await queue()).filter((i) => i.kind === 'wish').every((i) => i.reply === undefined)).toBe(true);

    // Members may not act; a bad action or blank reason is 400.
    expect((await moderate(cat, replyId, 'hide')).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: `/api/moderation/reply/${replyId}/`, token: mod.access, payload: { action: 'hide', reason: '  ' } })).statusCode).toBe(400);
    expect((await moderate(mod, 999_999_999, 'hide')).statusCode).toBe(404);

    expect((await moderate(mod, replyId, 'hide')).statusCode).toBe(200);
    expect((await list(null, wishId)).json().replies).toEqual([]);
    expect((await list(cat, wishId)).json().replies).toEqual([]);
    expect((await list(bob, wishId)).json().replies[0]).toMatchObject({ reply_id: replyId, hidden: true });
    expect((await list(mod, wishId)).json().replies[0]).toMatchObject({ reply_id: replyId, hidden: true });
    expect(await countOf(wishId)).toBe(0);
    expect((await queue()).some((i) => i.reply?.reply_id === replyId)).toBe(false);
    expect((await queue('resolved')).find((i) => i.reply?.reply_id === replyId)).toMatchObject({ resolution: 'hide', reply: { hidden: true } });
    // A hidden reply cannot be reported by those who do not see it.
    expect((await report(cat, replyId)).statusCode).toBe(404);
    const told = (await t.request({ url: '/api/notifications/', token: cat.access })).json().notifications;
    expect(told[0]).toMatchObject({ kind: 'report_resolved', text: 'A reply you reported was hidden by a moderator.' });

    expect((await moderate(mod, replyId, 'restore')).statusCode).toBe(200);
    expect((await list(null, wishId)).json().replies).toHaveLength(1);
    expect(await countOf(wishId)).toBe(1);

    await report(cat, replyId);
    expect((await moderate(mod, replyId, 'dismiss')).statusCode).toBe(200);
    expect((await list(null, wishId)).json().replies).toHaveLength(1);

    expect((await moderate(mod, replyId, 'delete')).statusCode).toBe(200);
    expect((await list(mod, wishId)).json().replies).toEqual([]);
    expect((await moderate(mod, replyId, 'hide')).statusCode).toBe(404);
    const log = (await t.request({ url: '/api/moderation/log/', token: mod.access })).json().entries;
    expect(log.slice(0, 4).map((e: { action: string; target_type: string }) => `${e.target_type}:${e.action}`)).toEqual(['reply:delete', 'reply:dismiss', 'reply:restore', 'reply:hide']);
  });

  it("a banned member's replies are hidden like their wishes, and shown again after the unban", async () => {
    const wishId = await t.saveWish(ada, 'Ban test');
    const eve = await t.createUser({ first_name: 'Eve', last_name: 'Banned' });
    await post(eve, wishId, 'I will be banned');
    expect(await countOf(wishId)).toBe(1);
    expect((await t.request({ method: 'POST', url: `/api/moderation/user/${eve.id}/`, token: mod.access, payload: { action: 'ban', reason: 'Spam' } })).statusCode).toBe(200);
    expect((await list(null, wishId)).json().replies).toEqual([]);
    expect(await countOf(wishId)).toBe(0);
    expect((await list(mod, wishId)).json().replies[0]).toMatchObject({ hidden: true });
    // Moderators see it, so it counts for them; not for other members.
    expect(await countOf(wishId, mod)).toBe(1);
    expect(await countOf(wishId, cat)).toBe(0);
    expect((await t.request({ method: 'POST', url: `/api/moderation/user/${eve.id}/`, token: mod.access, payload: { action: 'unban', reason: 'Ok' } })).statusCode).toBe(200);
    expect((await list(null, wishId)).json().replies).toHaveLength(1);
  });

  it("the read model holds a listed wish's page as everyone sees it, dropped by the wish's next reply write; a hidden reply's author still sees it", async () => {
    const model = t.app.deps.readModel;
    const wishId = await t.saveWish(ada, 'Held replies, read often.');
    const first = (await post(bob, wishId, 'First!')).json().reply.reply_id as number;
    const key = `${wishId}:1:20`;
    expect((await list(null, wishId)).json().replies.map((r: { text: string }) => r.text)).toEqual(['First!']);
    expect(model.replyPages.get(key)?.done).toBe(true);
    // A member reads the same held page (nothing under the wish is seen by some only).
    expect((await list(cat, wishId)).json().replies.map((r: { text: string }) => r.text)).toEqual(['First!']);
    expect((await post(cat, wishId, 'Second.')).statusCode).toBe(201);
    expect(model.replyPages.get(key)).toBeUndefined();
    expect((await list(null, wishId)).json().replies.map((r: { text: string }) => r.text)).toEqual(['First!', 'Second.']);
    // Hidden by a moderator: gone for visitors and others, still there (flagged) for its author.
    expect((await moderate(mod, first, 'hide')).statusCode).toBe(200);
    expect((await list(null, wishId)).json().replies.map((r: { text: string }) => r.text)).toEqual(['Second.']);
    expect((await list(cat, wishId)).json().replies.map((r: { text: string }) => r.text)).toEqual(['Second.']);
    expect((await list(bob, wishId)).json().replies.map((r: { text: string; hidden?: boolean }) => [r.text, r.hidden ?? false])).toEqual([
      ['First!', true],
      ['Second.', false],
    ]);
  });

  it('reply_count is what the reader sees: a hidden reply counts for its author and moderators (detail, feed, profile, search, following), not for others or visitors', async () => {
    const wishId = await t.saveWish(ada, 'Counted per reader: zebrafinch');
    await post(bob, wishId, 'Shown to all');
    const hiddenId = (await post(cat, wishId, 'Soon hidden')).json().reply.reply_id as number;
    expect((await moderate(mod, hiddenId, 'hide')).statusCode).toBe(200);
    const card = async (url: string, user: TestUser | null, method = 'GET', payload?: unknown) => {
      const body = (await t.request({ method: method as 'GET', url, ...(payload ? { payload } : {}), ...(user ? { token: user.access } : {}) })).json();
      return (body.wishes as Array<{ id: number; reply_count: number }>).find((w) => w.id === wishId)?.reply_count;
    };
    // Twice each: the second read comes from what the read model holds (pages, bodies, the detail).
    for (let round = 0; round < 2; round++) {
      for (const [user, seen] of [[null, 1], [bob, 1], [ada, 1], [cat, 2], [mod, 2]] as Array<[TestUser | null, number]>) {
        expect(await countOf(wishId, user)).toBe(seen);
        expect(await card('/api/base/feed/', user)).toBe(seen);
        expect(await card(`/api/base/user/${ada.id}/wishes/1/`, user)).toBe(seen);
        expect(await card('/api/base/search/', user, 'POST', { query: 'zebrafinch' })).toBe(seen);
      }
    }
    // The following feed: cat follows Ada and sees their own hidden reply counted; bob does not.
    for (const user of [cat, bob]) expect((await t.request({ method: 'POST', url: `/api/profile/${ada.id}/subscribe/`, token: user.access })).statusCode).toBeLessThan(300);
    expect(await card('/api/base/feed/following/', cat)).toBe(2);
    expect(await card('/api/base/feed/following/', bob)).toBe(1);
    // Restored: one count for everyone again; the list agrees with the count for each reader.
    expect((await moderate(mod, hiddenId, 'restore')).statusCode).toBe(200);
    for (const user of [null, bob, cat, mod]) {
      expect(await countOf(wishId, user)).toBe(2);
      expect(await card('/api/base/feed/', user)).toBe(2);
      expect((await list(user, wishId)).json().replies).toHaveLength(2);
    }
  });

  it('who sees hidden replies follows at once: a reply hidden or restored, and a role the admin command changes (its own connection, as from its own process)', async () => {
    const wishId = await t.saveWish(ada, 'Who sees what, now');
    const dan = await t.createUser({ first_name: 'Dan', last_name: 'Fell' });
    const replyId = (await post(bob, wishId, 'Hidden soon')).json().reply.reply_id as number;
    // Read first, so whatever is held for each reader is held before each change.
    expect(await countOf(wishId, bob)).toBe(1);
    expect(await countOf(wishId, dan)).toBe(1);
    expect((await moderate(mod, replyId, 'hide')).statusCode).toBe(200);
    expect(await countOf(wishId, bob)).toBe(1);
    expect(await countOf(wishId, dan)).toBe(0);
    // The admin command on a connection of its own: the server's next reads see the new role.
    const admin = openDatabase(t.app.deps.config.databaseUrl, { poolSize: 1 });
    try {
      expect((await runAdminCommand(admin.db, ['role', dan.email, 'moderator'])).code).toBe(0);
      // SQLite: the read model's version check runs at most every 20 ms.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await countOf(wishId, dan)).toBe(1);
      expect((await runAdminCommand(admin.db, ['role', dan.email, 'user'])).code).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await countOf(wishId, dan)).toBe(0);
    } finally {
      await admin.db.destroy();
    }
    expect((await moderate(mod, replyId, 'restore')).statusCode).toBe(200);
    expect(await countOf(wishId, dan)).toBe(1);
    expect(await countOf(wishId, bob)).toBe(1);
  });

  it('pages of 20, oldest first', async () => {
    const wishId = await t.saveWish(cat, 'Many replies');
    const many = await t.createUser({ first_name: 'Many', last_name: 'Replies' });
    const rows = Array.from({ length: 23 }, (_, i) => ({ wish_id: wishId, user_id: many.id, text: `r${i}`, created_at: new Date(Date.now() + i).toISOString(), deleted_at: null }));
    await t.app.deps.db.insertInto('wish_replies').values(rows).execute();
    const one = (await list(null, wishId)).json();
    expect(one.replies).toHaveLength(20);
    expect(one.replies[0].text).toBe('r0');
    expect(one.next_page_number).toBe(2);
    const two = (await list(null, wishId, 2)).json();
    expect(two.replies.map((r: { text: string }) => r.text)).toEqual(['r20', 'r21', 'r22']);
    expect(two.next_page_number).toBeNull();
    expect((await list(null, wishId, 0)).statusCode).toBe(400);
  });

  it('REPLIES_PER_HOUR per member: 429 beyond it, nothing stored', async () => {
    const limited = await createTestApp(dialect, { repliesPerHour: 3, rateLimitScale: 1 });
    try {
      const author = await limited.createUser({ first_name: 'Al', last_name: 'Author' });
      const dan = await limited.createUser({ first_name: 'Dan', last_name: 'Many' });
      const wishId = await limited.saveWish(author, 'Limit test');
      const codes = [];
      for (let i = 0; i < 5; i++) codes.push((await limited.request({ method: 'POST', url: `/api/wish/${wishId}/replies/`, token: dan.access, payload: { text: `reply ${i}` } })).statusCode);
      expect(codes).toEqual([201, 201, 201, 429, 429]);
      expect(await limited.app.deps.db.selectFrom('wish_replies').select('id').execute()).toHaveLength(3);
      // Another member has their own.
      expect((await limited.request({ method: 'POST', url: `/api/wish/${wishId}/replies/`, token: author.access, payload: { text: 'mine' } })).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it("the export lists the member's replies; deleting the account removes them", async () => {
    const wishId = await t.saveWish(ada, 'Export test');
    const gus = await t.createUser({ first_name: 'Gus', last_name: 'Gone' });
    const replyId = (await post(gus, wishId, 'In my export')).json().reply.reply_id;
    const exported = (await t.request({ url: '/api/account/export/', token: gus.access })).json();
    expect(exported.replies).toEqual([{ reply_id: replyId, wish_id: wishId, text: 'In my export', hidden: false, created_at: expect.any(String) }]);
    expect(await countOf(wishId)).toBe(1);
    expect((await t.request({ method: 'DELETE', url: '/api/account/', token: gus.access, payload: { password: gus.password } })).statusCode).toBeLessThan(300);
    expect(await t.app.deps.db.selectFrom('wish_replies').select('id').where('id', '=', replyId).execute()).toHaveLength(0);
    expect(await countOf(wishId)).toBe(0);
    expect((await list(null, wishId)).json().replies).toEqual([]);
  });
});
