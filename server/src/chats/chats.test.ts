import { CHAT_LIMITS } from '@wishes/kit-contract/api';
import { createTestApp, dialects, expectJsonClientError, type TestContext, type TestUser } from '../../test/kit/harness';
import { runAdminCommand } from '../moderation/admin-cli';
import { CHAT_REPLIES } from '@wishes/writer';

const FORM = { style: 'Heartfelt', audience: 'Friend', name: 'Anna', topic: 'Birthday', details: 'She loves baking.' };
const LIMIT = 6;

describe.each(dialects)('a chat per wish (%s)', (dialect) => {
  let t: TestContext;
  let owner: TestUser;
  let other: TestUser;
  let moderator: TestUser;

  beforeAll(async () => {
    t = await createTestApp(dialect, { generationLimitPerHour: LIMIT, generator: 'template' });
    owner = await t.createUser({ first_name: 'Olga' });
    other = await t.createUser({ first_name: 'Otto' });
    moderator = await t.createUser({ first_name: 'Mo' });
    await runAdminCommand(t.app.deps.db, ['role', moderator.email, 'moderator']);
  });
  afterAll(async () => {
    await t?.close();
  });

  const events = async (user: TestUser) => {
    const row = await t.app.deps.db.selectFrom('generation_events').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  const rows = async (table: 'chats' | 'chat_messages' | 'chat_versions') =>
    Number((await t.app.deps.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
  const createChat = async (user: TestUser, payload: object = FORM) => t.request({ method: 'POST', url: '/api/base/chats/', token: user.access, payload });
  const send = (user: TestUser | null, chatId: number, payload: object) =>
    t.request({ method: 'POST', url: `/api/base/chats/${chatId}/messages/`, token: user?.access, payload });
  const getChat = (user: TestUser | null, chatId: number) => t.request({ method: 'GET', url: `/api/base/chats/${chatId}/`, token: user?.access });
  const clearQuota = (user: TestUser) => t.app.deps.db.deleteFrom('generation_events').where('user_id', '=', user.id).execute();

  it('starts a chat with the first draft and spends one unit', async () => {
    await clearQuota(owner);
    const res = await createChat(owner);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ chat_id: expect.any(Number), text: expect.stringContaining('Anna'), rate_limit: { limit: LIMIT, remaining: LIMIT - 1 } });
    expect(await events(owner)).toBe(1);
    const chat = (await getChat(owner, body.chat_id)).json();
    expect(chat).toEqual({
      chat_id: body.chat_id,
      settings: FORM,
      messages: [],
      versions: [{ text: body.text, created_at: expect.any(String) }],
      wish_id: null,
    });
  });

  it('starts from the editor\'s text without generating or spending', async () => {
    await clearQuota(owner);
    const res = await createChat(owner, { ...FORM, length: 'short', text: '  Happy birthday, Anna!  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ text: 'Happy birthday, Anna!', rate_limit: { limit: LIMIT, remaining: LIMIT } });
    expect(await events(owner)).toBe(0);
    expect((await getChat(owner, res.json().chat_id)).json().settings).toEqual({ ...FORM, length: 'short' });
  });

  it('refuses a bad form like generate_text, spending nothing and storing nothing', async () => {
    await clearQuota(owner);
    const before = await rows('chats');
    expectJsonClientError(await createChat(owner, { ...FORM, name: '  ' }), 400);
    expectJsonClientError(await createChat(owner, { ...FORM, details: 'x'.repeat(1001) }), 400);
    expectJsonClientError(await createChat(owner, { style: 'Funny' }), 400);
    expectJsonClientError(await createChat(owner, { ...FORM, text: '   ' }), 400);
    expectJsonClientError(await createChat(owner, { ...FORM, text: 'x'.repeat(2001) }), 400);
    expect(await rows('chats')).toBe(before);
    expect(await events(owner)).toBe(0);
  });

  it('follows "make it shorter" and "mention the cake": one unit each, every message and version kept', async () => {
    await clearQuota(owner);
    const start = (await createChat(owner, { ...FORM, text: 'Dear Anna,\n\nHappy birthday! I hope your day is full of sunshine. You deserve the very best, and so much more. May this year bring you joy.\n\nWith love,' })).json();
    const shorter = await send(owner, start.chat_id, { message: 'make it shorter' });
    expect(shorter.statusCode).toBe(200);
    expect(shorter.json()).toEqual({ reply: 'I made it shorter.', text: expect.any(String), rate_limit: { limit: LIMIT, remaining: LIMIT - 1 } });
    expect(shorter.json().text.length).toBeLessThan(start.text.length);

    const cake = await send(owner, start.chat_id, { message: 'Mention the cake' });
    expect(cake.statusCode).toBe(200);
    expect(cake.json().reply).toBe('I mentioned the cake.');
    expect(cake.json().text).toMatch(/the cake/);
    expect(cake.json().rate_limit.remaining).toBe(LIMIT - 2);
    expect(await events(owner)).toBe(2);

    const chat = (await getChat(owner, start.chat_id)).json();
    expect(chat.messages.map((m: { role: string; text: string }) => [m.role, m.text])).toEqual([
      ['user', 'make it shorter'],
      ['assistant', 'I made it shorter.'],
      ['user', 'Mention the cake'],
      ['assistant', 'I mentioned the cake.'],
    ]);
    expect(chat.versions.map((v: { text: string }) => v.text)).toEqual([start.text, shorter.json().text, cake.json().text]);
  });

  it('answers an instruction it cannot follow with the text unchanged, a plain reply and no quota spent', async () => {
    await clearQuota(owner);
    const start = (await createChat(owner, { ...FORM, text: 'Happy birthday, Anna!' })).json();
    const res = await send(owner, start.chat_id, { message: 'translate it into Klingon' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reply: CHAT_REPLIES.unsupported, text: 'Happy birthday, Anna!', rate_limit: { limit: LIMIT, remaining: LIMIT } });
    expect(await events(owner)).toBe(0);
    const chat = (await getChat(owner, start.chat_id)).json();
    expect(chat.messages).toHaveLength(2);
    expect(chat.versions).toHaveLength(1);
  });

  it('takes the editor\'s hand-edited text as a version before following the instruction', async () => {
    await clearQuota(owner);
    const start = (await createChat(owner, { ...FORM, text: 'Happy birthday, Anna!' })).json();
    const res = await send(owner, start.chat_id, { message: 'mention the garden', text: 'Happy birthday, dear Anna! Enjoy the day.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().text).toMatch(/^Happy birthday, dear Anna! Enjoy the day\. .*the garden/);
    const versions = (await getChat(owner, start.chat_id)).json().versions.map((v: { text: string }) => v.text);
    expect(versions).toEqual(['Happy birthday, Anna!', 'Happy birthday, dear Anna! Enjoy the day.', res.json().text]);
  });

  it('refuses a blank, too long or mistyped message, and stops at the hourly limit, storing nothing', async () => {
    await clearQuota(owner);
    const start = (await createChat(owner, { ...FORM, text: 'Happy birthday, Anna!' })).json();
    const before = await rows('chat_messages');
    expectJsonClientError(await send(owner, start.chat_id, { message: '   ' }), 400);
    expectJsonClientError(await send(owner, start.chat_id, { message: 'x'.repeat(501) }), 400);
    expectJsonClientError(await send(owner, start.chat_id, { message: 42 }), 400);
    expectJsonClientError(await send(owner, start.chat_id, {}), 400);
    expect((await send(owner, start.chat_id, { message: 'x'.repeat(500) })).statusCode).toBe(200);
    expect(await rows('chat_messages')).toBe(before + 2);

    const now = new Date().toISOString();
    await t.app.deps.db.insertInto('generation_events').values(Array.from({ length: LIMIT }, () => ({ user_id: owner.id, created_at: now }))).execute();
    const limited = await send(owner, start.chat_id, { message: 'make it warmer' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().rate_limit).toEqual({ limit: LIMIT, remaining: 0 });
    expect(await rows('chat_messages')).toBe(before + 2);
    expect((await createChat(owner)).statusCode).toBe(429);
    await clearQuota(owner);
  });

  it(`takes at most ${CHAT_LIMITS.instructionsMax} instructions per chat, then 409`, async () => {
    const start = (await createChat(owner, { ...FORM, text: 'Happy birthday, Anna!' })).json();
    const now = new Date().toISOString();
    await t.app.deps.db
      .insertInto('chat_messages')
      .values(Array.from({ length: CHAT_LIMITS.instructionsMax }, () => ({ chat_id: start.chat_id, role: 'user' as const, text: 'x', created_at: now })))
      .execute();
    const res = await send(owner, start.chat_id, { message: 'make it warmer' });
    expect(expectJsonClientError(res, 409).error).toMatch(/limit of 50 instructions/);
  });

  it('keeps the newest chats without a wish and lets the oldest go', async () => {
    const user = await t.createUser();
    const db = t.app.deps.db;
    const old = new Date(Date.now() - 3600_000).toISOString();
    await db
      .insertInto('chats')
      .values(Array.from({ length: CHAT_LIMITS.draftChatsKept }, () => ({ user_id: user.id, settings: JSON.stringify(FORM), wish_id: null, created_at: old, updated_at: old })))
      .execute();
    const oldest = await db.selectFrom('chats').select('id').where('user_id', '=', user.id).orderBy('id').executeTakeFirstOrThrow();
    expect((await createChat(user, { ...FORM, text: 'Hi' })).statusCode).toBe(201);
    const kept = await db.selectFrom('chats').select('id').where('user_id', '=', user.id).execute();
    expect(kept).toHaveLength(CHAT_LIMITS.draftChatsKept);
    expect(kept.map((r) => r.id)).not.toContain(oldest.id);
  });

  it('is private: another member, a moderator and a visitor never reach it (404/401), and learn nothing', async () => {
    const start = (await createChat(owner, { ...FORM, text: 'A secret draft for Anna' })).json();
    for (const user of [other, moderator]) {
      const read = await getChat(user, start.chat_id);
      expect(expectJsonClientError(read, 404)).toEqual({ error: 'Chat not found.' });
      expect(read.body).not.toMatch(/secret/);
      expect(expectJsonClientError(await send(user, start.chat_id, { message: 'make it warmer' }), 404)).toEqual({ error: 'Chat not found.' });
    }
    // The same answer as for a chat that does not exist.
    expect((await getChat(other, 2_000_000)).json()).toEqual({ error: 'Chat not found.' });
    expect((await getChat(null, start.chat_id)).statusCode).toBe(401);
    expect((await send(null, start.chat_id, { message: 'make it warmer' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/base/chats/', payload: FORM })).statusCode).toBe(401);
    expect((await getChat(owner, start.chat_id)).json().messages).toEqual([]);
    expect((await getChat(owner, 0)).statusCode).toBe(404);
  });

  describe('kept with a wish', () => {
    it('save_wish keeps the caller\'s own chat; the wish\'s author reads it back, nobody else', async () => {
      const start = (await createChat(owner, { ...FORM, text: 'Happy birthday, Anna!' })).json();
      await send(owner, start.chat_id, { message: 'mention the cake' });
      const saved = await t.request({ method: 'POST', url: '/api/base/save_wish/', token: owner.access, payload: { text: 'Happy birthday, Anna! Cake!', is_public: true, chat_id: start.chat_id } });
      expect(saved.statusCode).toBe(201);
      const wishId = saved.json().wish_id;

      const mine = await t.request({ method: 'GET', url: `/api/base/wish/${wishId}/chat/`, token: owner.access });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ chat_id: start.chat_id, wish_id: wishId, settings: FORM });
      expect(mine.json().messages).toHaveLength(2);
      expect((await getChat(owner, start.chat_id)).json().wish_id).toBe(wishId);

      // The author's wish says which chat goes with it (the page asks for it only then).
      expect((await t.request({ method: 'GET', url: `/api/base/wish/${wishId}/`, token: owner.access })).json().wish.chat_id).toBe(start.chat_id);
      // The wish is public, its chat is not.
      for (const user of [other, moderator]) {
        const seen = await t.request({ method: 'GET', url: `/api/base/wish/${wishId}/`, token: user.access });
        expect(seen.statusCode).toBe(200);
        expect(seen.json().wish).not.toHaveProperty('chat_id');
        const theirs = await t.request({ method: 'GET', url: `/api/base/wish/${wishId}/chat/`, token: user.access });
        expect(expectJsonClientError(theirs, 404)).toEqual({ error: 'Chat not found.' });
      }
      expect((await t.request({ method: 'GET', url: `/api/base/wish/${wishId}/chat/` })).statusCode).toBe(401);
      // A wish without a chat, and one that does not exist.
      const plain = await t.saveWish(owner, 'No chat here');
      expect((await t.request({ method: 'GET', url: `/api/base/wish/${plain}/`, token: owner.access })).json().wish.chat_id).toBeNull();
      expect((await t.request({ method: 'GET', url: `/api/base/wish/${plain}/chat/`, token: owner.access })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: `/api/base/wish/abc/chat/`, token: owner.access })).statusCode).toBe(404);

      // The chat goes on after the save; a second wish cannot take it.
      expect((await send(owner, start.chat_id, { message: 'make it warmer' })).statusCode).toBe(200);
      const again = await t.request({ method: 'POST', url: '/api/base/save_wish/', token: owner.access, payload: { text: 'Another', chat_id: start.chat_id } });
      expect(expectJsonClientError(again, 409).error).toBe('This chat is already kept with another wish.');
    });

    it('of a private wish: 404 for another member and a moderator too, never the text', async () => {
      const start = (await createChat(owner, { ...FORM, text: 'Private plans for Anna' })).json();
      const saved = await t.request({ method: 'POST', url: '/api/base/save_wish/', token: owner.access, payload: { text: 'Private plans for Anna', is_public: false, chat_id: start.chat_id } });
      const wishId = saved.json().wish_id;
      for (const user of [other, moderator]) {
        for (const url of [`/api/base/wish/${wishId}/chat/`, `/api/base/chats/${start.chat_id}/`]) {
          const res = await t.request({ method: 'GET', url, token: user.access });
          expect(res.statusCode).toBe(404);
          expect(res.body).not.toMatch(/Private plans/);
        }
      }
      expect((await t.request({ method: 'GET', url: `/api/base/wish/${wishId}/chat/`, token: owner.access })).json().versions[0].text).toBe('Private plans for Anna');
    });

    it('refuses someone else\'s or a missing chat with 404 and saves nothing', async () => {
      const start = (await createChat(owner, { ...FORM, text: 'Happy birthday, Anna!' })).json();
      const wishesBefore = await t.app.deps.db.selectFrom('wishes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      for (const chatId of [start.chat_id, 2_000_000]) {
        const res = await t.request({ method: 'POST', url: '/api/base/save_wish/', token: other.access, payload: { text: 'Stolen', chat_id: chatId } });
        expect(expectJsonClientError(res, 404)).toEqual({ error: 'Chat not found.' });
      }
      expectJsonClientError(await t.request({ method: 'POST', url: '/api/base/save_wish/', token: owner.access, payload: { text: 'Bad id', chat_id: 'x' } }), 400);
      const wishesAfter = await t.app.deps.db.selectFrom('wishes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      expect(Number(wishesAfter?.n)).toBe(Number(wishesBefore?.n));
      expect((await getChat(owner, start.chat_id)).json().wish_id).toBeNull();
    });

    it('goes with the wish when the wish is deleted, and with the member when the account is deleted', async () => {
      const user = await t.createUser();
      const start = (await createChat(user, { ...FORM, text: 'Happy birthday, Anna!' })).json();
      await send(user, start.chat_id, { message: 'make it warmer' });
      const wishId = (await t.request({ method: 'POST', url: '/api/base/save_wish/', token: user.access, payload: { text: 'Hi Anna', chat_id: start.chat_id } })).json().wish_id;
      expect((await t.request({ method: 'DELETE', url: `/api/base/wish/${wishId}/`, token: user.access })).statusCode).toBe(200);
      const db = t.app.deps.db;
      expect(await db.selectFrom('chats').select('id').where('id', '=', start.chat_id).execute()).toEqual([]);
      expect(await db.selectFrom('chat_messages').select('id').where('chat_id', '=', start.chat_id).execute()).toEqual([]);
      expect(await db.selectFrom('chat_versions').select('id').where('chat_id', '=', start.chat_id).execute()).toEqual([]);

      const draft = (await createChat(user, { ...FORM, text: 'Another draft' })).json();
      const gone = await t.request({ method: 'DELETE', url: '/api/account/', token: user.access, payload: { password: user.password } });
      expect(gone.statusCode).toBeLessThan(300);
      expect(await db.selectFrom('chats').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
      expect(await db.selectFrom('chat_versions').select('id').where('chat_id', '=', draft.chat_id).execute()).toEqual([]);
    });
  });
});
