/**
 * Where wishes are written and read: one interface, an implementation per database beside it
 * (sqlite-store.ts, postgres-store.ts). Most of their SQL is the same Kysely on both (queries.ts,
 * `sharedWishStore`); what differs lives in the implementations: the search's ranking (SQLite FTS5
 * in a worker thread, PostgreSQL tsvector under statement_timeout) and the following feed's
 * per-followed-member plan (LATERAL on PostgreSQL). The service (service.ts) knows neither database.
 */
import type { Wish } from '@wishes/kit-contract/api';

/** Bounds on one search's work (the route passes the configured ones). */
export interface SearchBounds {
  /** Longest one ranking may run: SQLite's worker is stopped, PostgreSQL's statement_timeout fires. */
  timeoutMs: number;
}
export const DEFAULT_SEARCH_BOUNDS: SearchBounds = { timeoutMs: 2000 };

export interface WishStore {
  /** Saves a wish (its feed position given at once); its id. */
  insertWish(userId: number, text: string, isPublic: boolean, createdAt?: string): Promise<number>;
  updateWish(id: number, change: { text?: string; isPublic?: boolean }): Promise<void>;
  /** True when the row was there to delete. */
  deleteWish(id: number): Promise<boolean>;
  setCardTheme(id: number, theme: string): Promise<void>;
  /** The wish as this viewer may see it (visibility.ts), or null. */
  getVisibleWish(id: number, viewerId: number | null): Promise<Wish | null>;
  /** The owner and visibility of a wish this viewer may see, or null. */
  findVisibleWishOwner(id: number, viewerId: number | null): Promise<{ user_id: number; is_public: number; hidden: number } | null>;
  cardThemeOf(id: number): Promise<string | null | undefined>;
  /** The chat its author wrote the wish in, or null. */
  chatIdOfWish(id: number, authorId: number): Promise<number | null>;
  userExists(userId: number): Promise<boolean>;
  /**
   * The following feed's second plan: the listed wishes of the members `followerId` follows, ids
   * newest first (feed_seq), `want` of them after `skip`.
   */
  followedWishIds(followerId: number, skip: number, want: number): Promise<number[]>;
  /**
   * The search's total matches and one slice of ranked ids (best first, then newest id), from the
   * full-text index of the listed wishes, within `bounds` (past them: SearchBusyError).
   */
  rankedIds(terms: string[], limit: number, offset: number, bounds: SearchBounds): Promise<{ ids: number[]; total: number }>;
}
