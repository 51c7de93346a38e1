/**
 * The search ids' rules; the read model holds them (read-model.ts: `searchIds`). Ranked search results (ids in rank order + total) per query, kept a few seconds. Ranking a
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
