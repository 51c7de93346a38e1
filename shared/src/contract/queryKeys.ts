/**
 * THE query-key scheme of the whole site (TanStack Query): every cached answer is filed under one
 * of these, so any app can read, invalidate or update what another app fetched. Keys are arrays
 * whose first element names the family; everything that holds wishes starts with 'wishes', so
 * `updateCachedWish` (../query/wishCache.ts) finds every copy of a wish under one prefix.
 * No TypeBox here: this file is part of browser bundles.
 */
import type { ReportStatus, VoteType } from './schemas';

export const queryKeys = {
  /** Everything that holds wishes (feeds, a wish, a member's wishes, search). */
  wishes: () => ['wishes'] as const,
  feed: (page: number) => ['wishes', 'feed', page] as const,
  /** The infinite public feed (pages fetched as the reader scrolls). */
  feedInfinite: () => ['wishes', 'feed', 'infinite'] as const,
  followingFeed: (page: number) => ['wishes', 'following', page] as const,
  wish: (id: number) => ['wishes', 'detail', id] as const,
  userWishes: (username: string, page: number) => ['wishes', 'user', username, page] as const,
  search: (query: string, page: number) => ['wishes', 'search', query, page] as const,
  voters: (wishId: number, filter: VoteType | 'all') => ['voters', wishId, filter] as const,
  /** A member's profile, by the id or username its URL uses. */
  profile: (user: string | number) => ['profile', String(user)] as const,
  mySubscriptions: () => ['subscriptions', 'mine'] as const,
  notifications: (page: number) => ['notifications', page] as const,
  account: () => ['account'] as const,
  myReports: (page: number) => ['reports', 'mine', page] as const,
  reportQueue: (status: ReportStatus, page: number) => ['moderation', 'queue', status, page] as const,
  moderationLog: (page: number) => ['moderation', 'log', page] as const,
  offerInbox: (page: number) => ['moderation', 'offers', page] as const,
  deliveries: (page: number) => ['deliveries', page] as const,
  staticPage: (name: string) => ['static-page', name] as const,
} as const;

export type QueryKeys = typeof queryKeys;
