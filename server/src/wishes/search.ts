/**
 * Full-text search of the listed wishes: ranked ids from the store (store.ts: SQLite FTS5 in a
 * worker thread, PostgreSQL tsvector under statement_timeout), the first pages' ids cached a few
 * seconds, the page's wishes from the read model.
 */
import { type Kysely, sql } from 'kysely';
import type { Wish } from '@wishes/kit-contract/api';
import type { Database } from '../db/types';
import { SEARCH_CACHE_ENTRIES, SEARCH_CACHE_IDS, SEARCH_CACHE_MS, type RankedIds } from './caches';
import { searchTerms } from './search-syntax';
import { DEFAULT_SEARCH_BOUNDS, type SearchBounds, type WishStore } from './store';
import { WISH_JOINS, WISH_SELECT, toWish, type WishJoinedRow } from './visibility';
import type { ReadModel } from './read-model';
import { extraReplyCounts } from './replies';

type Db = Kysely<Database>;

export interface SearchResult {
  wishes: Wish[];
  total: number;
}

/** Public wishes matching every term (text or author name), best match first, then newest id. */
export async function searchWishes(
  model: ReadModel,
  store: Pick<WishStore, 'rankedIds'>,
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
      const created: RankedIds = { at: Date.now(), version, ranked: store.rankedIds(terms, SEARCH_CACHE_IDS, 0, bounds) };
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
    ({ ids, total } = await store.rankedIds(terms, pageSize, offset, bounds));
  }
  if (ids.length === 0) return { wishes: [], total };
  if (!model.enabled) return { wishes: await listedWishes(db, ids, viewerId), total };
  // The page's wishes from the read model (the same for every reader), the reader's votes laid over them.
  const held = await model.cached(model.searchPages, ids.join(','), async () => ({ ids, wishes: await listedWishes(db, ids, null) }));
  if (viewerId === null) return { wishes: held.wishes, total };
  const heldIds = held.wishes.map((wish) => wish.id);
  const votes = await model.votesOf(viewerId, heldIds);
  // The hidden replies this reader sees (their own, or a moderator's all) on top of everyone's count.
  const extra = await extraReplyCounts(db, viewerId, heldIds, model);
  return { wishes: held.wishes.map((wish) => ({ ...wish, vote_type: votes.get(wish.id) ?? null, reply_count: (wish.reply_count ?? 0) + (extra?.get(wish.id) ?? 0) })), total };
}

/** The listed wishes among `ids`, in that order (one made private, hidden or deleted meanwhile is left out). */
async function listedWishes(db: Db, ids: number[], viewerId: number | null): Promise<Wish[]> {
  const { rows } = await sql<WishJoinedRow>`${WISH_SELECT(viewerId)} from wishes w ${WISH_JOINS(viewerId)}
    where w.id in (${sql.join(ids)}) and w.is_public = 1 and w.hidden = 0`.execute(db);
  const byId = new Map(rows.map((r) => [r.id, toWish(r)]));
  return ids.map((id) => byId.get(id)).filter((w): w is Wish => w !== undefined);
}

