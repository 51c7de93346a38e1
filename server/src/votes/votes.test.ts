import { createTestApp, dialects, expectJsonClientError, type TestContext, type TestUser } from '../../test/kit/harness';

describe.each(dialects)('votes (%s)', (dialect) => {
  let t: TestContext;
  let author: TestUser;
  let voter: TestUser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    author = await t.createUser({ first_name: 'Ann', last_name: 'Author' });
    voter = await t.createUser({ first_name: 'Vic', last_name: 'Voter' });
  });
  afterAll(async () => t.close());

  const vote = (id: number | string, user: TestUser, payload?: unknown) => t.request({ method: 'POST', url: `/api/wish/${id}/vote/`, token: user.access, payload: payload as object });
  const unvote = (id: number | string, user: TestUser) => t.request({ method: 'DELETE', url: `/api/wish/${id}/vote/`, token: user.access });

  it('upvotes by default, keeps one vote on repeat, switches, and removes', async () => {
    const id = await t.saveWish(author, 'Vote on me');
    const up = await vote(id, voter);
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ message: 'Upvoted', wish: { id, vote_count: 1, upvote_count: 1, downvote_count: 0, vote_type: 'upvote' } });
    expect((await vote(id, voter, { vote_type: 'upvote' })).json().wish).toMatchObject({ upvote_count: 1, downvote_count: 0 });
    const down = await vote(id, voter, { vote_type: 'downvote' });
    expect(down.json()).toEqual({ message: 'Downvoted', wish: { id, vote_count: -1, upvote_count: 0, downvote_count: 1, vote_type: 'downvote' } });
    const detail = (await t.request({ url: `/api/base/wish/${id}/`, token: voter.access })).json().wish;
    expect(detail).toMatchObject({ vote_type: 'downvote', downvote_count: 1, vote_count: -1 });
    expect((await t.request({ url: `/api/base/wish/${id}/` })).json().wish.vote_type).toBeNull();
    const removed = await unvote(id, voter);
    expect(removed.json()).toEqual({ message: 'Vote removed', wish: { id, vote_count: 0, upvote_count: 0, downvote_count: 0, vote_type: null } });
    const again = await unvote(id, voter);
    expect(again.statusCode).toBe(200);
    expect(again.json().wish.upvote_count).toBe(0);
  });

  it('refuses bad vote types, visitors and unknown wishes', async () => {
    const id = await t.saveWish(author, 'Careful');
    for (const payload of [{ vote_type: 'sideways' }, { vote_type: 1 }, { vote_type: null }, { vote_type: ['upvote'] }]) expectJsonClientError(await vote(id, voter, payload), 400);
    expect((await t.request({ method: 'POST', url: `/api/wish/${id}/vote/`, payload: {} })).statusCode).toBe(401);
    expect((await t.request({ method: 'DELETE', url: `/api/wish/${id}/vote/` })).statusCode).toBe(401);
    for (const bad of ['424242', 'abc', '0', '-3']) {
      expect(expectJsonClientError(await vote(bad, voter), 404).error).toBe('Wish not found');
      expectJsonClientError(await unvote(bad, voter), 404);
      expectJsonClientError(await t.request({ url: `/api/wish/${bad}/voters/` }), 404);
    }
  });

  it('lists voters newest first with filters and totals', async () => {
    const id = await t.saveWish(author, 'Popular');
    const users = [voter, await t.createUser({ first_name: '', last_name: '' }), await t.createUser()];
    await vote(id, users[0], { vote_type: 'upvote' });
    await vote(id, users[1], { vote_type: 'downvote' });
    await vote(id, users[2], { vote_type: 'upvote' });
    const all = await t.request({ url: `/api/wish/${id}/voters/`, token: users[1].access });
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body).toMatchObject({ count: 3, upvote_count: 2, downvote_count: 1, total_count: 3, net_count: 1, current_user_vote: 'downvote' });
    expect(body.voters.map((v: { voter_id: number }) => v.voter_id)).toEqual([users[2].id, users[1].id, users[0].id]);
    expect(body.voters[1]).toEqual({ id: expect.any(Number), voter_id: users[1].id, voter_name: 'Anonymous', vote_type: 'downvote', created_at: expect.any(String) });
    expect(body.voters[2].voter_name).toBe('Vic Voter');
    const ups = (await t.request({ url: `/api/wish/${id}/voters/?vote_type=upvote` })).json();
    expect(ups).toMatchObject({ count: 2, upvote_count: 2, downvote_count: 1, total_count: 3, current_user_vote: null });
    expect(ups.voters.every((v: { vote_type: string }) => v.vote_type === 'upvote')).toBe(true);
    const downs = (await t.request({ url: `/api/wish/${id}/voters?vote_type=downvote` })).json();
    expect(downs.count).toBe(1);
    expectJsonClientError(await t.request({ url: `/api/wish/${id}/voters/?vote_type=meh` }), 400);
  });

  it('counts a vote cast while another request holds a transaction open on the connection (SQLite: the group commit waits for the connection)', async () => {
    const id = await t.saveWish(author, 'Busy connection');
    const late = await t.createUser();
    let pending: Promise<{ statusCode: number; json: () => { wish: { upvote_count: number } } }> | undefined;
    await t.app.deps.db.transaction().execute(async (trx) => {
      await trx.selectFrom('wishes').select('id').where('id', '=', id).execute();
      // The vote arrives while this transaction is open and waiting: it must neither join nor break it.
      pending = vote(id, late, { vote_type: 'upvote' });
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    const res = await pending!;
    expect(res.statusCode).toBe(200);
    expect(res.json().wish.upvote_count).toBe(1);
    const authorNotes = (await t.request({ url: '/api/notifications/', token: author.access })).json();
    expect(JSON.stringify(authorNotes)).toContain(String(late.id));
  });

  describe('paged voters', () => {
    let id: number;
    let crowd: TestUser[];
    type V = { id: number; voter_id: number; vote_type: string; created_at: string };
    const page = async (query: string, token?: string) => {
      const res = await t.request({ url: `/api/wish/${id}/voters/?${query}`, token });
      expect([res.statusCode, res.statusCode === 200 ? '' : res.body]).toEqual([200, '']);
      return res.json() as { voters: V[]; count: number; upvote_count: number; downvote_count: number; total_count: number; next_cursor: string | null };
    };
    /** Follows next_cursor to the end; every page but the last is full. */
    const walk = async (query: string, limit: number) => {
      const seen: V[] = [];
      let cursor: string | null = null;
      for (let n = 0; n < 100; n++) {
        const body = await page(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...body.voters);
        cursor = body.next_cursor;
        if (cursor === null) return seen;
        expect(body.voters).toHaveLength(limit);
      }
      throw new Error('no end');
    };

    beforeAll(async () => {
      id = await t.saveWish(author, 'Paged');
      crowd = await Promise.all(Array.from({ length: 23 }, () => t.createUser()));
      for (const [k, u] of crowd.entries()) await vote(id, u, { vote_type: k % 3 === 0 ? 'downvote' : 'upvote' });
      // Ties on created_at (groups of 4 share one instant) so the id tie-break is exercised.
      const rows = await t.app.deps.db.selectFrom('votes').select(['id']).where('wish_id', '=', id).orderBy('id').execute();
      for (const [k, r] of rows.entries()) {
        await t.app.deps.db.updateTable('votes').set({ created_at: `2026-01-01T00:00:${String(10 + Math.floor(k / 4)).padStart(2, '0')}.000Z` }).where('id', '=', r.id).execute();
      }
    });

    it('walks every voter once, newest first, with totals that are not the page', async () => {
      const everyone = (await page('')).voters;
      expect(everyone).toHaveLength(23);
      const sorted = [...everyone].sort((a, b) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1));
      expect(everyone).toEqual(sorted);
      for (const limit of [1, 4, 5, 22, 23, 50]) expect(await walk('', limit)).toEqual(everyone);
      const first = await page('limit=5');
      expect(first).toMatchObject({ count: 23, upvote_count: 15, downvote_count: 8, total_count: 23, next_cursor: expect.any(String) });
      expect(first.voters).toHaveLength(5);
      expect((await page('limit=23')).next_cursor).toBeNull();
    });

    it('pages a vote_type filter with count = all the matching votes', async () => {
      const downs = await walk('vote_type=downvote', 3);
      expect(downs).toHaveLength(8);
      expect(downs.every((v) => v.vote_type === 'downvote')).toBe(true);
      const ups = await walk('vote_type=upvote', 4);
      expect(ups).toHaveLength(15);
      expect(new Set([...ups, ...downs].map((v) => v.voter_id)).size).toBe(23);
      expect(await page('vote_type=downvote&limit=2')).toMatchObject({ count: 8, total_count: 23 });
    });

    it('neither repeats nor skips an older voter when votes change between pages', async () => {
      const first = await page('limit=6');
      const newcomer = await t.createUser();
      await vote(id, newcomer, { vote_type: 'upvote' });
      await unvote(id, crowd[22]!); // the newest voter, already on page 1
      const rest = [...first.voters];
      let cursor = first.next_cursor;
      while (cursor) {
        const body = await page(`limit=6&cursor=${cursor}`);
        rest.push(...body.voters);
        cursor = body.next_cursor;
      }
      expect(rest.map((v) => v.voter_id)).not.toContain(newcomer.id);
      expect(new Set(rest.map((v) => v.id)).size).toBe(rest.length);
      expect(rest).toHaveLength(23);
      await unvote(id, newcomer);
      await vote(id, crowd[22]!, { vote_type: crowd.length % 3 === 1 ? 'downvote' : 'upvote' });
    });

    it('refuses malformed limits and cursors with a 400, and hides the private wish behind a cursor', async () => {
      const good = (await page('limit=1')).next_cursor!;
      for (const bad of ['limit=0', 'limit=1001', 'limit=abc', 'limit=-1', 'cursor=', 'cursor=%2F%2F', `cursor=${Buffer.from('yesterday|1').toString('base64url')}`,
        `cursor=${Buffer.from('2026-01-01T00:00:00.000Z|0').toString('base64url')}`, `cursor=${Buffer.from('2026-01-01T00:00:00.000Z|99999999999').toString('base64url')}`, `cursor=${'A'.repeat(300)}`]) {
        expectJsonClientError(await t.request({ url: `/api/wish/${id}/voters/?${bad}` }), 400);
      }
      const hidden = await t.saveWish(author, 'Mine only', false);
      await vote(hidden, author);
      expectJsonClientError(await t.request({ url: `/api/wish/${hidden}/voters/?limit=1&cursor=${good}`, token: voter.access }), 404);
      expectJsonClientError(await t.request({ url: `/api/wish/${hidden}/voters/?limit=1&cursor=${good}` }), 404);
      const own = await t.request({ url: `/api/wish/${hidden}/voters/?limit=1`, token: author.access });
      expect(own.json()).toMatchObject({ count: 1, next_cursor: null, current_user_vote: 'upvote' });
      // The page the read model's load read (and did not keep: the wish is not listed) is the one answered.
      expect(own.json().voters.map((v: { voter_id: number }) => v.voter_id)).toEqual([author.id]);
      expect((await t.request({ url: `/api/wish/${hidden}/voters/?limit=1`, token: author.access })).json()).toEqual(own.json());
    });
  });

  it('keeps exact counts with 25 users voting in parallel', async () => {
    const id = await t.saveWish(author, 'Race me');
    const crowd = await Promise.all(Array.from({ length: 25 }, () => t.createUser()));
    // Everyone upvotes at once, twice; then the first 10 switch to downvote at once while 5 others unvote.
    await Promise.all([...crowd, ...crowd].map((u) => vote(id, u, { vote_type: 'upvote' })));
    let counts = (await t.request({ url: `/api/wish/${id}/voters/` })).json();
    expect(counts).toMatchObject({ upvote_count: 25, downvote_count: 0, total_count: 25 });
    const results = await Promise.all([
      ...crowd.slice(0, 10).map((u) => vote(id, u, { vote_type: 'downvote' })),
      ...crowd.slice(10, 15).map((u) => unvote(id, u)),
      ...crowd.slice(10, 15).map((u) => unvote(id, u)),
    ]);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    counts = (await t.request({ url: `/api/wish/${id}/voters/` })).json();
    expect(counts).toMatchObject({ upvote_count: 10, downvote_count: 10, total_count: 20, net_count: 0, count: 20 });
    expect(counts.voters).toHaveLength(20);
    const rows = await t.app.deps.db.selectFrom('votes').select(['vote_type']).where('wish_id', '=', id).execute();
    expect(rows.filter((r) => r.vote_type === 'upvote')).toHaveLength(10);
    expect(rows.filter((r) => r.vote_type === 'downvote')).toHaveLength(10);
  });

  it('keeps exact counts when one user toggles in parallel (double clicks, two tabs)', async () => {
    const id = await t.saveWish(author, 'Toggle me');
    const toggler = await t.createUser();
    const bystander = await t.createUser();
    await vote(id, bystander, { vote_type: 'upvote' });
    const counts = async () => (await t.request({ url: `/api/wish/${id}/voters/` })).json();
    const many = (n: number, send: () => Promise<{ statusCode: number }>) => Promise.all(Array.from({ length: n }, send));

    expect((await many(20, () => vote(id, toggler, { vote_type: 'upvote' }))).every((r) => r.statusCode === 200)).toBe(true);
    expect(await counts()).toMatchObject({ upvote_count: 2, downvote_count: 0, total_count: 2 });
    await many(20, () => vote(id, toggler, { vote_type: 'downvote' }));
    expect(await counts()).toMatchObject({ upvote_count: 1, downvote_count: 1, total_count: 2 });
    await many(20, () => unvote(id, toggler));
    expect(await counts()).toMatchObject({ upvote_count: 1, downvote_count: 0, total_count: 1 });

    // All three at once, interleaved: whichever lands last wins, and the counters agree with the rows.
    const mixed = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? vote(id, toggler, { vote_type: 'upvote' }) : i % 3 === 1 ? vote(id, toggler, { vote_type: 'downvote' }) : unvote(id, toggler))),
    );
    expect(mixed.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await t.app.deps.db.selectFrom('votes').select(['user_id', 'vote_type']).where('wish_id', '=', id).execute();
    const mine = rows.filter((r) => r.user_id === toggler.id);
    expect(mine.length).toBeLessThanOrEqual(1);
    const final = await counts();
    expect(final.upvote_count).toBe(rows.filter((r) => r.vote_type === 'upvote').length);
    expect(final.downvote_count).toBe(rows.filter((r) => r.vote_type === 'downvote').length);
    expect(final.total_count).toBe(rows.length);
    const stored = await t.app.deps.db.selectFrom('wishes').select(['upvote_count', 'downvote_count']).where('id', '=', id).executeTakeFirstOrThrow();
    expect([stored.upvote_count, stored.downvote_count]).toEqual([final.upvote_count, final.downvote_count]);
  });
});
