/**
 * Group commit of votes on SQLite: votes that arrive together share one
 * transaction (also those that arrived while a Kysely transaction held the connection: they wait for
 * it), every one of them is stored, the counters stay exact, and no request is answered
 * before its vote is readable from another connection (it committed). PostgreSQL the same: one
 * call of wishes_vote_batch per batch (postgres-vote-writer.ts).
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';
import { sqliteHandleOf } from '../db/connect';
import { voteGroupCommitStats } from './sqlite-vote-writer';
import { createSqliteVoteStore } from './sqlite-store';
import { postgresVoteBatchStats } from './postgres-vote-writer';

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

  if (dialect === 'postgres') {
    it('votes that arrive together share one call, each answered after its commit; one voter\'s two votes on one wish keep their order', async () => {
      const id = await t.saveWish(author, 'a wish for the batch');
      const before = { ...postgresVoteBatchStats(t.app.deps.db)! };
      const answers = await Promise.all(voters.map((v) => vote(id, v, 'upvote')));
      expect(answers.every((r) => r.statusCode === 200)).toBe(true);
      const after = postgresVoteBatchStats(t.app.deps.db)!;
      expect(after.votes - before.votes).toBe(VOTERS);
      expect(after.batches - before.batches).toBeLessThan(VOTERS);
      // Answered after the commit: a read on another pooled connection sees every vote.
      expect((await stored([id])).counters[0]).toMatchObject({ upvote_count: VOTERS, downvote_count: 0 });

      // One voter: up, down, remove, up, sent at once, are applied in that order.
      const [first] = voters;
      const order = await Promise.all([vote(id, first!, 'downvote'), unvote(id, first!), vote(id, first!, 'upvote'), vote(id, first!, 'downvote')]);
      expect(order.map((r) => r.json().wish.vote_type)).toEqual(['downvote', null, 'upvote', 'downvote']);
      expect((await stored([id])).counters[0]).toMatchObject({ upvote_count: VOTERS - 1, downvote_count: 1 });
    });

    it('a vote that fails inside a batch fails alone: the batch is written again vote by vote', async () => {
      const db = t.app.deps.db;
      const good = await t.saveWish(author, 'the votes that count (postgres)');
      const bad = await t.saveWish(author, 'the vote that throws (postgres)');
      await sql.raw(`create or replace function test_vote_fails() returns trigger language plpgsql as $$ begin raise exception 'test: this vote fails'; end $$`).execute(db);
      await sql.raw(`create trigger test_vote_fails before insert on votes for each row when (new.wish_id = ${bad}) execute function test_vote_fails()`).execute(db);
      try {
        const before = { ...postgresVoteBatchStats(db)! };
        const answers = await Promise.all(voters.slice(0, 10).map((v, i) => vote(i === 4 ? bad : good, v, 'downvote')));
        expect(answers.map((r) => r.statusCode)).toEqual(voters.slice(0, 10).map((_, i) => (i === 4 ? 500 : 200)));
        // The nine good votes, each stored once (written again alone after the batch failed).
        expect(postgresVoteBatchStats(db)!.votes - before.votes).toBe(9);
        const { rows, counters } = await stored([good, bad]);
        expect(rows).toEqual([{ wish_id: good, vote_type: 'downvote', n: 9 }]);
        expect(counters.find((c) => c.id === good)).toMatchObject({ downvote_count: 9 });
        expect(counters.find((c) => c.id === bad)).toMatchObject({ downvote_count: 0 });
      } finally {
        await sql`drop trigger test_vote_fails on votes`.execute(db);
        await sql`drop function test_vote_fails()`.execute(db);
      }
    });
  }

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

    it('a vote that fails inside a batch fails alone: the others of its batch are stored and answered', async () => {
      const raw = sqliteHandleOf(t.app.deps.db)!;
      const good = await t.saveWish(author, 'the votes that count');
      const bad = await t.saveWish(author, 'the vote that throws');
      raw.exec(`create trigger test_vote_fails before insert on votes when new.wish_id = ${bad} begin select raise(abort, 'test: this vote fails'); end`);
      try {
        const before = { ...voteGroupCommitStats(raw)! };
        const answers = await Promise.all(voters.slice(0, 10).map((v, i) => vote(i === 4 ? bad : good, v, 'upvote')));
        expect(answers.map((r) => r.statusCode)).toEqual(voters.slice(0, 10).map((_, i) => (i === 4 ? 500 : 200)));
        // They went together (one batch), and the failing one did not take the others with it.
        expect(voteGroupCommitStats(raw)!.batches - before.batches).toBeLessThan(10);
        const { rows, counters } = await stored([good, bad]);
        expect(rows).toEqual([{ wish_id: good, vote_type: 'upvote', n: 9 }]);
        expect(counters.find((c) => c.id === good)).toMatchObject({ upvote_count: 9 });
        expect(counters.find((c) => c.id === bad)).toMatchObject({ upvote_count: 0 });
      } finally {
        raw.exec('drop trigger test_vote_fails');
      }
    });

    it('votes that arrive while a Kysely transaction holds the connection wait for it, then are written by the group commit in order', async () => {
      const raw = sqliteHandleOf(t.app.deps.db)!;
      const id = await t.saveWish(author, 'a wish voted on during a transaction');
      // The store itself (a request would wait on Kysely's mutex earlier, reading its session); its
      // writer's counts replace the app's for this connection, so this test comes last.
      const store = createSqliteVoteStore(t.app.deps.db, (error) => {
        throw error;
      });
      const before = { ...voteGroupCommitStats(raw)! };
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const answered: string[] = [];
      // Another request's transaction, awaiting between its statements.
      const transaction = t.app.deps.db.transaction().execute(async (trx) => {
        await trx.selectFrom('wishes').select('id').where('id', '=', id).execute();
        await held;
      });
      while (!raw.inTransaction) await new Promise((resolve) => setImmediate(resolve));
      const [first, second] = [voters[0]!.id, voters[1]!.id];
      const votes = [
        store.change(id, first, 'upvote').then((done) => answered.push(`up ${done?.summary.upvote_count}`)),
        store
          .change(id, second, 'upvote')
          .then(() => store.change(id, second, null))
          .then((done) => answered.push(`removed ${done?.summary.vote_type}`)),
      ];
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Nothing written (or answered) inside the other request's transaction.
      expect(answered).toEqual([]);
      expect(voteGroupCommitStats(raw)!.votes).toBe(before.votes);
      release();
      await transaction;
      await Promise.all(votes);
      // The first vote was written first in the batch (the second voter's upvote after it).
      expect(answered).toEqual(['up 1', 'removed null']);
      expect(voteGroupCommitStats(raw)!.votes - before.votes).toBe(3);
      const { rows, counters } = await stored([id]);
      expect(rows).toEqual([{ wish_id: id, vote_type: 'upvote', n: 1 }]);
      expect(counters).toEqual([{ id, upvote_count: 1, downvote_count: 0 }]);
    });
  }
});
