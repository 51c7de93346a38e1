/**
 * The wishes' caches, per database handle: the read model (read-model.ts: feed pages, member pages,
 * following pages, wish details, the per-member vote index) and ranked search ids, both cleared
 * after any change to what is listed: they subscribe to the domain events (read-model-events.ts),
 * which reach every process in cluster mode.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { configureReadModel, readModelOf } from './read-model';

type Db = Kysely<Database>;

/** Clears this process's read model and search ids: any change to what is listed (read-model-events.ts), or messages lost while Redis was away. */
export function clearWishCaches(db: Db): void {
  clearFeedCache(db);
  clearSearchCache(db);
}

/**
 * WISHES_FEED_CACHE_MS (Config.feedCacheMs): 0 turns the read model off (every read runs its query:
 * the benchmark's "no read model" figures); any other value leaves it on. The read model has no
 * lifetime: it is kept current on write (read-model.ts), so the value is no longer a duration.
 */
export function configureFeedCache(db: Db, ms: number): void {
  configureReadModel(db, { enabled: ms > 0 });
}

/** Drops this process's read model (the feed pages and everything else it holds). */
export function clearFeedCache(db: Db): void {
  readModelOf(db).apply({ kind: 'all' });
}

/**
 * Ranked search results (ids in rank order + total) per query, kept a few seconds. Ranking a
 * common word means scoring every match (tens of thousands of rows: 50-120 ms), while a popular
 * query repeats many times a second; like a search engine's refresh interval, a result list may
 * be up to SEARCH_CACHE_MS old. Only the ids are cached: the wishes themselves (text, counts, the
 * viewer's vote) are read fresh, still filtered by visibility, so a wish made private or deleted
 * never shows. Saving, editing, deleting, hiding or restoring a wish clears the cache
 * (its event, read-model-events.ts; in cluster mode every process's), so every change shows at once.
 * Concurrent searches for one query share one ranking: ten at once would queue ten
 * rankings and refuse the ones past the queue. Each entry carries the search version it was
 * started under; clearing bumps the version, so a ranking that started before a write can never
 * be stored or joined after it (the next search ranks afresh and finds the write).
 */
export const SEARCH_CACHE_MS = 5_000;
/** Ranked ids kept per query: the first pages; later pages are queried directly. */
export const SEARCH_CACHE_IDS = 100;
export const SEARCH_CACHE_ENTRIES = 500;
export interface RankedIds {
  at: number;
  version: number;
  ranked: Promise<{ ids: number[]; total: number }>;
}
const searchCaches = new WeakMap<Db, Map<string, RankedIds>>();
const searchVersions = new WeakMap<Db, number>();

/** Bumped by every clear: a ranking started under an older version is neither kept nor joined. */
export function searchVersionOf(db: Db): number {
  return searchVersions.get(db) ?? 0;
}

export function searchCacheOf(db: Db): Map<string, RankedIds> {
  let cache = searchCaches.get(db);
  if (!cache) {
    cache = new Map();
    searchCaches.set(db, cache);
  }
  return cache;
}

export function clearSearchCache(db: Db): void {
  searchVersions.set(db, (searchVersions.get(db) ?? 0) + 1);
  searchCaches.get(db)?.clear();
}
