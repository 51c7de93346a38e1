/**
 * The Wishes wire contract as TypeBox schemas (the routes that use them: contract/operations.ts).
 * One source of truth: the server validates and serializes with these schemas, and the
 * front end uses the static types derived from them (type-only imports, so TypeBox itself
 * never reaches a browser bundle).
 */
import { type Static } from '@sinclair/typebox';
import type { MenuDeclaration, NavDeclaration, RouteDeclaration } from '../registry';
export declare const VoteTypeSchema: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"upvote">, import("@sinclair/typebox").TLiteral<"downvote">]>;
export type VoteType = Static<typeof VoteTypeSchema>;
export declare const IdParamSchema: import("@sinclair/typebox").TObject<{
    id: import("@sinclair/typebox").TString;
}>;
export declare const WishAuthorSchema: import("@sinclair/typebox").TObject<{
    id: import("@sinclair/typebox").TInteger;
    full_name: import("@sinclair/typebox").TString;
    first_name: import("@sinclair/typebox").TString;
    last_name: import("@sinclair/typebox").TString;
    avatar_url: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
    avatar_thumbnail: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
}>;
export type WishAuthor = Static<typeof WishAuthorSchema>;
export declare const WishSchema: import("@sinclair/typebox").TObject<{
    id: import("@sinclair/typebox").TInteger;
    text: import("@sinclair/typebox").TString;
    user_id: import("@sinclair/typebox").TInteger;
    is_public: import("@sinclair/typebox").TBoolean;
    published_at: import("@sinclair/typebox").TString;
    created_at: import("@sinclair/typebox").TString;
    vote_count: import("@sinclair/typebox").TInteger;
    upvote_count: import("@sinclair/typebox").TInteger;
    downvote_count: import("@sinclair/typebox").TInteger;
    vote_type: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"upvote">, import("@sinclair/typebox").TLiteral<"downvote">]>, import("@sinclair/typebox").TNull]>;
    author: import("@sinclair/typebox").TString;
    user: import("@sinclair/typebox").TObject<{
        id: import("@sinclair/typebox").TInteger;
        full_name: import("@sinclair/typebox").TString;
        first_name: import("@sinclair/typebox").TString;
        last_name: import("@sinclair/typebox").TString;
        avatar_url: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
        avatar_thumbnail: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
    }>;
    edited_at: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>>;
    card_theme: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    chat_id: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>>;
    moderation: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TObject<{
        state: import("@sinclair/typebox").TLiteral<"hidden">;
        reason: import("@sinclair/typebox").TString;
    }>>;
}>;
export type Wish = Static<typeof WishSchema>;
export type WishModeration = NonNullable<Wish['moderation']>;
export declare const ProfileSchema: import("@sinclair/typebox").TObject<{
    user_id: import("@sinclair/typebox").TInteger;
    profile_id: import("@sinclair/typebox").TInteger;
    first_name: import("@sinclair/typebox").TString;
    last_name: import("@sinclair/typebox").TString;
    full_name: import("@sinclair/typebox").TString;
    avatar_url: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
    avatar_thumbnail: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
    followers: import("@sinclair/typebox").TInteger;
    following: import("@sinclair/typebox").TInteger;
    posts: import("@sinclair/typebox").TInteger;
    is_self: import("@sinclair/typebox").TBoolean;
    is_subscribed: import("@sinclair/typebox").TBoolean;
}>;
export type Profile = Static<typeof ProfileSchema>;
export declare const SubscriptionSchema: import("@sinclair/typebox").TObject<{
    target_id: import("@sinclair/typebox").TInteger;
    target_name: import("@sinclair/typebox").TString;
    target_avatar_url: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
    target_avatar_thumbnail: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
    created_at: import("@sinclair/typebox").TString;
}>;
export type Subscription = Static<typeof SubscriptionSchema>;
export declare const VoterSchema: import("@sinclair/typebox").TObject<{
    id: import("@sinclair/typebox").TInteger;
    voter_id: import("@sinclair/typebox").TInteger;
    voter_name: import("@sinclair/typebox").TString;
    vote_type: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"upvote">, import("@sinclair/typebox").TLiteral<"downvote">]>;
    created_at: import("@sinclair/typebox").TString;
}>;
export type Voter = Static<typeof VoterSchema>;
export declare const FeedPageSchema: import("@sinclair/typebox").TObject<{
    wishes: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
        id: import("@sinclair/typebox").TInteger;
        text: import("@sinclair/typebox").TString;
        user_id: import("@sinclair/typebox").TInteger;
        is_public: import("@sinclair/typebox").TBoolean;
        published_at: import("@sinclair/typebox").TString;
        created_at: import("@sinclair/typebox").TString;
        vote_count: import("@sinclair/typebox").TInteger;
        upvote_count: import("@sinclair/typebox").TInteger;
        downvote_count: import("@sinclair/typebox").TInteger;
        vote_type: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"upvote">, import("@sinclair/typebox").TLiteral<"downvote">]>, import("@sinclair/typebox").TNull]>;
        author: import("@sinclair/typebox").TString;
        user: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TInteger;
            full_name: import("@sinclair/typebox").TString;
            first_name: import("@sinclair/typebox").TString;
            last_name: import("@sinclair/typebox").TString;
            avatar_url: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
            avatar_thumbnail: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
        }>;
        edited_at: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>>;
        card_theme: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        chat_id: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>>;
        moderation: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TObject<{
            state: import("@sinclair/typebox").TLiteral<"hidden">;
            reason: import("@sinclair/typebox").TString;
        }>>;
    }>>;
    page_number: import("@sinclair/typebox").TInteger;
    next_page_number: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
    hasMore: import("@sinclair/typebox").TBoolean;
}>;
export type FeedPage = Static<typeof FeedPageSchema>;
export declare const SearchPageSchema: import("@sinclair/typebox").TObject<{
    success: import("@sinclair/typebox").TBoolean;
    wishes: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
        id: import("@sinclair/typebox").TInteger;
        text: import("@sinclair/typebox").TString;
        user_id: import("@sinclair/typebox").TInteger;
        is_public: import("@sinclair/typebox").TBoolean;
        published_at: import("@sinclair/typebox").TString;
        created_at: import("@sinclair/typebox").TString;
        vote_count: import("@sinclair/typebox").TInteger;
        upvote_count: import("@sinclair/typebox").TInteger;
        downvote_count: import("@sinclair/typebox").TInteger;
        vote_type: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"upvote">, import("@sinclair/typebox").TLiteral<"downvote">]>, import("@sinclair/typebox").TNull]>;
        author: import("@sinclair/typebox").TString;
        user: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TInteger;
            full_name: import("@sinclair/typebox").TString;
            first_name: import("@sinclair/typebox").TString;
            last_name: import("@sinclair/typebox").TString;
            avatar_url: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
            avatar_thumbnail: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
        }>;
        edited_at: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>>;
        card_theme: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        chat_id: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>>;
        moderation: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TObject<{
            state: import("@sinclair/typebox").TLiteral<"hidden">;
            reason: import("@sinclair/typebox").TString;
        }>>;
    }>>;
    query: import("@sinclair/typebox").TString;
    page_number: import("@sinclair/typebox").TInteger;
    total_pages: import("@sinclair/typebox").TInteger;
    next_page_number: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
    previous_page_number: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
    total_results: import("@sinclair/typebox").TInteger;
    hasMore: import("@sinclair/typebox").TBoolean;
}>;
export type SearchPage = Static<typeof SearchPageSchema>;
export declare const TopicSchema: import("@sinclair/typebox").TObject<{
    topic: import("@sinclair/typebox").TString;
    topic_details: import("@sinclair/typebox").TString;
    image_url: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
}>;
export type Topic = Static<typeof TopicSchema>;
export declare const OptionsSchema: import("@sinclair/typebox").TObject<{
    site_name: import("@sinclair/typebox").TString;
    greeting_config_params: import("@sinclair/typebox").TObject<{
        styles: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TString>;
        audiences: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TString>;
        topics: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
            topic: import("@sinclair/typebox").TString;
            topic_details: import("@sinclair/typebox").TString;
            image_url: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
        }>>;
    }>;
    report_topic_config: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TString>;
}>;
export type Options = Static<typeof OptionsSchema>;
/**
 * `GET /api/wish/{id}/voters/[?vote_type=upvote|downvote][&limit=N][&cursor=C]`: one page of voters,
 * newest first (created_at, then id). Without `limit` a page holds up to VOTERS_PAGE_MAX_LIMIT
 * voters (the v1 list's cap); the voters modal asks for `limit=VOTERS_PAGE_FIRST_LIMIT` and then
 * passes each answer's `next_cursor` back as `cursor` (with the same `vote_type`) until it is null.
 * Keyset paging: a vote cast or removed meanwhile never makes a later page repeat or skip a voter
 * older than the cursor. `count` and the totals are over every vote, not the page.
 */
export declare const VotersResultSchema: import("@sinclair/typebox").TObject<{
    voters: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
        id: import("@sinclair/typebox").TInteger;
        voter_id: import("@sinclair/typebox").TInteger;
        voter_name: import("@sinclair/typebox").TString;
        vote_type: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"upvote">, import("@sinclair/typebox").TLiteral<"downvote">]>;
        created_at: import("@sinclair/typebox").TString;
    }>>;
    count: import("@sinclair/typebox").TInteger;
    upvote_count: import("@sinclair/typebox").TInteger;
    downvote_count: import("@sinclair/typebox").TInteger;
    total_count: import("@sinclair/typebox").TInteger;
    net_count: import("@sinclair/typebox").TInteger;
    current_user_vote: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"upvote">, import("@sinclair/typebox").TLiteral<"downvote">]>, import("@sinclair/typebox").TNull]>;
    next_cursor: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>>;
}>;
export type VotersResult = Static<typeof VotersResultSchema>;
export declare const VoteSummarySchema: import("@sinclair/typebox").TObject<{
    id: import("@sinclair/typebox").TInteger;
    vote_count: import("@sinclair/typebox").TInteger;
    upvote_count: import("@sinclair/typebox").TInteger;
    downvote_count: import("@sinclair/typebox").TInteger;
    vote_type: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"upvote">, import("@sinclair/typebox").TLiteral<"downvote">]>, import("@sinclair/typebox").TNull]>;
}>;
export type VoteSummary = Static<typeof VoteSummarySchema>;
export declare const RateLimitSchema: import("@sinclair/typebox").TObject<{
    limit: import("@sinclair/typebox").TInteger;
    remaining: import("@sinclair/typebox").TInteger;
}>;
export type RateLimit = Static<typeof RateLimitSchema>;
export declare const GenerateRequestSchema: import("@sinclair/typebox").TObject<{
    style: import("@sinclair/typebox").TString;
    audience: import("@sinclair/typebox").TString;
    name: import("@sinclair/typebox").TString;
    topic: import("@sinclair/typebox").TString;
    details: import("@sinclair/typebox").TString;
    /** How long the draft should be (default medium). */
    length: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"short">, import("@sinclair/typebox").TLiteral<"medium">, import("@sinclair/typebox").TLiteral<"long">]>>;
    /** How many different drafts to write, 1–3 (default 1); still one unit of the hourly quota. */
    variants: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TInteger>;
}>;
export type GenerateRequest = Static<typeof GenerateRequestSchema>;
export type DraftLength = NonNullable<GenerateRequest['length']>;
export declare const DRAFT_LENGTHS: DraftLength[];
/** The rewrites "improve" offers on existing text. */
export declare const IMPROVE_INSTRUCTIONS: readonly ["warmer", "shorter", "funnier", "more formal"];
export type ImproveInstruction = (typeof IMPROVE_INSTRUCTIONS)[number];
export declare const ImproveRequestSchema: import("@sinclair/typebox").TObject<{
    text: import("@sinclair/typebox").TString;
    instruction: import("@sinclair/typebox").TUnion<import("@sinclair/typebox").TLiteral<"warmer" | "shorter" | "funnier" | "more formal">[]>;
}>;
export type ImproveRequest = Static<typeof ImproveRequestSchema>;
export declare const SaveWishRequestSchema: import("@sinclair/typebox").TObject<{
    text: import("@sinclair/typebox").TString;
    is_public: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TBoolean>;
    /** The caller's own chat (POST /api/base/chats/) to keep with the wish; 404 and nothing saved otherwise. */
    chat_id: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TInteger>;
    /** A name of GET /api/base/card-themes/; 400 for another. */
    card_theme: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
}>;
export type SaveWishRequest = Static<typeof SaveWishRequestSchema>;
export declare const SearchRequestSchema: import("@sinclair/typebox").TObject<{
    query: import("@sinclair/typebox").TString;
}>;
export type SearchRequest = Static<typeof SearchRequestSchema>;
export declare const CreateUserRequestSchema: import("@sinclair/typebox").TObject<{
    email: import("@sinclair/typebox").TString;
    password: import("@sinclair/typebox").TString;
    first_name: import("@sinclair/typebox").TString;
    last_name: import("@sinclair/typebox").TString;
    phone: import("@sinclair/typebox").TString;
}>;
export type CreateUserRequest = Static<typeof CreateUserRequestSchema>;
export declare const TokenRequestSchema: import("@sinclair/typebox").TObject<{
    username: import("@sinclair/typebox").TString;
    password: import("@sinclair/typebox").TString;
}>;
export type TokenRequest = Static<typeof TokenRequestSchema>;
export declare const RefreshRequestSchema: import("@sinclair/typebox").TObject<{
    refresh: import("@sinclair/typebox").TString;
}>;
export type RefreshRequest = Static<typeof RefreshRequestSchema>;
export declare const OfferRequestSchema: import("@sinclair/typebox").TObject<{
    email: import("@sinclair/typebox").TString;
    message: import("@sinclair/typebox").TString;
}>;
export type OfferRequest = Static<typeof OfferRequestSchema>;
export declare const ComplaintRequestSchema: import("@sinclair/typebox").TObject<{
    category: import("@sinclair/typebox").TString;
    wish_id: import("@sinclair/typebox").TInteger;
}>;
export type ComplaintRequest = Static<typeof ComplaintRequestSchema>;
export declare const VoteRequestSchema: import("@sinclair/typebox").TObject<{
    vote_type: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"upvote">, import("@sinclair/typebox").TLiteral<"downvote">]>>;
}>;
export type VoteRequest = Static<typeof VoteRequestSchema>;
export declare const VOTERS_PAGE_FIRST_LIMIT: 50;
export declare const VOTERS_PAGE_MAX_LIMIT: 1000;
export declare const VotersQuerySchema: import("@sinclair/typebox").TObject<{
    vote_type: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"upvote">, import("@sinclair/typebox").TLiteral<"downvote">]>>;
    limit: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TInteger>;
    cursor: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
}>;
export declare const ResetRequestSchema: import("@sinclair/typebox").TObject<{
    email: import("@sinclair/typebox").TString;
}>;
export type ResetRequest = Static<typeof ResetRequestSchema>;
export declare const ResetConfirmRequestSchema: import("@sinclair/typebox").TObject<{
    uid: import("@sinclair/typebox").TString;
    token: import("@sinclair/typebox").TString;
    new_password: import("@sinclair/typebox").TString;
}>;
export type ResetConfirmRequest = Static<typeof ResetConfirmRequestSchema>;
export declare const ErrorResponseSchema: import("@sinclair/typebox").TObject<{
    error: import("@sinclair/typebox").TString;
    fields: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TRecord<import("@sinclair/typebox").TString, import("@sinclair/typebox").TString>>;
    success: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TBoolean>;
    rate_limit: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TObject<{
        limit: import("@sinclair/typebox").TInteger;
        remaining: import("@sinclair/typebox").TInteger;
    }>>;
}>;
export type ErrorResponse = Static<typeof ErrorResponseSchema>;
/** simplejwt-style auth failures use `detail` (and `code`) instead of `error`. */
export declare const DetailResponseSchema: import("@sinclair/typebox").TObject<{
    detail: import("@sinclair/typebox").TString;
    code: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    suspension: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TObject<{
        reason: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
    }>>;
}>;
export type DetailResponse = Static<typeof DetailResponseSchema>;
export declare const MessageResponseSchema: import("@sinclair/typebox").TObject<{
    message: import("@sinclair/typebox").TString;
}>;
export type MessageResponse = Static<typeof MessageResponseSchema>;
export declare const GenerateResponseSchema: import("@sinclair/typebox").TObject<{
    text: import("@sinclair/typebox").TString;
    /** Present when more than one variant was asked for; `text` is the first. */
    variants: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TArray<import("@sinclair/typebox").TString>>;
    rate_limit: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TObject<{
        limit: import("@sinclair/typebox").TInteger;
        remaining: import("@sinclair/typebox").TInteger;
    }>>;
}>;
export type GenerateResponse = Static<typeof GenerateResponseSchema>;
export declare const ImproveResponseSchema: import("@sinclair/typebox").TObject<{
    text: import("@sinclair/typebox").TString;
    rate_limit: import("@sinclair/typebox").TObject<{
        limit: import("@sinclair/typebox").TInteger;
        remaining: import("@sinclair/typebox").TInteger;
    }>;
}>;
export type ImproveResponse = Static<typeof ImproveResponseSchema>;
export declare const SaveWishResponseSchema: import("@sinclair/typebox").TObject<{
    wish_id: import("@sinclair/typebox").TInteger;
}>;
export type SaveWishResponse = Static<typeof SaveWishResponseSchema>;
export declare const WishDetailResponseSchema: import("@sinclair/typebox").TObject<{
    wish: import("@sinclair/typebox").TObject<{
        id: import("@sinclair/typebox").TInteger;
        text: import("@sinclair/typebox").TString;
        user_id: import("@sinclair/typebox").TInteger;
        is_public: import("@sinclair/typebox").TBoolean;
        published_at: import("@sinclair/typebox").TString;
        created_at: import("@sinclair/typebox").TString;
        vote_count: import("@sinclair/typebox").TInteger;
        upvote_count: import("@sinclair/typebox").TInteger;
        downvote_count: import("@sinclair/typebox").TInteger;
        vote_type: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"upvote">, import("@sinclair/typebox").TLiteral<"downvote">]>, import("@sinclair/typebox").TNull]>;
        author: import("@sinclair/typebox").TString;
        user: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TInteger;
            full_name: import("@sinclair/typebox").TString;
            first_name: import("@sinclair/typebox").TString;
            last_name: import("@sinclair/typebox").TString;
            avatar_url: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
            avatar_thumbnail: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
        }>;
        edited_at: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>>;
        card_theme: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        chat_id: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>>;
        moderation: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TObject<{
            state: import("@sinclair/typebox").TLiteral<"hidden">;
            reason: import("@sinclair/typebox").TString;
        }>>;
    }>;
}>;
export type WishDetailResponse = Static<typeof WishDetailResponseSchema>;
export declare const CreateUserResponseSchema: import("@sinclair/typebox").TObject<{
    user_id: import("@sinclair/typebox").TInteger;
}>;
export type CreateUserResponse = Static<typeof CreateUserResponseSchema>;
export declare const TokenPairSchema: import("@sinclair/typebox").TObject<{
    access: import("@sinclair/typebox").TString;
    refresh: import("@sinclair/typebox").TString;
}>;
export type TokenPair = Static<typeof TokenPairSchema>;
export declare const AccessTokenSchema: import("@sinclair/typebox").TObject<{
    access: import("@sinclair/typebox").TString;
}>;
export type AccessToken = Static<typeof AccessTokenSchema>;
/** POST /api/token/refresh/: the new access token and, since refresh tokens rotate, the refresh token that replaces the one sent (optional for v1 clients). */
export declare const RefreshResponseSchema: import("@sinclair/typebox").TObject<{
    access: import("@sinclair/typebox").TString;
    refresh: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
}>;
export type RefreshResponse = Static<typeof RefreshResponseSchema>;
export declare const VoteResponseSchema: import("@sinclair/typebox").TObject<{
    message: import("@sinclair/typebox").TString;
    wish: import("@sinclair/typebox").TObject<{
        id: import("@sinclair/typebox").TInteger;
        vote_count: import("@sinclair/typebox").TInteger;
        upvote_count: import("@sinclair/typebox").TInteger;
        downvote_count: import("@sinclair/typebox").TInteger;
        vote_type: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"upvote">, import("@sinclair/typebox").TLiteral<"downvote">]>, import("@sinclair/typebox").TNull]>;
    }>;
}>;
export type VoteResponse = Static<typeof VoteResponseSchema>;
export declare const SubscribeResponseSchema: import("@sinclair/typebox").TObject<{
    message: import("@sinclair/typebox").TString;
    profile: import("@sinclair/typebox").TObject<{
        user_id: import("@sinclair/typebox").TInteger;
        profile_id: import("@sinclair/typebox").TInteger;
        first_name: import("@sinclair/typebox").TString;
        last_name: import("@sinclair/typebox").TString;
        full_name: import("@sinclair/typebox").TString;
        avatar_url: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
        avatar_thumbnail: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
        followers: import("@sinclair/typebox").TInteger;
        following: import("@sinclair/typebox").TInteger;
        posts: import("@sinclair/typebox").TInteger;
        is_self: import("@sinclair/typebox").TBoolean;
        is_subscribed: import("@sinclair/typebox").TBoolean;
    }>;
}>;
export type SubscribeResponse = Static<typeof SubscribeResponseSchema>;
export declare const SubscriptionsResultSchema: import("@sinclair/typebox").TObject<{
    subscriptions: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
        target_id: import("@sinclair/typebox").TInteger;
        target_name: import("@sinclair/typebox").TString;
        target_avatar_url: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
        target_avatar_thumbnail: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
        created_at: import("@sinclair/typebox").TString;
    }>>;
    count: import("@sinclair/typebox").TInteger;
}>;
export type SubscriptionsResult = Static<typeof SubscriptionsResultSchema>;
export declare const AvatarUploadResponseSchema: import("@sinclair/typebox").TObject<{
    success: import("@sinclair/typebox").TBoolean;
    message: import("@sinclair/typebox").TString;
    avatar_url: import("@sinclair/typebox").TString;
    avatar_thumbnail: import("@sinclair/typebox").TString;
}>;
export type AvatarUploadResponse = Static<typeof AvatarUploadResponseSchema>;
/** Claims inside the HS256 access and refresh tokens (simplejwt-compatible). */
export interface TokenClaims {
    token_type: 'access' | 'refresh';
    exp: number;
    iat: number;
    jti: string;
    user_id: number;
}
/** Data the server embeds in the HTML (window.__WISHES_INITIAL__) so a page skips its first request. */
export interface EmbeddedData {
    /** The path the data was rendered for; a page only uses data whose path matches. */
    path: string;
    feed?: FeedPage;
    profile?: {
        profile: Profile;
        wishes: FeedPage;
    };
}
/** One remote in the runtime manifest: where its entry is and what it brings to the site. */
export interface RemotesManifestEntry {
    /** Federation container name ('mf_feed'). */
    name: string;
    /** URL of its remoteEntry.js (of the active release). */
    entry: string;
    /** Its folder / id ('mf-feed'). */
    folder?: string;
    /** The active release ('dist' while nothing has been released: the built folder, never a rollback target). */
    release?: string;
    /** True when this browser is served the remote's canary: the shell reports its module mounting (POST /api/client-loads/). */
    canary?: boolean;
    /** The routes and navigation entries it declares (see the app registry). */
    routes?: RouteDeclaration[];
    nav?: NavDeclaration[];
    /** Its account-menu entries. */
    menu?: MenuDeclaration[];
    /** This browser's confirmed preview link pins this release (the shell shows a banner while it does). */
    preview?: boolean;
}
/** The runtime remote manifest served at /mf/remotes.json (and inlined in every page). */
export interface RemotesManifest {
    /** This page load's signed id, sent back with client error reports (POST /api/client-errors/). */
    load_id?: string;
    /** In the page's inlined copy: the ETag of /mf/remotes.json for it, so an open tab revalidates cheaply. */
    etag?: string;
    remotes: RemotesManifestEntry[];
    /**
     * Present only while the server runs with REMOTE_OVERRIDES=true: `?mf_override=` is honoured
     * (after a confirmation page) for URLs on these origin patterns (docs/teams.md).
     */
    remote_overrides?: {
        origins: string[];
    };
    /**
     * In the page's inlined copy only, when its URL carries a preview link (`?wishes_preview=`): the
     * remote and release it would pin, for the confirmation page (nothing is pinned until the person
     * confirms), or why the link is refused (forged or expired).
     */
    preview_request?: {
        remote: string;
        release: string;
        expires_at: string;
    } | {
        refused: string;
    };
}
/** `{remote}` in /api/admin/remotes/{remote}/...: a remote's folder name ('mf-feed'). */
export declare const RemoteParamsSchema: import("@sinclair/typebox").TObject<{
    remote: import("@sinclair/typebox").TString;
}>;
export declare const ActivateReleaseRequestSchema: import("@sinclair/typebox").TObject<{
    release: import("@sinclair/typebox").TString;
    percent: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TInteger>;
    force: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TBoolean>;
}>;
export type ActivateReleaseRequest = Static<typeof ActivateReleaseRequestSchema>;
export declare const ReleaseSwitchSchema: import("@sinclair/typebox").TObject<{
    id: import("@sinclair/typebox").TInteger;
    remote: import("@sinclair/typebox").TString;
    action: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"activate">, import("@sinclair/typebox").TLiteral<"rollback">, import("@sinclair/typebox").TLiteral<"canary">, import("@sinclair/typebox").TLiteral<"promote">, import("@sinclair/typebox").TLiteral<"auto-rollback">]>;
    release_id: import("@sinclair/typebox").TString;
    previous_release_id: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
    /** 'cli:<os user>', 'user:<id>', 'team:<name>' or, for an auto-rollback, 'server (canary of team:<name>)'. */
    actor: import("@sinclair/typebox").TString;
    created_at: import("@sinclair/typebox").TString;
    percent: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
    reason: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
}>;
export type ReleaseSwitch = Static<typeof ReleaseSwitchSchema>;
export declare const RemoteStateSchema: import("@sinclair/typebox").TObject<{
    remote: import("@sinclair/typebox").TString;
    name: import("@sinclair/typebox").TString;
    registered: import("@sinclair/typebox").TBoolean;
    active: import("@sinclair/typebox").TString;
    canary: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TObject<{
        release: import("@sinclair/typebox").TString;
        percent: import("@sinclair/typebox").TInteger;
        started_by: import("@sinclair/typebox").TString;
        started_at: import("@sinclair/typebox").TString;
        loads: import("@sinclair/typebox").TInteger;
        errors: import("@sinclair/typebox").TInteger;
        error_rate: import("@sinclair/typebox").TNumber;
    }>, import("@sinclair/typebox").TNull]>;
    releases: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
        id: import("@sinclair/typebox").TString;
        version: import("@sinclair/typebox").TString;
        created_at: import("@sinclair/typebox").TString;
    }>>;
    history: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
        id: import("@sinclair/typebox").TInteger;
        remote: import("@sinclair/typebox").TString;
        action: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"activate">, import("@sinclair/typebox").TLiteral<"rollback">, import("@sinclair/typebox").TLiteral<"canary">, import("@sinclair/typebox").TLiteral<"promote">, import("@sinclair/typebox").TLiteral<"auto-rollback">]>;
        release_id: import("@sinclair/typebox").TString;
        previous_release_id: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
        /** 'cli:<os user>', 'user:<id>', 'team:<name>' or, for an auto-rollback, 'server (canary of team:<name>)'. */
        actor: import("@sinclair/typebox").TString;
        created_at: import("@sinclair/typebox").TString;
        percent: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
        reason: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
    }>>;
}>;
export type RemoteState = Static<typeof RemoteStateSchema>;
export declare const RemoteStatesResponseSchema: import("@sinclair/typebox").TObject<{
    remotes: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
        remote: import("@sinclair/typebox").TString;
        name: import("@sinclair/typebox").TString;
        registered: import("@sinclair/typebox").TBoolean;
        active: import("@sinclair/typebox").TString;
        canary: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TObject<{
            release: import("@sinclair/typebox").TString;
            percent: import("@sinclair/typebox").TInteger;
            started_by: import("@sinclair/typebox").TString;
            started_at: import("@sinclair/typebox").TString;
            loads: import("@sinclair/typebox").TInteger;
            errors: import("@sinclair/typebox").TInteger;
            error_rate: import("@sinclair/typebox").TNumber;
        }>, import("@sinclair/typebox").TNull]>;
        releases: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TString;
            version: import("@sinclair/typebox").TString;
            created_at: import("@sinclair/typebox").TString;
        }>>;
        history: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TInteger;
            remote: import("@sinclair/typebox").TString;
            action: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"activate">, import("@sinclair/typebox").TLiteral<"rollback">, import("@sinclair/typebox").TLiteral<"canary">, import("@sinclair/typebox").TLiteral<"promote">, import("@sinclair/typebox").TLiteral<"auto-rollback">]>;
            release_id: import("@sinclair/typebox").TString;
            previous_release_id: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
            /** 'cli:<os user>', 'user:<id>', 'team:<name>' or, for an auto-rollback, 'server (canary of team:<name>)'. */
            actor: import("@sinclair/typebox").TString;
            created_at: import("@sinclair/typebox").TString;
            percent: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
            reason: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
        }>>;
    }>>;
}>;
export declare const ReleaseSwitchResponseSchema: import("@sinclair/typebox").TObject<{
    message: import("@sinclair/typebox").TString;
    switch: import("@sinclair/typebox").TObject<{
        id: import("@sinclair/typebox").TInteger;
        remote: import("@sinclair/typebox").TString;
        action: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"activate">, import("@sinclair/typebox").TLiteral<"rollback">, import("@sinclair/typebox").TLiteral<"canary">, import("@sinclair/typebox").TLiteral<"promote">, import("@sinclair/typebox").TLiteral<"auto-rollback">]>;
        release_id: import("@sinclair/typebox").TString;
        previous_release_id: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
        /** 'cli:<os user>', 'user:<id>', 'team:<name>' or, for an auto-rollback, 'server (canary of team:<name>)'. */
        actor: import("@sinclair/typebox").TString;
        created_at: import("@sinclair/typebox").TString;
        percent: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
        reason: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
    }>;
}>;
export declare const PublishReleaseResponseSchema: import("@sinclair/typebox").TObject<{
    release: import("@sinclair/typebox").TString;
    files: import("@sinclair/typebox").TInteger;
    bytes: import("@sinclair/typebox").TInteger;
}>;
export type PublishReleaseResponse = Static<typeof PublishReleaseResponseSchema>;
export declare const TokenScopeSchema: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"publish">, import("@sinclair/typebox").TLiteral<"activate">, import("@sinclair/typebox").TLiteral<"promote">]>;
export declare const CreateRemoteTokenRequestSchema: import("@sinclair/typebox").TObject<{
    name: import("@sinclair/typebox").TString;
    scopes: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TArray<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"publish">, import("@sinclair/typebox").TLiteral<"activate">, import("@sinclair/typebox").TLiteral<"promote">]>>>;
    expires_days: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TInteger>;
}>;
export type CreateRemoteTokenRequest = Static<typeof CreateRemoteTokenRequestSchema>;
export declare const CreateRemoteTokenResponseSchema: import("@sinclair/typebox").TObject<{
    token_id: import("@sinclair/typebox").TString;
    token: import("@sinclair/typebox").TString;
}>;
export declare const RemoteTokenSchema: import("@sinclair/typebox").TObject<{
    token_id: import("@sinclair/typebox").TString;
    name: import("@sinclair/typebox").TString;
    scopes: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"publish">, import("@sinclair/typebox").TLiteral<"activate">, import("@sinclair/typebox").TLiteral<"promote">]>>;
    created_at: import("@sinclair/typebox").TString;
    expires_at: import("@sinclair/typebox").TString;
    last_used_at: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
    revoked_at: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
}>;
export declare const RemoteTokensResponseSchema: import("@sinclair/typebox").TObject<{
    tokens: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
        token_id: import("@sinclair/typebox").TString;
        name: import("@sinclair/typebox").TString;
        scopes: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"publish">, import("@sinclair/typebox").TLiteral<"activate">, import("@sinclair/typebox").TLiteral<"promote">]>>;
        created_at: import("@sinclair/typebox").TString;
        expires_at: import("@sinclair/typebox").TString;
        last_used_at: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
        revoked_at: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
    }>>;
}>;
export declare const ClientErrorRequestSchema: import("@sinclair/typebox").TObject<{
    load_id: import("@sinclair/typebox").TString;
    remote: import("@sinclair/typebox").TString;
    release: import("@sinclair/typebox").TString;
    kind: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"load">, import("@sinclair/typebox").TLiteral<"render">, import("@sinclair/typebox").TLiteral<"runtime">]>;
    message: import("@sinclair/typebox").TString;
    stack: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
}>;
export type ClientErrorRequest = Static<typeof ClientErrorRequestSchema>;
export declare const ClientLoadRequestSchema: import("@sinclair/typebox").TObject<{
    load_id: import("@sinclair/typebox").TString;
    remote: import("@sinclair/typebox").TString;
    release: import("@sinclair/typebox").TString;
}>;
export type ClientLoadRequest = Static<typeof ClientLoadRequestSchema>;
export declare const RemoteErrorsQuerySchema: import("@sinclair/typebox").TObject<{
    release: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
}>;
export declare const RemoteErrorsResponseSchema: import("@sinclair/typebox").TObject<{
    errors: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
        release: import("@sinclair/typebox").TString;
        kind: import("@sinclair/typebox").TString;
        message: import("@sinclair/typebox").TString;
        stack: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
        created_at: import("@sinclair/typebox").TString;
    }>>;
}>;
export declare const PreviewRequestSchema: import("@sinclair/typebox").TObject<{
    release: import("@sinclair/typebox").TString;
}>;
export declare const PreviewResponseSchema: import("@sinclair/typebox").TObject<{
    url: import("@sinclair/typebox").TString;
    expires_at: import("@sinclair/typebox").TString;
}>;
/** The confirmation page of a preview link pins the release with the link's token. */
export declare const ConfirmPreviewRequestSchema: import("@sinclair/typebox").TObject<{
    token: import("@sinclair/typebox").TString;
}>;
export declare const ConfirmPreviewResponseSchema: import("@sinclair/typebox").TObject<{
    remote: import("@sinclair/typebox").TString;
    release: import("@sinclair/typebox").TString;
    expires_at: import("@sinclair/typebox").TString;
}>;
export declare const RemoteTokenParamsSchema: import("@sinclair/typebox").TObject<{
    remote: import("@sinclair/typebox").TString;
    token_id: import("@sinclair/typebox").TString;
}>;
export declare const RoleSchema: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"user">, import("@sinclair/typebox").TLiteral<"moderator">, import("@sinclair/typebox").TLiteral<"admin">]>;
export type Role = Static<typeof RoleSchema>;
export declare const UpdateWishRequestSchema: import("@sinclair/typebox").TObject<{
    text: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    is_public: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TBoolean>;
    card_theme: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
}>;
export type UpdateWishRequest = Static<typeof UpdateWishRequestSchema>;
export declare const UpdateWishResponseSchema: import("@sinclair/typebox").TObject<{
    wish: import("@sinclair/typebox").TObject<{
        id: import("@sinclair/typebox").TInteger;
        text: import("@sinclair/typebox").TString;
        user_id: import("@sinclair/typebox").TInteger;
        is_public: import("@sinclair/typebox").TBoolean;
        published_at: import("@sinclair/typebox").TString;
        created_at: import("@sinclair/typebox").TString;
        vote_count: import("@sinclair/typebox").TInteger;
        upvote_count: import("@sinclair/typebox").TInteger;
        downvote_count: import("@sinclair/typebox").TInteger;
        vote_type: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"upvote">, import("@sinclair/typebox").TLiteral<"downvote">]>, import("@sinclair/typebox").TNull]>;
        author: import("@sinclair/typebox").TString;
        user: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TInteger;
            full_name: import("@sinclair/typebox").TString;
            first_name: import("@sinclair/typebox").TString;
            last_name: import("@sinclair/typebox").TString;
            avatar_url: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
            avatar_thumbnail: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
        }>;
        edited_at: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>>;
        card_theme: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        chat_id: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>>;
        moderation: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TObject<{
            state: import("@sinclair/typebox").TLiteral<"hidden">;
            reason: import("@sinclair/typebox").TString;
        }>>;
    }>;
}>;
export declare const ModerationWishActionSchema: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"hide">, import("@sinclair/typebox").TLiteral<"restore">, import("@sinclair/typebox").TLiteral<"dismiss">, import("@sinclair/typebox").TLiteral<"delete">]>;
export type ModerationWishAction = Static<typeof ModerationWishActionSchema>;
export declare const ModerationUserActionSchema: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"ban">, import("@sinclair/typebox").TLiteral<"unban">]>;
export type ModerationUserAction = Static<typeof ModerationUserActionSchema>;
export declare const ReportStatusSchema: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"open">, import("@sinclair/typebox").TLiteral<"resolved">]>;
export type ReportStatus = Static<typeof ReportStatusSchema>;
export declare const ReportedWishSchema: import("@sinclair/typebox").TObject<{
    wish: import("@sinclair/typebox").TObject<{
        id: import("@sinclair/typebox").TInteger;
        text: import("@sinclair/typebox").TString;
        user_id: import("@sinclair/typebox").TInteger;
        is_public: import("@sinclair/typebox").TBoolean;
        published_at: import("@sinclair/typebox").TString;
        created_at: import("@sinclair/typebox").TString;
        vote_count: import("@sinclair/typebox").TInteger;
        upvote_count: import("@sinclair/typebox").TInteger;
        downvote_count: import("@sinclair/typebox").TInteger;
        vote_type: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"upvote">, import("@sinclair/typebox").TLiteral<"downvote">]>, import("@sinclair/typebox").TNull]>;
        author: import("@sinclair/typebox").TString;
        user: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TInteger;
            full_name: import("@sinclair/typebox").TString;
            first_name: import("@sinclair/typebox").TString;
            last_name: import("@sinclair/typebox").TString;
            avatar_url: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
            avatar_thumbnail: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
        }>;
        edited_at: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>>;
        card_theme: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        chat_id: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>>;
        moderation: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TObject<{
            state: import("@sinclair/typebox").TLiteral<"hidden">;
            reason: import("@sinclair/typebox").TString;
        }>>;
    }>;
    report_count: import("@sinclair/typebox").TInteger;
    categories: import("@sinclair/typebox").TRecord<import("@sinclair/typebox").TString, import("@sinclair/typebox").TInteger>;
    first_reported_at: import("@sinclair/typebox").TString;
    last_reported_at: import("@sinclair/typebox").TString;
    status: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"open">, import("@sinclair/typebox").TLiteral<"resolved">]>;
    resolution: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
}>;
export type ReportedWish = Static<typeof ReportedWishSchema>;
export declare const ReportQueuePageSchema: import("@sinclair/typebox").TObject<{
    items: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
        wish: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TInteger;
            text: import("@sinclair/typebox").TString;
            user_id: import("@sinclair/typebox").TInteger;
            is_public: import("@sinclair/typebox").TBoolean;
            published_at: import("@sinclair/typebox").TString;
            created_at: import("@sinclair/typebox").TString;
            vote_count: import("@sinclair/typebox").TInteger;
            upvote_count: import("@sinclair/typebox").TInteger;
            downvote_count: import("@sinclair/typebox").TInteger;
            vote_type: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"upvote">, import("@sinclair/typebox").TLiteral<"downvote">]>, import("@sinclair/typebox").TNull]>;
            author: import("@sinclair/typebox").TString;
            user: import("@sinclair/typebox").TObject<{
                id: import("@sinclair/typebox").TInteger;
                full_name: import("@sinclair/typebox").TString;
                first_name: import("@sinclair/typebox").TString;
                last_name: import("@sinclair/typebox").TString;
                avatar_url: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
                avatar_thumbnail: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
            }>;
            edited_at: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>>;
            card_theme: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
            chat_id: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>>;
            moderation: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TObject<{
                state: import("@sinclair/typebox").TLiteral<"hidden">;
                reason: import("@sinclair/typebox").TString;
            }>>;
        }>;
        report_count: import("@sinclair/typebox").TInteger;
        categories: import("@sinclair/typebox").TRecord<import("@sinclair/typebox").TString, import("@sinclair/typebox").TInteger>;
        first_reported_at: import("@sinclair/typebox").TString;
        last_reported_at: import("@sinclair/typebox").TString;
        status: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"open">, import("@sinclair/typebox").TLiteral<"resolved">]>;
        resolution: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
    }>>;
    page_number: import("@sinclair/typebox").TInteger;
    next_page_number: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
}>;
export type ReportQueuePage = Static<typeof ReportQueuePageSchema>;
export declare const ModerationWishResponseSchema: import("@sinclair/typebox").TObject<{
    message: import("@sinclair/typebox").TString;
    wish: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TObject<{
        id: import("@sinclair/typebox").TInteger;
        text: import("@sinclair/typebox").TString;
        user_id: import("@sinclair/typebox").TInteger;
        is_public: import("@sinclair/typebox").TBoolean;
        published_at: import("@sinclair/typebox").TString;
        created_at: import("@sinclair/typebox").TString;
        vote_count: import("@sinclair/typebox").TInteger;
        upvote_count: import("@sinclair/typebox").TInteger;
        downvote_count: import("@sinclair/typebox").TInteger;
        vote_type: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"upvote">, import("@sinclair/typebox").TLiteral<"downvote">]>, import("@sinclair/typebox").TNull]>;
        author: import("@sinclair/typebox").TString;
        user: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TInteger;
            full_name: import("@sinclair/typebox").TString;
            first_name: import("@sinclair/typebox").TString;
            last_name: import("@sinclair/typebox").TString;
            avatar_url: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
            avatar_thumbnail: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
        }>;
        edited_at: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>>;
        card_theme: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        chat_id: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>>;
        moderation: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TObject<{
            state: import("@sinclair/typebox").TLiteral<"hidden">;
            reason: import("@sinclair/typebox").TString;
        }>>;
    }>>;
}>;
export type ModerationWishResponse = Static<typeof ModerationWishResponseSchema>;
export declare const ModerationLogEntrySchema: import("@sinclair/typebox").TObject<{
    id: import("@sinclair/typebox").TInteger;
    actor_id: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
    actor_name: import("@sinclair/typebox").TString;
    action: import("@sinclair/typebox").TString;
    target_type: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"wish">, import("@sinclair/typebox").TLiteral<"user">]>;
    target_id: import("@sinclair/typebox").TInteger;
    reason: import("@sinclair/typebox").TString;
    created_at: import("@sinclair/typebox").TString;
}>;
export type ModerationLogEntry = Static<typeof ModerationLogEntrySchema>;
export declare const ModerationLogPageSchema: import("@sinclair/typebox").TObject<{
    entries: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
        id: import("@sinclair/typebox").TInteger;
        actor_id: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
        actor_name: import("@sinclair/typebox").TString;
        action: import("@sinclair/typebox").TString;
        target_type: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"wish">, import("@sinclair/typebox").TLiteral<"user">]>;
        target_id: import("@sinclair/typebox").TInteger;
        reason: import("@sinclair/typebox").TString;
        created_at: import("@sinclair/typebox").TString;
    }>>;
    page_number: import("@sinclair/typebox").TInteger;
    next_page_number: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
}>;
export type ModerationLogPage = Static<typeof ModerationLogPageSchema>;
export declare const OfferSchema: import("@sinclair/typebox").TObject<{
    id: import("@sinclair/typebox").TInteger;
    user_id: import("@sinclair/typebox").TInteger;
    email: import("@sinclair/typebox").TString;
    message: import("@sinclair/typebox").TString;
    created_at: import("@sinclair/typebox").TString;
}>;
export type Offer = Static<typeof OfferSchema>;
export declare const OfferInboxPageSchema: import("@sinclair/typebox").TObject<{
    offers: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
        id: import("@sinclair/typebox").TInteger;
        user_id: import("@sinclair/typebox").TInteger;
        email: import("@sinclair/typebox").TString;
        message: import("@sinclair/typebox").TString;
        created_at: import("@sinclair/typebox").TString;
    }>>;
    page_number: import("@sinclair/typebox").TInteger;
    next_page_number: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
}>;
export type OfferInboxPage = Static<typeof OfferInboxPageSchema>;
export declare const MyReportSchema: import("@sinclair/typebox").TObject<{
    wish_id: import("@sinclair/typebox").TInteger;
    category: import("@sinclair/typebox").TString;
    created_at: import("@sinclair/typebox").TString;
    status: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"open">, import("@sinclair/typebox").TLiteral<"resolved">]>;
    resolution: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
}>;
export type MyReport = Static<typeof MyReportSchema>;
export declare const MyReportsPageSchema: import("@sinclair/typebox").TObject<{
    reports: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
        wish_id: import("@sinclair/typebox").TInteger;
        category: import("@sinclair/typebox").TString;
        created_at: import("@sinclair/typebox").TString;
        status: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"open">, import("@sinclair/typebox").TLiteral<"resolved">]>;
        resolution: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
    }>>;
    page_number: import("@sinclair/typebox").TInteger;
    next_page_number: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
}>;
export type MyReportsPage = Static<typeof MyReportsPageSchema>;
