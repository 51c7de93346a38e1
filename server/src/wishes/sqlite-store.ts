/**
 * The wish store on SQLite: the shared Kysely rows (queries.ts) and SQLite's own two reads: the
 * search's ranking over wishes_fts (FTS5) in a worker thread, so the event loop never waits on it,
 * and the following feed's per-followed-member plan as `user_id in (...)` (no LATERAL).
 */
import { type Kysely, sql } from 'kysely';
import { sqliteFileOf } from '../db/connect';
import type { Database } from '../db/types';
import { readIds, rowLimit } from '../db/hot-reads';
import { sharedWishStore } from './queries';
import { fts5Query } from './search-syntax';
import { SQLITE_SEARCH_OPTIONS, sqliteSearchWorker } from './sqlite-search';
import type { WishStore } from './store';

export function createSqliteWishStore(db: Kysely<Database>): WishStore {
  return {
    ...sharedWishStore(db),

    followedWishIds: (followerId, skip, want) =>
      readIds(
        db,
        sql<{ id: number }>`select id from wishes
          where is_public = 1 and hidden = 0 and user_id in (select target_id from subscriptions where follower_id = ${followerId})
          order by feed_seq desc limit ${rowLimit(want)} offset ${skip}`,
      ),

    async rankedIds(terms, limit, offset, bounds) {
      // wishes_fts holds exactly the listed wishes (its triggers insert only public, unhidden ones and
      // remove a wish made private, hidden or deleted), so neither the count nor the ranking joins wishes.
      const match = fts5Query(terms);
      const file = sqliteFileOf(db);
      if (file) return sqliteSearchWorker(db, file, SQLITE_SEARCH_OPTIONS).rank(match, limit, offset, bounds.timeoutMs);
      // An in-memory database cannot be opened by a second connection: rank in process.
      const count = await sql<{ n: number }>`select count(*) as n from wishes_fts where wishes_fts match ${match}`.execute(db);
      const found = await sql<{ id: number }>`select rowid as id from wishes_fts where wishes_fts match ${match}
        order by bm25(wishes_fts) asc, rowid desc limit ${limit} offset ${offset}`.execute(db);
      return { ids: found.rows.map((r) => r.id), total: Number(count.rows[0]?.n ?? 0) };
    },
  };
}
