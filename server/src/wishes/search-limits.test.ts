/**
 * Search cost bounds (single-letter searches could stall the SQLite server): ranking
 * off the main SQLite connection, a time bound on both databases, whole-word matching for one-
 * and two-letter terms, and a per-address throttle. The load figures (healthz p50 under attack)
 * come from bench/search-stall.ts, not from a timed test.
 */
import { Client } from 'pg';
import { createTestApp, dialects, type TestContext } from '../../test/kit/harness';
import { fts5Query, tsQuery } from './search-syntax';
import { closeSqliteSearch } from './sqlite-search';

const search = (t: TestContext, query: string, page = 1, remoteAddress = '127.0.0.1') =>
  t.request({ method: 'POST', url: page === 1 ? '/api/base/search/' : `/api/base/search/${page}/`, payload: { query }, remoteAddress });

describe('short terms', () => {
  it('prefix-match only from 3 characters', () => {
    expect(fts5Query(['a', 'to', 'cak', 'ünï'])).toBe('"a" "to" "cak"* "ünï"*');
    expect(tsQuery(['a', 'to', 'cak'])).toBe("'a' & 'to' & 'cak':*");
  });
});

describe.each(dialects)('search limits (%s)', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect, { rateLimitScale: 1, searchLimitPerMinute: 1000 });
    const author = await t.createUser({ first_name: 'Sam', last_name: 'Searcher' });
    for (const text of ['a cake for you', 'apple pie', 'cakes and candles', 'to the moon', 'tomorrow is near']) await t.saveWish(author, text);
    for (let i = 0; i < 12; i++) await t.saveWish(author, `many many wishes number ${i}`);
  });
  afterAll(async () => t.close());

  const texts = async (query: string) => (await search(t, query)).json().wishes.map((w: { text: string }) => w.text).sort();

  it('one- and two-letter terms match whole words, not every word they start', async () => {
    expect(await texts('a')).toEqual(['a cake for you']);
    expect(await texts('to')).toEqual(['to the moon']);
    expect(await texts('cak')).toEqual(['a cake for you', 'cakes and candles']);
  });

  it('throttles searches per address with the usual 429 shape and Retry-After', async () => {
    const limited = await createTestApp(dialect, { rateLimitScale: 1, searchLimitPerMinute: 3 });
    try {
      const statuses: number[] = [];
      // Both search routes share the budget.
      for (const page of [1, 2, 1, 2]) statuses.push((await search(limited, 'cake', page, '10.20.0.1')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const res = await search(limited, 'cake', 1, '10.20.0.1');
      expect(res.json()).toEqual({ error: 'Too many requests. Please try again later.' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect((await search(limited, 'cake', 1, '10.20.0.2')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  if (dialect === 'sqlite') {
    it('ranks without the main connection: a search answers while a write transaction holds it', async () => {
      // Page 3 of "many" is past its 12 results: the total comes from the ranking alone, no row read.
      const answered = await t.app.deps.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ phone: '2' }).where('id', '=', 1).execute();
        const res = await Promise.race([search(t, 'many', 3), new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
        return res && res.json();
      });
      // Ranking on the main connection would wait for the transaction, which waits for the search.
      expect(answered).toMatchObject({ success: true, total_results: 12, wishes: [] });
    });

    it('a search past its time bound answers 503 with Retry-After, and the next one works', async () => {
      const config = t.app.deps.config;
      const saved = config.searchTimeoutMs;
      try {
        // Shorter than it takes to start the search worker: this search cannot finish in time.
        config.searchTimeoutMs = 1;
        await closeSqliteSearch(t.app.deps.db);
        const res = await search(t, 'unseen words here');
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBeDefined();
        expect(res.json()).toEqual({ success: false, error: 'Search is busy right now. Please try again in a moment.' });
      } finally {
        config.searchTimeoutMs = saved;
      }
      expect((await search(t, 'moon')).json().total_results).toBe(1);
    });
  } else {
    it('a search past statement_timeout answers 503 with Retry-After, and the next one works', async () => {
      const config = t.app.deps.config;
      const saved = config.searchTimeoutMs;
      // Another session holds a lock search must wait for; statement_timeout counts the wait.
      const locker = new Client({ connectionString: config.databaseUrl });
      await locker.connect();
      try {
        config.searchTimeoutMs = 200;
        await locker.query('begin');
        await locker.query('lock table wishes in access exclusive mode');
        const res = await search(t, 'words never searched');
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBeDefined();
        expect(res.json()).toEqual({ success: false, error: 'Search is busy right now. Please try again in a moment.' });
      } finally {
        await locker.query('rollback').catch(() => undefined);
        await locker.end();
        config.searchTimeoutMs = saved;
      }
      expect((await search(t, 'moon')).json().total_results).toBe(1);
    });
  }
});
