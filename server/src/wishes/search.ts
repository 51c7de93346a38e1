/**
 * Full-text search of the listed wishes: ranked ids per engine (SQLite FTS5 in a worker thread,
 * PostgreSQL tsvector under statement_timeout), the first pages' ids cached a few seconds.
 */
import { type Kysely, sql } from 'kysely';
import type { Wish } from '@wishes/kit-contract/api';
import type { Database, Dialect } from '../db/types';
import { sqliteFileOf } from '../db/connect';
import { SEARCH_CACHE_ENTRIES, SEARCH_CACHE_IDS, SEARCH_CACHE_MS, type RankedIds } from './caches';
import { fts5Query, searchTerms, tsQuery } from './search-syntax';
import { SearchBusyError, SQLITE_SEARCH_OPTIONS, sqliteSearchWorker } from './sqlite-search';
import { WISH_JOINS, WISH_SELECT, toWish, type WishJoinedRow } from './visibility';
import type { ReadModel } from './read-model';

type Db = Kysely<Database>;

export interface SearchResult {
  wishes: Wish[];
  total: number;
}

/** Bounds on one search's work (the route passes the configured ones). */
export interface SearchBounds {
  /** Longest one ranking may run: SQLite's worker is stopped, PostgreSQL's statement_timeout fires. */
  timeoutMs: number;
}
export const DEFAULT_SEARCH_BOUNDS: SearchBounds = { timeoutMs: 2000 };

/**
 * Total matches and one slice of ranked ids, straight from the full-text index. Bounded on both
 * databases: SQLite ranks in a worker thread (wishes/sqlite-search.ts) so the event loop never
 * waits on it; PostgreSQL runs under statement_timeout so no search holds a connection for long.
 * Past the bound: SearchBusyError.
 */
async function rankedIds(db: Db, dialect: Dialect, terms: string[], limit: number, offset: number, bounds: SearchBounds): Promise<{ ids: number[]; total: number }> {
  if (dialect === 'sqlite') {
    // wishes_fts holds exactly the listed wishes (its triggers insert only public, unhidden ones and
    // remove a wish made private, hidden or deleted), so neither the count nor the ranking needs to join wishes.
    const match = fts5Query(terms);
    const file = sqliteFileOf(db);
    if (file) return sqliteSearchWorker(db, file, SQLITE_SEARCH_OPTIONS).rank(match, limit, offset, bounds.timeoutMs);
    // An in-memory database cannot be opened by a second connection: rank in process.
    const count = await sql<{ n: number }>`select count(*) as n from wishes_fts where wishes_fts match ${match}`.execute(db);
    const found = await sql<{ id: number }>`select rowid as id from wishes_fts where wishes_fts match ${match}
      order by bm25(wishes_fts) asc, rowid desc limit ${limit} offset ${offset}`.execute(db);
    return { ids: found.rows.map((r) => r.id), total: Number(count.rows[0]?.n ?? 0) };
  }
  const tsq = tsQuery(terms);
  try {
    return await db.transaction().execute(async (trx) => {
      // SET takes no bind parameters; the value is an integer from the config.
      await sql.raw(`set local statement_timeout = ${Math.max(1, Math.round(bounds.timeoutMs))}`).execute(trx);
      const count = await sql<{ n: string }>`select count(*) as n from wishes w
        where w.is_public = 1 and w.hidden = 0 and w.search_vector @@ to_tsquery('simple', ${tsq})`.execute(trx);
      const found = await sql<{ id: number }>`select w.id from wishes w
        where w.is_public = 1 and w.hidden = 0 and w.search_vector @@ to_tsquery('simple', ${tsq})
        order by ts_rank(w.search_vector, to_tsquery('simple', ${tsq})) desc, w.id desc
        limit ${limit} offset ${offset}`.execute(trx);
      return { ids: found.rows.map((r) => r.id), total: Number(count.rows[0]?.n ?? 0) };
    });
  } catch (error) {
    // 57014: canceled by statement_timeout.
    if ((error as { code?: unknown }).code === '57014') throw new SearchBusyError('search took too long');
    throw error;
  }
}

/** Public wishes matching every term (text or author name), best match first, then newest id. */
export async function searchWishes(
  model: ReadModel,
  dialect: Dialect,
  query: string,
  page: number,
  pageSize: number,
  viewerId: number | null,
  options: { cache?: boolean; bounds?: SearchBounds } = {},
): Promise<SearchResult> {
  const db = model.db;
  const bounds = options.bounds ?? DEFAULT_SEARCH_BOUNDS;
  const terms = searchTerms(query);
  if (terms.length === 0) return { wishes: [], total: 0 };
  const offset = (page - 1) * pageSize;
  let ids: number[];
  let total: number;
  if (options.cache !== false && offset + pageSize <= SEARCH_CACHE_IDS) {
    const cache = model.searchIds;
    const key = terms.join(' ');
    const version = model.searchVersion;
    let entry = cache.get(key);
    if (!entry || entry.version !== version || Date.now() - entry.at > SEARCH_CACHE_MS) {
      const created: RankedIds = { at: Date.now(), version, ranked: rankedIds(db, dialect, terms, SEARCH_CACHE_IDS, 0, bounds) };
      entry = created;
      cache.delete(key);
      if (cache.size >= SEARCH_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(key, created);
      // A failed ranking is not kept; the requests that shared it get its error.
      created.ranked.catch(() => cache.get(key) === created && cache.delete(key));
    }
    const ranked = await entry.ranked;
    ids = ranked.ids.slice(offset, offset + pageSize);
    total = ranked.total;
  } else {
    ({ ids, total } = await rankedIds(db, dialect, terms, pageSize, offset, bounds));
  }
  if (ids.length === 0) return { wishes: [], total };
  if (!model.enabled) return { wishes: await listedWishes(db, ids, viewerId), total };
  // The page's wishes from the read model (the same for every reader), the reader's votes laid over them.
  const held = await model.cached(model.searchPages, ids.join(','), async () => ({ ids, wishes: await listedWishes(db, ids, null) }));
  if (viewerId === null) return { wishes: held.wishes, total };
  const votes = await model.votesOf(viewerId, held.wishes.map((wish) => wish.id));
  return { wishes: held.wishes.map((wish) => ({ ...wish, vote_type: votes.get(wish.id) ?? null })), total };
}

/** The listed wishes among `ids`, in that order (one made private, hidden or deleted meanwhile is left out). */
async function listedWishes(db: Db, ids: number[], viewerId: number | null): Promise<Wish[]> {
  const { rows } = await sql<WishJoinedRow>`${WISH_SELECT(viewerId)} from wishes w ${WISH_JOINS(viewerId)}
    where w.id in (${sql.join(ids)}) and w.is_public = 1 and w.hidden = 0`.execute(db);
  const byId = new Map(rows.map((r) => [r.id, toWish(r)]));
  return ids.map((id) => byId.get(id)).filter((w): w is Wish => w !== undefined);
}

