/**
 * A chat per wish (docs/product.md and the chat operations of contract/operations.ts): a draft's conversation with the
 * assistant, private to its author. Kept apart from schemas.ts so each v2 area owns its file.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { LIMITS } from './constants';
import { RateLimitSchema } from './schemas';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const DraftLengthSchema = Type.Union([Type.Literal('short'), Type.Literal('medium'), Type.Literal('long')]);

/** The compose form a chat started from. */
export const ChatSettingsSchema = Type.Object({
  style: Type.String({ maxLength: LIMITS.generateFieldMax }),
  audience: Type.String({ maxLength: LIMITS.generateFieldMax }),
  name: Type.String({ maxLength: LIMITS.generateFieldMax }),
  topic: Type.String({ maxLength: LIMITS.generateFieldMax }),
  details: Type.String({ maxLength: LIMITS.detailsMax }),
  length: Type.Optional(DraftLengthSchema),
});
export type ChatSettings = Static<typeof ChatSettingsSchema>;

/**
 * POST /api/base/chats/: the compose form. Without `text` the first draft is written (one unit of
 * the quota); with `text` (a draft already in the editor, e.g. streamed) the chat starts from it
 * and nothing is generated or spent.
 */
export const CreateChatRequestSchema = Type.Object({
  ...ChatSettingsSchema.properties,
  text: Type.Optional(Type.String({ maxLength: LIMITS.wishTextMax })),
});
export type CreateChatRequest = Static<typeof CreateChatRequestSchema>;

export const CreateChatResponseSchema = Type.Object({ chat_id: Type.Integer(), text: Type.String(), rate_limit: RateLimitSchema });
export type CreateChatResponse = Static<typeof CreateChatResponseSchema>;

/**
 * POST /api/base/chats/{id}/messages/: one instruction. `text` (optional) is the editor's current
 * text when the author changed it by hand: it becomes a version before the instruction applies.
 */
export const ChatMessageRequestSchema = Type.Object({
  message: Type.String({ maxLength: LIMITS.chatMessageMax }),
  text: Type.Optional(Type.String({ maxLength: LIMITS.wishTextMax })),
});
export type ChatMessageRequest = Static<typeof ChatMessageRequestSchema>;

export const ChatMessageResponseSchema = Type.Object({ reply: Type.String(), text: Type.String(), rate_limit: RateLimitSchema });
export type ChatMessageResponse = Static<typeof ChatMessageResponseSchema>;

export const ChatRoleSchema = Type.Union([Type.Literal('user'), Type.Literal('assistant')]);
export type ChatRole = Static<typeof ChatRoleSchema>;

export const ChatEntrySchema = Type.Object({ role: ChatRoleSchema, text: Type.String(), created_at: Type.String() });
export type ChatEntry = Static<typeof ChatEntrySchema>;

export const ChatVersionSchema = Type.Object({ text: Type.String(), created_at: Type.String() });
export type ChatVersion = Static<typeof ChatVersionSchema>;

/** GET /api/base/chats/{id}/ and GET /api/base/wish/{id}/chat/ (author only). */
export const ChatSchema = Type.Object({
  chat_id: Type.Integer(),
  settings: ChatSettingsSchema,
  messages: Type.Array(ChatEntrySchema),
  versions: Type.Array(ChatVersionSchema),
  wish_id: Nullable(Type.Integer()),
});
export type Chat = Static<typeof ChatSchema>;

/** Most instructions one chat takes, and most chats without a wish kept per member (the oldest go). */
export const CHAT_LIMITS = { instructionsMax: 50, draftChatsKept: 100 } as const;
