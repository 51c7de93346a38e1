/**
 * Keys for what only the compose page caches, beside the site's `queryKeys` (which has no family
 * for chats or card themes yet; these belong there, under the same scheme, once the kit takes them).
 */
export const composeKeys = {
  /** A draft's chat with the assistant (author only). */
  chat: (id: number) => ['chats', id] as const,
  cardThemes: () => ['card-themes'] as const,
} as const;
