/**
 * The wishes' caches, per database handle: the read model (read-model.ts: feed pages, member pages,
 * following pages, wish details, the per-member vote index) and ranked search ids, both cleared by
 * wishesChanged after any change to what is listed (in cluster mode also in every other process,
 * through the publisher cluster/wiring.ts installs).
 */
import type { Kysely } from 'kysely';
import type { VoteType } from '@wishes/kit-contract/api';
import type { Database } from '../db/types';
import { configureReadModel, readModelChanged, readModelOf } from './read-model';

type Db = Kysely<Database>;

/** Other processes to tell about a change (cluster mode: cluster/wiring.ts), per database handle. */
const changePublishers = new WeakMap<Db, () => void>();

/** Makes every `wishesChanged(db)` also call `publish`, so other processes clear their caches too. */
export function publishWishChanges(db: Db, publish: () => void): void {
  changePublishers.set(db, publish);
}

/** Clears this process's read model and search ids (a change here or in another process). */
export function clearWishCaches(db: Db): void {
  clearFeedCache(db);
  clearSearchCache(db);
}

/**
 * Any change to what is listed or how it is shown (save, edit, visibility, delete, hide, restore,
 * ban, an author's name or avatar, an account deleted): clears the read model and the search ids
 * in every process.
 */
export function wishesChanged(db: Db): void {
  clearWishCaches(db);
  changePublishers.get(db)?.();
}

/** A vote cast, switched or removed: the pages that show the wish, and the voter's own index, in every process. */
export function wishVoted(db: Db, wishId: number, userId: number, vote: VoteType | null): void {
  readModelChanged(db, { kind: 'vote', wishId, userId, vote });
}

/** A wish's own detail changed without changing any list (its card theme), in every process. */
export function wishTouched(db: Db, wishId: number): void {
  readModelChanged(db, { kind: 'wish', wishId });
}

/** A member followed or unfollowed someone: their following pages, in every process. */
export function followsChanged(db: Db, followerId: number): void {
  readModelChanged(db, { kind: 'follows', userId: followerId });
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
 * (wishesChanged; in cluster mode every process's), so every change shows at once.
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
