/**
 * The social layer's wire contract (docs/features.md → the social layer):
 * notifications and account settings. Kept apart from schemas.ts so each v2 area owns its file.
 */
import { type Static } from '@sinclair/typebox';
export declare const NotificationKindSchema: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"vote">, import("@sinclair/typebox").TLiteral<"follow">, import("@sinclair/typebox").TLiteral<"report_resolved">, import("@sinclair/typebox").TLiteral<"wish_hidden">, import("@sinclair/typebox").TLiteral<"delivery_opened">]>;
export type NotificationKind = Static<typeof NotificationKindSchema>;
export declare const NotificationActorSchema: import("@sinclair/typebox").TObject<{
    id: import("@sinclair/typebox").TInteger;
    name: import("@sinclair/typebox").TString;
}>;
export type NotificationActor = Static<typeof NotificationActorSchema>;
export declare const NotificationSchema: import("@sinclair/typebox").TObject<{
    id: import("@sinclair/typebox").TInteger;
    kind: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"vote">, import("@sinclair/typebox").TLiteral<"follow">, import("@sinclair/typebox").TLiteral<"report_resolved">, import("@sinclair/typebox").TLiteral<"wish_hidden">, import("@sinclair/typebox").TLiteral<"delivery_opened">]>;
    /** Up to three people behind it, newest first. */
    actors: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
        id: import("@sinclair/typebox").TInteger;
        name: import("@sinclair/typebox").TString;
    }>>;
    actor_count: import("@sinclair/typebox").TInteger;
    wish_id: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
    text: import("@sinclair/typebox").TString;
    /** When the last person joined it (ISO 8601 UTC). */
    created_at: import("@sinclair/typebox").TString;
    read: import("@sinclair/typebox").TBoolean;
}>;
export type Notification = Static<typeof NotificationSchema>;
export declare const NotificationsPageSchema: import("@sinclair/typebox").TObject<{
    notifications: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
        id: import("@sinclair/typebox").TInteger;
        kind: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"vote">, import("@sinclair/typebox").TLiteral<"follow">, import("@sinclair/typebox").TLiteral<"report_resolved">, import("@sinclair/typebox").TLiteral<"wish_hidden">, import("@sinclair/typebox").TLiteral<"delivery_opened">]>;
        /** Up to three people behind it, newest first. */
        actors: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TInteger;
            name: import("@sinclair/typebox").TString;
        }>>;
        actor_count: import("@sinclair/typebox").TInteger;
        wish_id: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
        text: import("@sinclair/typebox").TString;
        /** When the last person joined it (ISO 8601 UTC). */
        created_at: import("@sinclair/typebox").TString;
        read: import("@sinclair/typebox").TBoolean;
    }>>;
    unread_count: import("@sinclair/typebox").TInteger;
    page_number: import("@sinclair/typebox").TInteger;
    next_page_number: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
}>;
export type NotificationsPage = Static<typeof NotificationsPageSchema>;
export declare const NotificationsQuerySchema: import("@sinclair/typebox").TObject<{
    page: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
}>;
export declare const MarkReadRequestSchema: import("@sinclair/typebox").TObject<{
    ids: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TArray<import("@sinclair/typebox").TInteger>>;
}>;
export type MarkReadRequest = Static<typeof MarkReadRequestSchema>;
export declare const UnreadCountSchema: import("@sinclair/typebox").TObject<{
    unread_count: import("@sinclair/typebox").TInteger;
}>;
export type UnreadCount = Static<typeof UnreadCountSchema>;
export declare const AccountSchema: import("@sinclair/typebox").TObject<{
    user_id: import("@sinclair/typebox").TInteger;
    email: import("@sinclair/typebox").TString;
    first_name: import("@sinclair/typebox").TString;
    last_name: import("@sinclair/typebox").TString;
    phone: import("@sinclair/typebox").TString;
    role: import("@sinclair/typebox").TString;
    created_at: import("@sinclair/typebox").TString;
    /** Whether the email address is verified (senders of wishes must be, unless REQUIRE_VERIFIED_SENDERS=false). */
    email_verified: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TBoolean>;
}>;
export type Account = Static<typeof AccountSchema>;
export declare const AccountPatchSchema: import("@sinclair/typebox").TObject<{
    first_name: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    last_name: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    phone: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
}>;
export type AccountPatch = Static<typeof AccountPatchSchema>;
export declare const ChangePasswordRequestSchema: import("@sinclair/typebox").TObject<{
    current_password: import("@sinclair/typebox").TString;
    new_password: import("@sinclair/typebox").TString;
}>;
export type ChangePasswordRequest = Static<typeof ChangePasswordRequestSchema>;
export declare const ChangePasswordResponseSchema: import("@sinclair/typebox").TObject<{
    message: import("@sinclair/typebox").TString;
    access: import("@sinclair/typebox").TString;
    refresh: import("@sinclair/typebox").TString;
}>;
export type ChangePasswordResponse = Static<typeof ChangePasswordResponseSchema>;
export declare const DeleteAccountRequestSchema: import("@sinclair/typebox").TObject<{
    password: import("@sinclair/typebox").TString;
}>;
export type DeleteAccountRequest = Static<typeof DeleteAccountRequestSchema>;
