/** PATCH and DELETE /api/base/wish/{id}/ (docs/api.md, "Own wishes and moderation"): every list, count and page follows at once. */
import { createTestApp, dialects, expectJsonClientError, type TestContext, type TestUser } from '../../test/kit/harness';
import { loadOptions } from '../options/load';
import { runAdminCommand } from '../moderation/admin-cli';
import { rmSync } from 'node:fs';
import { makeFakeSite, withSiteRoot } from '../../test/security/site';

const EMBEDDED = /<script type="application\/json" id="wishes-initial">([\s\S]*?)<\/script>/;

describe.each(dialects)('own wishes: edit, visibility, delete (%s)', (dialect) => {
  let t: TestContext;
  let author: TestUser;
  let other: TestUser;
  let moderator: TestUser;
  let category: string;
  let site: string;
  beforeAll(async () => {
    site = makeFakeSite();
    t = await withSiteRoot(site, () => createTestApp(dialect));
    author = await t.createUser({ first_name: 'Edda', last_name: 'Editor' });
    other = await t.createUser();
    moderator = await t.createUser();
    expect((await runAdminCommand(t.app.deps.db, ['role', moderator.email, 'moderator'])).code).toBe(0);
    category = loadOptions(t.config.optionsPath).options.report_topic_config[0];
  });
  afterAll(async () => {
    await t.close();
    rmSync(site, { recursive: true, force: true });
  });

  const patch = (id: number, payload: unknown, token?: string) => t.request({ method: 'PATCH', url: `/api/base/wish/${id}/`, payload: payload as object, token });
  const del = (id: number, token?: string) => t.request({ method: 'DELETE', url: `/api/base/wish/${id}/`, token });
  const ids = (body: { wishes: { id: number }[] }) => body.wishes.map((w) => w.id);
  const feedIds = async (token?: string) => ids((await t.request({ url: '/api/base/feed/1/', token })).json());
  const searchOf = async (query: string, token?: string) => (await t.request({ method: 'POST', url: '/api/base/search/', payload: { query }, token })).json();
  const posts = async (token?: string) => (await t.request({ url: `/api/profile/${author.id}/`, token })).json().posts;
  const embeddedFeedIds = async () => {
    const page = await t.request({ url: '/feed' });
    const match = EMBEDDED.exec(page.body);
    return match ? ids(JSON.parse(match[1]).feed) : null;
  };

  it('edits the text: trimmed, marked edited, shown everywhere at once; an unchanged text is no edit', async () => {
    const id = await t.saveWish(author, 'Happy birthday, Grase');
    expect(ids((await searchOf('grase')))).toEqual([id]); // fills the search cache
    const res = await patch(id, { text: '  Happy birthday, Grace  ' }, author.access);
    expect(res.statusCode).toBe(200);
    const { wish } = res.json();
    expect(wish).toMatchObject({ id, text: 'Happy birthday, Grace', is_public: true, edited_at: expect.stringMatching(/Z$/) });
    expect(wish.moderation).toBeUndefined();
    expect((await t.request({ url: `/api/base/wish/${id}/` })).json().wish.text).toBe('Happy birthday, Grace');
    expect(ids(await searchOf('grace'))).toEqual([id]);
    expect((await searchOf('grase')).total_results).toBe(0);

    const fresh = await t.saveWish(author, 'Same words');
    const same = (await patch(fresh, { text: 'Same words' }, author.access)).json();
    expect(same.wish.edited_at).toBeNull();
  });

  it('makes a wish private and public again: feed (cached), search, lists, posts and the /feed page follow at once', async () => {
    const id = await t.saveWish(author, 'Visible kumquat wish');
    // Warm the anonymous feed cache and the search ids cache first.
    expect((await feedIds())[0]).toBe(id);
    expect(ids(await searchOf('kumquat'))).toEqual([id]);
    const before = await posts();

    const res = await patch(id, { is_public: false }, author.access);
    expect(res.statusCode).toBe(200);
    expect(res.json().wish.is_public).toBe(false);
    expect(res.json().wish.edited_at).toBeNull();
    for (const token of [undefined, other.access, author.access]) {
      expect(await feedIds(token)).not.toContain(id);
      expect((await searchOf('kumquat', token)).total_results).toBe(0);
    }
    expect(await embeddedFeedIds()).not.toContain(id);
    expect(ids((await t.request({ url: `/api/base/user/${author.id}/wishes/` })).json())).not.toContain(id);
    expect(ids((await t.request({ url: `/api/base/user/${author.id}/wishes/`, token: author.access })).json())).toContain(id);
    expect(await posts()).toBe(before - 1);
    expect((await t.request({ url: `/api/base/wish/${id}/`, token: other.access })).statusCode).toBe(404);

    expect((await patch(id, { is_public: true }, author.access)).statusCode).toBe(200);
    expect((await feedIds())[0]).toBe(id);
    expect(ids(await searchOf('kumquat'))).toEqual([id]);
    expect(await embeddedFeedIds()).toContain(id);
    expect(await posts()).toBe(before);
  });

  it('refuses bad edits with 400, visitors with 401, others with 403 (visible) or 404 (not visible)', async () => {
    const id = await t.saveWish(author, 'Guarded');
    const priv = await t.saveWish(author, 'Guarded and private', false);
    for (const payload of [{}, { text: '' }, { text: '   ' }, { text: 'x'.repeat(2001) }, { text: 5 }, { is_public: 'no' }, { text: null }, { is_public: null }]) {
      expectJsonClientError(await patch(id, payload, author.access), 400);
    }
    expect((await patch(id, { text: 'x'.repeat(2000) }, author.access)).statusCode).toBe(200);
    expect(expectJsonClientError(await patch(id, { text: 'Hi' }), 401).detail).toBe('Authentication credentials were not provided.');
    expect(expectJsonClientError(await patch(id, { text: 'Mine now' }, other.access), 403)).toEqual({ error: 'You can only change your own wishes.' });
    expect(expectJsonClientError(await patch(id, { text: 'Mine now' }, moderator.access), 403)).toEqual({ error: 'You can only change your own wishes.' });
    expect(expectJsonClientError(await patch(priv, { text: 'Mine now' }, other.access), 404)).toEqual({ error: 'Wish not found' });
    expect(expectJsonClientError(await patch(987_654, { text: 'x' }, author.access), 404)).toEqual({ error: 'Wish not found' });
    for (const bad of ['abc', '0', '-1', '1e3']) expectJsonClientError(await t.request({ method: 'PATCH', url: `/api/base/wish/${bad}/`, payload: { text: 'x' }, token: author.access }), 404);
    expect((await t.request({ url: `/api/base/wish/${priv}/`, token: author.access })).json().wish.text).toBe('Guarded and private');
  });

  it('deletes: 404 everywhere afterwards, its votes and reports gone, counts follow', async () => {
    const { db } = t.app.deps;
    const id = await t.saveWish(author, 'Delete this quince wish');
    await t.request({ method: 'POST', url: `/api/wish/${id}/vote/`, payload: { vote_type: 'upvote' }, token: other.access });
    await t.request({ method: 'POST', url: '/api/complaints/submit/', payload: { category, wish_id: id }, token: other.access });
    expect((await feedIds())[0]).toBe(id);
    expect(ids(await searchOf('quince'))).toEqual([id]);
    const before = await posts();

    expect(expectJsonClientError(await del(id), 401).detail).toBe('Authentication credentials were not provided.');
    expect(expectJsonClientError(await del(id, other.access), 403)).toEqual({ error: 'You can only delete your own wishes.' });
    const res = await del(id, author.access);
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'Wish deleted' }]);

    for (const token of [undefined, other.access, author.access]) {
      expect((await t.request({ url: `/api/base/wish/${id}/`, token })).statusCode).toBe(404);
      expect((await t.request({ url: `/api/wish/${id}/voters/`, token })).statusCode).toBe(404);
      expect(await feedIds(token)).not.toContain(id);
      expect((await searchOf('quince', token)).total_results).toBe(0);
    }
    expect(await embeddedFeedIds()).not.toContain(id);
    expect(await posts()).toBe(before - 1);
    expect(await db.selectFrom('votes').select('id').where('wish_id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('complaints').select('id').where('wish_id', '=', id).execute()).toEqual([]);
    expect((await del(id, author.access)).statusCode).toBe(404);
    expect((await patch(id, { text: 'Back?' }, author.access)).statusCode).toBe(404);
  });

  it("lets a moderator delete someone else's wish (logged), never another's private one", async () => {
    const id = await t.saveWish(other, 'Moderator deletes me');
    const priv = await t.saveWish(other, 'Private, not for moderators', false);
    expect((await del(priv, moderator.access)).statusCode).toBe(404);
    expect((await del(id, moderator.access)).json()).toEqual({ message: 'Wish deleted' });
    const log = (await t.request({ url: '/api/moderation/log/', token: moderator.access })).json();
    expect(log.entries[0]).toMatchObject({ action: 'delete', target_type: 'wish', target_id: id, actor_id: moderator.id });
  });
});
