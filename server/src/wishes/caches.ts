/**
 * The wishes' caches, per database handle: anonymous feed pages and ranked search ids, both cleared
 * by wishesChanged after any change to what is listed (in cluster mode also in every other process,
 * through the publisher cluster/wiring.ts installs).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

type Db = Kysely<Database>;

/** Other processes to tell about a change (cluster mode: cluster/wiring.ts), per database handle. */
const changePublishers = new WeakMap<Db, () => void>();

/** Makes every `wishesChanged(db)` also call `publish`, so other processes clear their caches too. */
export function publishWishChanges(db: Db, publish: () => void): void {
  changePublishers.set(db, publish);
}

/** Clears this process's anonymous feed pages and search ids (a change here or in another process). */
export function clearWishCaches(db: Db): void {
  clearFeedCache(db);
  clearSearchCache(db);
}

/** Clears the anonymous feed pages and the search ids after any change to what is listed, in every process. */
export function wishesChanged(db: Db): void {
  clearWishCaches(db);
  changePublishers.get(db)?.();
}

/**
 * Anonymous feed pages (viewerId null: no per-viewer vote), kept for the config's feedCacheMs. Page 1 is what every
 * visitor and the /feed HTML read; at hundreds of requests a second they would otherwise run the
 * same query. Any change to what is listed (save, edit, visibility, delete, hide, restore, ban)
 * clears the cache (wishesChanged), so it shows at once (other processes: at once in cluster mode, which
 * publishes the change; otherwise within feedCacheMs); vote counts and author names an anonymous reader sees may be up
 * to feedCacheMs old. Signed-in viewers always read fresh rows (their own vote is in each wish).
 * WISHES_FEED_CACHE_MS=0 turns it off (the benchmark's uncached figures); buildApp sets it per
 * database handle from Config (configureFeedCache).
 */
export const DEFAULT_FEED_CACHE_MS = 1000;
const feedCacheMs = new WeakMap<Db, number>();
export function configureFeedCache(db: Db, ms: number): void {
  feedCacheMs.set(db, ms);
}
export const FEED_CACHE_ENTRIES = 200;
const feedCaches = new WeakMap<Db, Map<number, { at: number; body: Promise<string> }>>();

export function clearFeedCache(db: Db): void {
  feedCaches.get(db)?.clear();
}

/**
 * Ranked search results (ids in rank order + total) per query, kept a few seconds. Ranking a
 * common word means scoring every match (tens of thousands of rows: 50-120 ms), while a popular
 * query repeats many times a second; like a search engine's refresh interval, a result list may
 * be up to SEARCH_CACHE_MS old. Only the ids are cached: the wishes themselves (text, counts, the
 * viewer's vote) are read fresh, still filtered by visibility, so a wish made private or deleted
 * never shows. Saving, editing, deleting, hiding or restoring a wish clears the cache
 * (wishesChanged; in cluster mode every process's), so every change shows at once.
 * Concurrent searches for one query share one ranking (issue 35: ten at once used to queue ten
 * rankings and refuse the ones past the queue). Each entry carries the search version it was
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

/** This database handle's anonymous feed pages and how long they are kept (ms; 0: not kept). */
export function feedCacheOf(db: Db): { ttl: number; pages: Map<number, { at: number; body: Promise<string> }> } {
  let pages = feedCaches.get(db);
  if (!pages) feedCaches.set(db, (pages = new Map()));
  return { ttl: feedCacheMs.get(db) ?? DEFAULT_FEED_CACHE_MS, pages };
}
