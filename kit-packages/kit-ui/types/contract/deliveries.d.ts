/**
 * Wishes reach the people they are for: sending a wish to someone (now or at a time), the
 * recipient's page data, the sender's list, email verification and the card themes.
 * docs/deliveries.md describes the behaviour.
 */
import { type Static } from '@sinclair/typebox';
export declare const DELIVERY_LIMITS: {
    readonly noteMax: 300;
    /** How far ahead a wish may be scheduled. */
    readonly maxDaysAhead: 366;
    readonly recipientNameMax: 150;
    readonly emailMax: 254;
};
export declare const CARD_FORMATS: {
    readonly og: {
        readonly width: 1200;
        readonly height: 630;
    };
    readonly square: {
        readonly width: 1080;
        readonly height: 1080;
    };
    readonly story: {
        readonly width: 1080;
        readonly height: 1920;
    };
};
export type CardFormat = keyof typeof CARD_FORMATS;
/**
 * `outbox`: the site writes mail to its outbox folder (MAIL_TRANSPORT=outbox) and this one was
 * never sent; `bounced`: the recipient's mail server refused the address (see `failure_reason`).
 */
export declare const DeliveryStatusSchema: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"scheduled">, import("@sinclair/typebox").TLiteral<"sent">, import("@sinclair/typebox").TLiteral<"outbox">, import("@sinclair/typebox").TLiteral<"opened">, import("@sinclair/typebox").TLiteral<"bounced">, import("@sinclair/typebox").TLiteral<"failed">, import("@sinclair/typebox").TLiteral<"cancelled">]>;
export type DeliveryStatus = Static<typeof DeliveryStatusSchema>;
export declare const SendWishRequestSchema: import("@sinclair/typebox").TObject<{
    recipient_email: import("@sinclair/typebox").TString;
    recipient_name: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    send_at: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    note: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
}>;
export type SendWishRequest = Static<typeof SendWishRequestSchema>;
export declare const SendWishResponseSchema: import("@sinclair/typebox").TObject<{
    delivery_id: import("@sinclair/typebox").TInteger;
    status: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"scheduled">, import("@sinclair/typebox").TLiteral<"sent">, import("@sinclair/typebox").TLiteral<"outbox">]>;
    send_at: import("@sinclair/typebox").TString;
}>;
export type SendWishResponse = Static<typeof SendWishResponseSchema>;
export declare const DeliverySchema: import("@sinclair/typebox").TObject<{
    delivery_id: import("@sinclair/typebox").TInteger;
    wish_id: import("@sinclair/typebox").TInteger;
    recipient_email: import("@sinclair/typebox").TString;
    recipient_name: import("@sinclair/typebox").TString;
    send_at: import("@sinclair/typebox").TString;
    status: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"scheduled">, import("@sinclair/typebox").TLiteral<"sent">, import("@sinclair/typebox").TLiteral<"outbox">, import("@sinclair/typebox").TLiteral<"opened">, import("@sinclair/typebox").TLiteral<"bounced">, import("@sinclair/typebox").TLiteral<"failed">, import("@sinclair/typebox").TLiteral<"cancelled">]>;
    sent_at: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
    opened_at: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
    /** Why the last try failed (shown to the sender); null otherwise. */
    error: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
    /** Why a `bounced` or `failed` delivery did not arrive; null otherwise. */
    failure_reason: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
}>;
export type Delivery = Static<typeof DeliverySchema>;
export declare const DeliveriesPageSchema: import("@sinclair/typebox").TObject<{
    deliveries: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
        delivery_id: import("@sinclair/typebox").TInteger;
        wish_id: import("@sinclair/typebox").TInteger;
        recipient_email: import("@sinclair/typebox").TString;
        recipient_name: import("@sinclair/typebox").TString;
        send_at: import("@sinclair/typebox").TString;
        status: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"scheduled">, import("@sinclair/typebox").TLiteral<"sent">, import("@sinclair/typebox").TLiteral<"outbox">, import("@sinclair/typebox").TLiteral<"opened">, import("@sinclair/typebox").TLiteral<"bounced">, import("@sinclair/typebox").TLiteral<"failed">, import("@sinclair/typebox").TLiteral<"cancelled">]>;
        sent_at: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
        opened_at: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
        /** Why the last try failed (shown to the sender); null otherwise. */
        error: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
        /** Why a `bounced` or `failed` delivery did not arrive; null otherwise. */
        failure_reason: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
    }>>;
    page_number: import("@sinclair/typebox").TInteger;
    next_page_number: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
}>;
export type DeliveriesPage = Static<typeof DeliveriesPageSchema>;
export declare const DeliveriesQuerySchema: import("@sinclair/typebox").TObject<{
    page: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
}>;
export declare const TokenParamSchema: import("@sinclair/typebox").TObject<{
    token: import("@sinclair/typebox").TString;
}>;
/** What the recipient's page shows: never the recipient's address. */
export declare const ReceivedWishSchema: import("@sinclair/typebox").TObject<{
    wish_id: import("@sinclair/typebox").TInteger;
    text: import("@sinclair/typebox").TString;
    author: import("@sinclair/typebox").TString;
    author_id: import("@sinclair/typebox").TInteger;
    /** The sender's first name, for "Write one back". */
    author_first_name: import("@sinclair/typebox").TString;
    recipient_name: import("@sinclair/typebox").TString;
    note: import("@sinclair/typebox").TString;
    card_theme: import("@sinclair/typebox").TString;
    /** Path of the card image for this link. */
    card_url: import("@sinclair/typebox").TString;
    sent_at: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
}>;
export type ReceivedWish = Static<typeof ReceivedWishSchema>;
export declare const OpenedResponseSchema: import("@sinclair/typebox").TObject<{
    opened: import("@sinclair/typebox").TBoolean;
}>;
export declare const VerifyEmailRequestSchema: import("@sinclair/typebox").TObject<{
    token: import("@sinclair/typebox").TString;
}>;
export declare const ResendVerificationResponseSchema: import("@sinclair/typebox").TObject<{
    message: import("@sinclair/typebox").TString;
}>;
export declare const CardThemeSchema: import("@sinclair/typebox").TObject<{
    name: import("@sinclair/typebox").TString;
    title: import("@sinclair/typebox").TString;
}>;
export declare const CardThemesSchema: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
    name: import("@sinclair/typebox").TString;
    title: import("@sinclair/typebox").TString;
}>>;
export type CardTheme = Static<typeof CardThemeSchema>;
export declare const CardQuerySchema: import("@sinclair/typebox").TObject<{
    theme: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    format: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"og">, import("@sinclair/typebox").TLiteral<"square">, import("@sinclair/typebox").TLiteral<"story">]>>;
}>;
