/**
 * THE query-key scheme of the whole site (TanStack Query): every cached answer is filed under one
 * of these, so any app can read, invalidate or update what another app fetched. Keys are arrays
 * whose first element names the family; everything that holds wishes starts with 'wishes', so
 * `updateCachedWish` (../query/wishCache.ts) finds every copy of a wish under one prefix.
 * No TypeBox here: this file is part of browser bundles.
 */
import type { ReportStatus, VoteType } from '@wishes/kit-contract/schemas';

export const queryKeys = {
  /** The site options (GET /api/base/options), loaded once per page. */
  options: () => ['options'] as const,
  /** Everything that holds wishes (feeds, a wish, a member's wishes, search). */
  wishes: () => ['wishes'] as const,
  feed: (page: number) => ['wishes', 'feed', page] as const,
  /** The infinite public feed (pages fetched as the reader scrolls). */
  feedInfinite: () => ['wishes', 'feed', 'infinite'] as const,
  followingFeed: (page: number) => ['wishes', 'following', page] as const,
  /** The Following feed as it scrolls (pages appended), like `feedInfinite`. */
  followingInfinite: () => ['wishes', 'following', 'infinite'] as const,
  wish: (id: number) => ['wishes', 'detail', id] as const,
  userWishes: (username: string, page: number) => ['wishes', 'user', username, page] as const,
  /** A member's wishes as the profile scrolls, by the id its URL uses (beside `userWishes`' pages). */
  userWishesInfinite: (user: string | number) => ['wishes', 'user', String(user), 'infinite'] as const,
  search: (query: string, page: number) => ['wishes', 'search', query, page] as const,
  /** Search results as "Load More" appends pages. */
  searchInfinite: (query: string) => ['wishes', 'search', query, 'infinite'] as const,
  /** The chat a wish was written in (its author only). */
  wishChat: (wishId: number) => ['wish-chat', wishId] as const,
  /** A draft's chat with the assistant, by the chat's id (author only). */
  chat: (chatId: number) => ['chats', chatId] as const,
  /** The card themes (one list for the compose page and a wish's "Send to…"). */
  cardThemes: () => ['card-themes'] as const,
  /** A wish's card preview; `version` changes with the text, so an edit draws it again. */
  wishCard: (wishId: number, theme: string, format: string, version: string) => ['wish-card', wishId, theme, format, version] as const,
  voters: (wishId: number, filter: VoteType | 'all') => ['voters', wishId, filter] as const,
  /** The replies under a wish as "Show more" appends pages. */
  wishReplies: (wishId: number) => ['wish-replies', wishId] as const,
  /** A member's profile, by the id or username its URL uses. */
  profile: (user: string | number) => ['profile', String(user)] as const,
  mySubscriptions: () => ['subscriptions', 'mine'] as const,
  notifications: (page: number) => ['notifications', page] as const,
  notificationsInfinite: () => ['notifications', 'infinite'] as const,
  account: () => ['account'] as const,
  myReports: (page: number) => ['reports', 'mine', page] as const,
  reportQueue: (status: ReportStatus, page: number) => ['moderation', 'queue', status, page] as const,
  moderationLog: (page: number) => ['moderation', 'log', page] as const,
  offerInbox: (page: number) => ['moderation', 'offers', page] as const,
  deliveries: (page: number) => ['deliveries', page] as const,
  deliveriesInfinite: () => ['deliveries', 'infinite'] as const,
  staticPage: (name: string) => ['static-page', name] as const,
} as const;

export type QueryKeys = typeof queryKeys;
