import { queryKeys } from '@wishes/shared';

/**
 * The site's keys under the names useComposeDraft.ts still imports (that file is being changed
 * separately); the keys live in the kit (contract/queryKeys.ts). Delete once nothing imports this.
 */
export const composeKeys = { chat: queryKeys.chat, cardThemes: queryKeys.cardThemes } as const;
