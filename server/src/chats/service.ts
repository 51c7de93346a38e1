/** What other areas use of chats: the chats' messages (wishes/routes.ts keeps a chat with its wish). */
import { CHAT_LIMITS } from '@wishes/kit-contract/api';

export const CHAT_TEXT = {
  notFound: 'Chat not found.',
  tooMany: `This chat has reached its limit of ${CHAT_LIMITS.instructionsMax} instructions. Save the wish, or start a new draft for a new chat.`,
  alreadyKept: 'This chat is already kept with another wish.',
} as const;
