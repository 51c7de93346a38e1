import { queryKeys } from '@wishes/shared';

/**
 * Keys mf-feed needs that the site's scheme (contract/queryKeys.ts) lacks yet; they follow it (wish
 * holders under 'wishes', so `updateCachedWish` patches them too) and should move into it.
 */
export const feedKeys = {
  ...queryKeys,
  /** The Following feed as it scrolls (pages appended), like `feedInfinite`. */
  followingInfinite: () => ['wishes', 'following', 'infinite'] as const,
  /** Search results as "Load More" appends pages. */
  searchInfinite: (query: string) => ['wishes', 'search', query, 'infinite'] as const,
  /** The chat a wish was written in (its author only). */
  wishChat: (wishId: number) => ['wish-chat', wishId] as const,
  cardThemes: () => ['card-themes'] as const,
  /** A wish's card preview; `version` changes with the text, so an edit draws it again. */
  wishCard: (wishId: number, theme: string, format: string, version: string) => ['wish-card', wishId, theme, format, version] as const,
} as const;
