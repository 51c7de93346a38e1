/**
 * A chat per wish (docs/product.md and the chat operations of contract/operations.ts): a draft's conversation with the
 * assistant, private to its author. Kept apart from schemas.ts so each v2 area owns its file.
 */
import { type Static } from '@sinclair/typebox';
/** The compose form a chat started from. */
export declare const ChatSettingsSchema: import("@sinclair/typebox").TObject<{
    style: import("@sinclair/typebox").TString;
    audience: import("@sinclair/typebox").TString;
    name: import("@sinclair/typebox").TString;
    topic: import("@sinclair/typebox").TString;
    details: import("@sinclair/typebox").TString;
    length: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"short">, import("@sinclair/typebox").TLiteral<"medium">, import("@sinclair/typebox").TLiteral<"long">]>>;
}>;
export type ChatSettings = Static<typeof ChatSettingsSchema>;
/**
 * POST /api/base/chats/: the compose form. Without `text` the first draft is written (one unit of
 * the quota); with `text` (a draft already in the editor, e.g. streamed) the chat starts from it
 * and nothing is generated or spent.
 */
export declare const CreateChatRequestSchema: import("@sinclair/typebox").TObject<{
    text: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    style: import("@sinclair/typebox").TString;
    audience: import("@sinclair/typebox").TString;
    name: import("@sinclair/typebox").TString;
    topic: import("@sinclair/typebox").TString;
    details: import("@sinclair/typebox").TString;
    length: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"short">, import("@sinclair/typebox").TLiteral<"medium">, import("@sinclair/typebox").TLiteral<"long">]>>;
}>;
export type CreateChatRequest = Static<typeof CreateChatRequestSchema>;
export declare const CreateChatResponseSchema: import("@sinclair/typebox").TObject<{
    chat_id: import("@sinclair/typebox").TInteger;
    text: import("@sinclair/typebox").TString;
    rate_limit: import("@sinclair/typebox").TObject<{
        limit: import("@sinclair/typebox").TInteger;
        remaining: import("@sinclair/typebox").TInteger;
    }>;
}>;
export type CreateChatResponse = Static<typeof CreateChatResponseSchema>;
/**
 * POST /api/base/chats/{id}/messages/: one instruction. `text` (optional) is the editor's current
 * text when the author changed it by hand: it becomes a version before the instruction applies.
 */
export declare const ChatMessageRequestSchema: import("@sinclair/typebox").TObject<{
    message: import("@sinclair/typebox").TString;
    text: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
}>;
export type ChatMessageRequest = Static<typeof ChatMessageRequestSchema>;
export declare const ChatMessageResponseSchema: import("@sinclair/typebox").TObject<{
    reply: import("@sinclair/typebox").TString;
    text: import("@sinclair/typebox").TString;
    rate_limit: import("@sinclair/typebox").TObject<{
        limit: import("@sinclair/typebox").TInteger;
        remaining: import("@sinclair/typebox").TInteger;
    }>;
}>;
export type ChatMessageResponse = Static<typeof ChatMessageResponseSchema>;
export declare const ChatRoleSchema: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"user">, import("@sinclair/typebox").TLiteral<"assistant">]>;
export type ChatRole = Static<typeof ChatRoleSchema>;
export declare const ChatEntrySchema: import("@sinclair/typebox").TObject<{
    role: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"user">, import("@sinclair/typebox").TLiteral<"assistant">]>;
    text: import("@sinclair/typebox").TString;
    created_at: import("@sinclair/typebox").TString;
}>;
export type ChatEntry = Static<typeof ChatEntrySchema>;
export declare const ChatVersionSchema: import("@sinclair/typebox").TObject<{
    text: import("@sinclair/typebox").TString;
    created_at: import("@sinclair/typebox").TString;
}>;
export type ChatVersion = Static<typeof ChatVersionSchema>;
/** GET /api/base/chats/{id}/ and GET /api/base/wish/{id}/chat/ (author only). */
export declare const ChatSchema: import("@sinclair/typebox").TObject<{
    chat_id: import("@sinclair/typebox").TInteger;
    settings: import("@sinclair/typebox").TObject<{
        style: import("@sinclair/typebox").TString;
        audience: import("@sinclair/typebox").TString;
        name: import("@sinclair/typebox").TString;
        topic: import("@sinclair/typebox").TString;
        details: import("@sinclair/typebox").TString;
        length: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"short">, import("@sinclair/typebox").TLiteral<"medium">, import("@sinclair/typebox").TLiteral<"long">]>>;
    }>;
    messages: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
        role: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"user">, import("@sinclair/typebox").TLiteral<"assistant">]>;
        text: import("@sinclair/typebox").TString;
        created_at: import("@sinclair/typebox").TString;
    }>>;
    versions: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
        text: import("@sinclair/typebox").TString;
        created_at: import("@sinclair/typebox").TString;
    }>>;
    wish_id: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
}>;
export type Chat = Static<typeof ChatSchema>;
/** Most instructions one chat takes, and most chats without a wish kept per member (the oldest go). */
export declare const CHAT_LIMITS: {
    readonly instructionsMax: 50;
    readonly draftChatsKept: 100;
};
