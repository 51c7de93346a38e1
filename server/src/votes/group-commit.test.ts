/**
 * Group commit of votes on SQLite (issue 35, item 2): votes that arrive together share one
 * transaction, every one of them is stored, the counters stay exact, and no request is answered
 * before its vote is readable from another connection (it committed). PostgreSQL runs the same
 * concurrent scenario for the counters (it commits each vote in its own statement).
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';
import { sqliteHandleOf } from '../db/connect';
import { voteGroupCommitStats } from './sqlite-vote-writer';

const VOTERS = 40;

describe.each(dialects)('concurrent votes (%s)', (dialect) => {
  let t: TestContext;
  let author: TestUser;
  let voters: TestUser[];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    author = await t.createUser();
    voters = [];
    for (let i = 0; i < VOTERS; i++) voters.push(await t.createUser());
  }, 60_000);
  afterAll(async () => t.close());

  const vote = (id: number, user: TestUser, type: 'upvote' | 'downvote') => t.request({ method: 'POST', url: `/api/wish/${id}/vote/`, token: user.access, payload: { vote_type: type } });
  const unvote = (id: number, user: TestUser) => t.request({ method: 'DELETE', url: `/api/wish/${id}/vote/`, token: user.access });

  async function stored(ids: number[]) {
    const rows = await sql<{ wish_id: number; vote_type: string; n: number | string }>`select wish_id, vote_type, count(*) as n from votes
      where wish_id in (${sql.join(ids)}) group by wish_id, vote_type`.execute(t.app.deps.db);
    const counters = await t.app.deps.db.selectFrom('wishes').select(['id', 'upvote_count', 'downvote_count']).where('id', 'in', ids).execute();
    return { rows: rows.rows.map((r) => ({ ...r, n: Number(r.n) })), counters };
  }

  it('every vote sent at once is stored and the counters are exact, through casts, switches and removals', async () => {
    const wishes = [await t.saveWish(author, 'first of two'), await t.saveWish(author, 'second of two')];
    // Round 1: everyone votes on both wishes at once (even voters up, odd ones down).
    const first = await Promise.all(voters.flatMap((v, i) => wishes.map((id) => vote(id, v, i % 2 ? 'downvote' : 'upvote'))));
    expect(first.every((r) => r.statusCode === 200)).toBe(true);
    // Round 2, at once: a third switch, a third remove, a third repeat.
    const second = await Promise.all(
      voters.flatMap((v, i) => wishes.map((id) => (i % 3 === 0 ? vote(id, v, i % 2 ? 'upvote' : 'downvote') : i % 3 === 1 ? unvote(id, v) : vote(id, v, i % 2 ? 'downvote' : 'upvote')))),
    );
    expect(second.every((r) => r.statusCode === 200)).toBe(true);

    let up = 0;
    let down = 0;
    voters.forEach((_, i) => {
      if (i % 3 === 1) return;
      const upNow = i % 3 === 0 ? i % 2 === 1 : i % 2 === 0;
      if (upNow) up++;
      else down++;
    });
    const { rows, counters } = await stored(wishes);
    for (const id of wishes) {
      expect(rows.find((r) => r.wish_id === id && r.vote_type === 'upvote')?.n ?? 0).toBe(up);
      expect(rows.find((r) => r.wish_id === id && r.vote_type === 'downvote')?.n ?? 0).toBe(down);
      expect(counters.find((c) => c.id === id)).toMatchObject({ upvote_count: up, downvote_count: down });
      const detail = (await t.request({ url: `/api/base/wish/${id}/` })).json().wish;
      expect(detail).toMatchObject({ upvote_count: up, downvote_count: down, vote_count: up - down });
    }
  });

  if (dialect === 'sqlite') {
    it('votes that arrive together share a transaction, and each is answered only once another connection can read it', async () => {
      const raw = sqliteHandleOf(t.app.deps.db)!;
      const reader = new Database(path.join(t.config.dataDir, 'test.db'), { readonly: true });
      try {
        const id = await t.saveWish(author, 'a wish for the group');
        const seen = reader.prepare('select vote_type from votes where wish_id = ? and user_id = ?');
        const before = { ...voteGroupCommitStats(raw)! };
        const answeredBeforeDurable: number[] = [];
        await Promise.all(
          voters.map((v) =>
            vote(id, v, 'upvote').then((res) => {
              expect(res.statusCode).toBe(200);
              // Read at the moment of the answer, on a connection of its own: the vote must be committed.
              if ((seen.get(id, v.id) as { vote_type: string } | undefined)?.vote_type !== 'upvote') answeredBeforeDurable.push(v.id);
            }),
          ),
        );
        expect(answeredBeforeDurable).toEqual([]);
        const after = voteGroupCommitStats(raw)!;
        expect(after.votes - before.votes).toBe(VOTERS);
        // Fewer transactions than votes: some arrived together and were committed together.
        expect(after.batches - before.batches).toBeLessThan(VOTERS);
        expect(reader.prepare('select upvote_count as up from wishes where id = ?').get(id)).toEqual({ up: VOTERS });
      } finally {
        reader.close();
      }
    });
  }
});
