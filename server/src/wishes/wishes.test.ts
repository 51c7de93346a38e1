import { createTestApp, dialects, expectJsonClientError, type TestContext, type TestUser } from '../../test/kit/harness';

describe.each(dialects)('wishes (%s)', (dialect) => {
  let t: TestContext;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    alice = await t.createUser({ first_name: 'Alice', last_name: 'Anders' });
    bob = await t.createUser({ first_name: 'Bob', last_name: 'Brown' });
  });
  afterAll(async () => t.close());

  describe('save and detail', () => {
    it('saves a public wish by default and returns the full Wish shape', async () => {
      const res = await t.request({ method: 'POST', url: '/api/base/save_wish/', token: alice.access, payload: { text: '  Happy birthday, dear friend!  ' } });
      expect(res.statusCode).toBe(201);
      const id = res.json().wish_id;
      const detail = await t.request({ url: `/api/base/wish/${id}/` });
      expect(detail.statusCode).toBe(200);
      expect(detail.json().wish).toEqual({
        id,
        edited_at: null,
        text: 'Happy birthday, dear friend!',
        user_id: alice.id,
        is_public: true,
        published_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        created_at: expect.any(String),
        vote_count: 0,
        upvote_count: 0,
        downvote_count: 0,
        vote_type: null,
        author: 'Alice Anders',
        user: { id: alice.id, full_name: 'Alice Anders', first_name: 'Alice', last_name: 'Anders', avatar_url: null, avatar_thumbnail: null },
        reply_count: 0,
        card_theme: 'classic',
      });
    });

    it('refuses empty, blank, too long and wrongly typed text', async () => {
      for (const payload of [{}, { text: '' }, { text: '   ' }, { text: 'x'.repeat(2001) }, { text: 5 }, { text: 'ok', is_public: 'yes' }, { text: null }]) {
        expectJsonClientError(await t.request({ method: 'POST', url: '/api/base/save_wish/', token: alice.access, payload }), 400);
      }
      expect((await t.request({ method: 'POST', url: '/api/base/save_wish/', token: alice.access, payload: { text: 'x'.repeat(2000) } })).statusCode).toBe(201);
    });

    it('answers 404 for unknown and malformed ids', async () => {
      for (const id of ['999999', 'abc', '0', '-1', '1.5', '99999999999999999999', '%27%20OR%201=1']) {
        const body = expectJsonClientError(await t.request({ url: `/api/base/wish/${id}/` }), 404);
        expect(body.error).toBe('Wish not found');
      }
    });
  });

  describe('feed paging', () => {
    let t2: TestContext;
    let ids: number[];
    beforeAll(async () => {
      t2 = await createTestApp(dialect);
      const u = await t2.createUser();
      ids = [];
      for (let i = 0; i < 23; i++) ids.push(await t2.saveWish(u, `Feed wish number ${i}`, i % 5 !== 4));
      // Equal timestamps: ids must break the tie, highest first.
      await t2.app.deps.db.updateTable('wishes').set({ created_at: '2026-01-01T00:00:00.000Z' }).where('id', 'in', ids.slice(10, 16)).execute();
    });
    afterAll(async () => t2.close());

    it('pages public wishes newest first without repeats or gaps', async () => {
      const seen: number[] = [];
      let page = 1;
      for (;;) {
        const res = await t2.request({ url: `/api/base/feed/${page}/` });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.page_number).toBe(page);
        expect(body.wishes.length).toBeLessThanOrEqual(10);
        seen.push(...body.wishes.map((w: { id: number }) => w.id));
        if (body.next_page_number === null) {
          expect(body.hasMore).toBe(false);
          break;
        }
        expect(body.next_page_number).toBe(page + 1);
        page++;
      }
      const publicIds = ids.filter((_, i) => i % 5 !== 4);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.sort((a, b) => a - b)).toEqual(publicIds);
      const first = (await t2.request({ url: '/api/base/feed/1/' })).json().wishes.map((w: { id: number }) => w.id);
      expect(first[0]).toBe(Math.max(...publicIds.filter((id) => !ids.slice(10, 16).includes(id))));
    });

    it('returns an empty page past the end and 404 for bad page numbers', async () => {
      const res = await t2.request({ url: '/api/base/feed/99/' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ wishes: [], page_number: 99, next_page_number: null, hasMore: false });
      for (const p of ['0', '-1', 'abc', '1e3', '2.0']) expectJsonClientError(await t2.request({ url: `/api/base/feed/${p}/` }), 404);
    });
  });

  describe("a user's wishes", () => {
    it('lists public wishes to others and all wishes to the author', async () => {
      const u = await t.createUser();
      const pub = await t.saveWish(u, 'Public one');
      const priv = await t.saveWish(u, 'Private one', false);
      const asVisitor = (await t.request({ url: `/api/base/user/${u.id}/wishes/1/` })).json();
      expect(asVisitor.wishes.map((w: { id: number }) => w.id)).toEqual([pub]);
      const asBob = (await t.request({ url: `/api/base/user/${u.id}/wishes/1/`, token: bob.access })).json();
      expect(asBob.wishes.map((w: { id: number }) => w.id)).toEqual([pub]);
      const asSelf = (await t.request({ url: `/api/base/user/${u.id}/wishes/1/`, token: u.access })).json();
      expect(asSelf.wishes.map((w: { id: number }) => w.id)).toEqual([priv, pub]);
      expect(asSelf.wishes[0].is_public).toBe(false);
    });

    it('answers 404 for unknown users and bad ids', async () => {
      expect(expectJsonClientError(await t.request({ url: '/api/base/user/987654/wishes/1/' }), 404).error).toBe('User not found');
      expectJsonClientError(await t.request({ url: '/api/base/user/abc/wishes/1/' }), 404);
      expectJsonClientError(await t.request({ url: `/api/base/user/${alice.id}/wishes/0/` }), 404);
    });
  });

  describe('search', () => {
    let t3: TestContext;
    let ids: Record<string, number>;
    beforeAll(async () => {
      t3 = await createTestApp(dialect);
      const zoe = await t3.createUser({ first_name: 'Zoë', last_name: 'Quintero' });
      const max = await t3.createUser({ first_name: 'Max', last_name: 'Mustermann' });
      ids = {
        cake: await t3.saveWish(zoe, 'Wishing you cake and candles on your birthday'),
        cakeTwice: await t3.saveWish(max, 'Cake, cake and more cake for the best birthday ever'),
        wedding: await t3.saveWish(max, 'Congratulations on your wedding day!'),
        secret: await t3.saveWish(max, 'Secret birthday cake surprise', false),
        unicode: await t3.saveWish(zoe, 'Joyeux anniversaire, café et crème brûlée 🎂'),
        quotes: await t3.saveWish(max, 'He said "near or far" we celebrate'),
      };
      for (let i = 0; i < 12; i++) await t3.saveWish(max, `Holiday greetings batch ${i}`);
    });
    afterAll(async () => t3.close());

    const search = (query: unknown, page?: number, token?: string) =>
      t3.request({ method: "POST", url: page !== undefined ? `/api/base/search/${page}/` : '/api/base/search/', payload: { query }, token });

    it('finds public wishes by text and author name, best match first', async () => {
      const res = await search('cake');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, query: 'cake', page_number: 1, total_results: 2, total_pages: 1, next_page_number: null, previous_page_number: null, hasMore: false });
      expect(body.wishes.map((w: { id: number }) => w.id)).toEqual([ids.cakeTwice, ids.cake]);
      const byAuthor = (await search('quintero')).json();
      expect(byAuthor.wishes.map((w: { id: number }) => w.id).sort()).toEqual([ids.cake, ids.unicode].sort());
      expect((await search('Max birthday')).json().wishes.map((w: { id: number }) => w.id)).toEqual([ids.cakeTwice]);
    });

    it('never returns private wishes, not even to their author', async () => {
      const secret = (await search('surprise')).json();
      expect(secret.total_results).toBe(0);
    });

    it('pages results', async () => {
      const p1 = (await search('holiday')).json();
      expect(p1).toMatchObject({ total_results: 12, total_pages: 2, next_page_number: 2, hasMore: true });
      expect(p1.wishes).toHaveLength(10);
      const p2 = (await search('holiday', 2)).json();
      expect(p2).toMatchObject({ page_number: 2, previous_page_number: 1, next_page_number: null, hasMore: false });
      expect(p2.wishes).toHaveLength(2);
      const p9 = (await search('holiday', 9)).json();
      expect(p9.wishes).toEqual([]);
      expectJsonClientError(await search('holiday', 0), 404);
    });

    it('matches prefixes and unicode', async () => {
      expect((await search('wed')).json().wishes.map((w: { id: number }) => w.id)).toEqual([ids.wedding]);
      expect((await search('café')).json().wishes.map((w: { id: number }) => w.id)).toEqual([ids.unicode]);
      expect((await search('crème brûlée')).json().total_results).toBe(1);
      expect((await search('Zoë')).json().total_results).toBe(2);
    });

    it.each([
      '"',
      '""',
      '"cake',
      'cake"',
      '*',
      'cake*',
      '**',
      'NEAR',
      'NEAR(cake birthday)',
      'cake OR wedding',
      'cake AND',
      'NOT cake',
      '-cake',
      'cake -wedding',
      '(cake',
      'cake)',
      '()',
      "'",
      "cake' OR '1'='1",
      'cake; DROP TABLE wishes; --',
      '^cake',
      'col:cake',
      'text:cake',
      '{text author}: cake',
      '&|!<->:*',
      'cake & wedding',
      '\\',
      '%_',
      '🎂',
      '漢字',
      'near or far',
    ])('never breaks on %p', async (query) => {
      const res = await search(query);
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toBe(true);
    });

    it('refuses NUL characters (PostgreSQL text cannot hold them) with 400, not 500', async () => {
      expectJsonClientError(await search('cake\u0000'), 400);
      expectJsonClientError(await t3.request({ method: 'POST', url: '/api/base/save_wish/', payload: { text: 'a\u0000b' }, token: (await t3.createUser()).access }), 400);
    });

    it('treats operators as plain words', async () => {
      expect((await search('near or far')).json().wishes.map((w: { id: number }) => w.id)).toEqual([ids.quotes]);
      expect((await search('"cake"')).json().total_results).toBe(2);
      expect((await search('cake OR wedding')).json().total_results).toBe(0);
    });

    it('refuses blank, missing, wrongly typed and too long queries', async () => {
      for (const q of ['', '   ', undefined, null, 42, ['cake']]) {
        const res = await search(q);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ success: false, error: 'Please enter a search term.' });
      }
      const long = await search('a'.repeat(201));
      expect(long.statusCode).toBe(400);
      expect(long.json().success).toBe(false);
      expect((await search('a'.repeat(200))).statusCode).toBe(200);
    });
  });
});
