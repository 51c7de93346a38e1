/**
 * Gathered notifications written after the response (queue.ts): batched, bounded, nothing lost on
 * close, one bad job costing only itself, and the notification following the state committed when
 * it is written. The queue alone with a recording writer, then the app's notifier on both databases.
 */
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';
import { createNotificationQueue } from './queue';

/** The queue only logs failures; these tests provoke them on purpose. */
const quiet = { error: () => undefined };

describe('notification queue', () => {
  const recording = (fail?: (job: number) => boolean) => {
    const batches: number[][] = [];
    const published: number[] = [];
    const queue = createNotificationQueue<number>({
      write: async (jobs) => {
        if (fail && jobs.some(fail)) throw new Error('bad job');
        batches.push(jobs);
        return jobs;
      },
      recipientOf: (job) => job,
      publish: async (users) => void published.push(...users),
      log: quiet,
      limit: 5,
    });
    return { queue, batches, published };
  };

  it('writes the jobs offered in one turn as one batch, after the turn, then publishes', async () => {
    const { queue, batches, published } = recording();
    for (const job of [1, 2, 3]) expect(queue.offer(job)).toBe(true);
    expect(batches).toEqual([]);
    await queue.flush();
    expect(batches).toEqual([[1, 2, 3]]);
    expect(published).toEqual([1, 2, 3]);
  });

  it('refuses a job past its bound (the caller writes it) and after close, which writes everything waiting', async () => {
    const { queue, batches } = recording();
    for (const job of [1, 2, 3, 4, 5]) expect(queue.offer(job)).toBe(true);
    expect(queue.offer(6)).toBe(false);
    expect(queue.size).toBe(5);
    await queue.close();
    expect(batches.flat()).toEqual([1, 2, 3, 4, 5]);
    expect(queue.offer(7)).toBe(false);
  });

  it('retries a failed batch job by job, so only the bad job is lost', async () => {
    const { queue, batches, published } = recording((job) => job === 2);
    for (const job of [1, 2, 3]) queue.offer(job);
    await queue.flush();
    expect(batches).toEqual([[1], [3]]);
    expect(published).toEqual([1, 3]);
  });

  it('lets a reader wait for the jobs of its recipient only', async () => {
    const { queue, batches } = recording();
    queue.offer(1);
    await queue.settledFor(2);
    expect(batches).toEqual([]);
    await queue.settledFor(1);
    expect(batches).toEqual([[1]]);
  });

  it('gathers for its period, merges jobs with one key into the last, and starts at once for a reader', async () => {
    const batches: Array<Array<[string, number]>> = [];
    const queue = createNotificationQueue<[string, number]>({
      write: async (jobs) => {
        batches.push(jobs);
        return [];
      },
      recipientOf: () => 7,
      keyOf: ([key]) => key,
      publish: async () => undefined,
      log: quiet,
      delayMs: 60_000,
    });
    queue.offer(['a', 1]);
    queue.offer(['b', 1]);
    queue.offer(['a', 2]);
    // A full turn later nothing is written yet: the period is a minute here.
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([]);
    expect(queue.size).toBe(2);
    // The recipient's reader does not wait out the period; the merged job is the last offered.
    await queue.settledFor(7);
    expect(batches).toEqual([[['a', 2], ['b', 1]]]);
    // Once written, the same key is a new job again.
    queue.offer(['a', 3]);
    await queue.flush();
    expect(batches).toEqual([[['a', 2], ['b', 1]], [['a', 3]]]);
  });

  it('quiet (at most busyJobs in a period), writes on the next turn without waiting out the period', async () => {
    const batches: number[][] = [];
    const queue = createNotificationQueue<number>({
      write: async (jobs) => {
        batches.push(jobs);
        return [];
      },
      recipientOf: (job) => job,
      publish: async () => undefined,
      log: quiet,
      delayMs: 60_000,
      busyJobs: 2,
    });
    queue.offer(1);
    queue.offer(2);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1, 2]]);
    // A third job in the same period: busy now, so it waits for others.
    queue.offer(3);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1, 2]]);
    await queue.close();
    expect(batches).toEqual([[1, 2], [3]]);
  });
});

describe.each(dialects)('queued notifications (%s)', (dialect) => {
  let t: TestContext;
  let ada: TestUser;
  let voters: TestUser[];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ada = await t.createUser({ first_name: 'Ada' });
    voters = [];
    for (let i = 0; i < 4; i++) voters.push(await t.createUser({ first_name: `V${i}` }));
  });
  afterAll(async () => t.close());

  const stored = async (userId: number) =>
    (
      await sql<{ kind: string; actors: number | string }>`select n.kind, (select count(*) from notification_actors a where a.notification_id = n.id) as actors
        from notifications n where n.user_id = ${userId} order by n.id`.execute(t.app.deps.db)
    ).rows.map((r) => [r.kind, Number(r.actors)]);
  const vote = (user: TestUser, wishId: number, method: 'POST' | 'DELETE' = 'POST') =>
    t.request({ method, url: `/api/wish/${wishId}/vote/`, token: user.access, ...(method === 'POST' ? { payload: { vote_type: 'upvote' } } : {}) });

  it('gathers votes answered together into one row; a job whose vote is not committed writes nothing', async () => {
    const wish = await t.saveWish(ada, 'Queued votes');
    const answers = await Promise.all(voters.slice(0, 3).map((v) => vote(v, wish)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    await t.app.deps.notifications.flush();
    expect(await stored(ada.id)).toEqual([['vote', 3]]);

    // A job whose vote is not in the database (undone since, or its transaction did not commit)
    // writes nothing: the job follows the state committed when it is written.
    const other = await t.saveWish(ada, 'Changed mind');
    await t.app.deps.notifications.voteChanged(other, voters[3]!.id, 'upvote');
    await t.app.deps.notifications.flush();
    const rows = await sql<{ n: number | string }>`select count(*) as n from notifications where user_id = ${ada.id} and wish_id = ${other}`.execute(t.app.deps.db);
    expect(Number(rows.rows[0]!.n)).toBe(0);

    // Once the vote is committed, the same job writes its notification.
    await sql`insert into votes (wish_id, user_id, vote_type, created_at) values (${other}, ${voters[3]!.id}, 'upvote', '2026-01-01T00:00:00.000Z')`.execute(t.app.deps.db);
    await t.app.deps.notifications.voteChanged(other, voters[3]!.id, 'upvote');
    await t.app.deps.notifications.flush();
    expect(await stored(ada.id)).toEqual([['vote', 3], ['vote', 1]]);
  });

  it('writes what is queued when the notifier closes, and afterwards at once', async () => {
    const bea = await t.createUser({ first_name: 'Bea' });
    // Follows go through the same queue (profiles call followChanged after their own write).
    for (const v of voters) expect((await t.request({ method: 'POST', url: `/api/profile/${bea.id}/subscribe/`, token: v.access })).statusCode).toBe(200);
    await t.app.deps.notifications.close();
    expect(await stored(bea.id)).toEqual([['follow', 4]]);
    expect((await t.request({ method: 'DELETE', url: `/api/profile/${bea.id}/subscribe/`, token: voters[0]!.access })).statusCode).toBe(200);
    expect(await stored(bea.id)).toEqual([['follow', 3]]);
  });
});

describe('queued notifications at shutdown', () => {
  it('are written by the app\'s close, before the database closes', async () => {
    const t = await createTestApp('sqlite');
    const ada = await t.createUser({ first_name: 'Ada' });
    const fans: TestUser[] = [];
    for (let i = 0; i < 3; i++) fans.push(await t.createUser({ first_name: `F${i}` }));
    for (const fan of fans) await sql`insert into subscriptions (follower_id, target_id, created_at) values (${fan.id}, ${ada.id}, '2026-01-01T00:00:00.000Z')`.execute(t.app.deps.db);
    // Queued in this turn, not yet written: the close must write them.
    await Promise.all(fans.map((fan) => t.app.deps.notifications.followChanged(fan.id, ada.id, true)));
    const file = t.config.databaseUrl.slice('sqlite:'.length);
    await t.app.close();
    const raw = new SqliteDatabase(file, { readonly: true });
    try {
      expect(raw.prepare('select count(*) from notification_actors a join notifications n on n.id = a.notification_id where n.user_id = ?').pluck().get(ada.id)).toBe(3);
    } finally {
      raw.close();
      await t.close().catch(() => undefined);
    }
  });
});
