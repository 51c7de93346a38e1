/**
 * THE OPERATION TABLE: every API call, once. The server registers its routes from it
 * (server/src/app/operations.ts), the OpenAPI document is generated from it (./openapi.ts), and the
 * client (../api.ts) and test helpers build their URLs with `pathOf`. Adding a call: a row here,
 * then a handler under the same operationId in the server folder its URL names (docs/routes.md,
 * "Add an API operation").
 *
 * Paths use OpenAPI's `{name}` placeholders and keep the contract's trailing slash.
 * `auth`: visitor (anyone, who they are does not matter), optional (anyone; a signed-in caller sees
 * their own private wishes and votes), user, moderator, admin (signed in, with that role read from
 * the database). A present but invalid Bearer token is a 401 everywhere except on the token views.
 * `responses` holds the successes; `errors` the error statuses this call answers on its own, beside
 * the ones every call of its kind can answer (see `errorStatusesOf`).
 */
import type { TSchema } from '@sinclair/typebox';
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type AuthLevel = 'visitor' | 'optional' | 'user' | 'moderator' | 'admin';
/** A response that is not a JSON object of the contract (a PNG, an event stream, a download). */
export interface MediaResponse {
    contentType: string;
    schema?: TSchema;
    description: string;
}
/** A success response: a JSON schema, another media type, or `null` for no body (304). */
export type SuccessResponse = TSchema | MediaResponse | null;
export interface Operation {
    method: HttpMethod;
    path: string;
    auth: AuthLevel;
    summary: string;
    description?: string;
    /** The URL area (one OpenAPI tag). */
    tag: Tag;
    params?: TSchema;
    query?: TSchema;
    /** A JSON body, unless `multipart` is set. */
    body?: TSchema;
    /** The body is multipart/form-data (documentation only; the handler reads the parts). */
    multipart?: boolean;
    /** A binary body of this media type (the route parses it itself), instead of JSON. */
    rawBody?: {
        contentType: string;
        description: string;
    };
    responses: Partial<Record<200 | 201 | 204 | 304, SuccessResponse>>;
    /** Error statuses of this call beyond the automatic ones (errorStatusesOf). */
    errors?: readonly number[];
    /** simplejwt's token views ignore the Authorization header, so a bad token is no 401 there. */
    tokenView?: boolean;
    /** Rate-limited (429 with Retry-After). */
    limited?: boolean;
}
/** The URL areas, in the order the documentation lists them. */
export declare const TAGS: {
    readonly options: "Site options the client reads at start (names, report topics, compose choices).";
    readonly account: "Sign-up and the signed-in member's own account: settings, password, sign out everywhere, export, delete.";
    readonly auth: "Tokens (simplejwt-style obtain and refresh with rotation) and the password-reset flow.";
    readonly wishes: "Saving, reading, editing and deleting wishes; the public and following feeds; a member's wishes; search.";
    readonly generator: "Writing and rewriting wish text with the language model (hourly quota per member).";
    readonly votes: "Up- and downvotes on a wish, and who voted.";
    readonly profiles: "Public profiles, following (subscribe), subscription lists and the avatar upload.";
    readonly complaints: "Reports of a wish, and the reporter's own reports with their outcome.";
    readonly offers: "Business offers sent to the site's admins.";
    readonly moderation: "Moderators' and admins' area: report queue, actions on wishes and users, audit log, offer inbox.";
    readonly notifications: "A member's notifications and the live unread count.";
    readonly previews: "PNG cards for link previews (og:image), in themes and formats people keep.";
    readonly deliveries: "Sending a wish to someone by email, now or at a time; the recipient's link; the sender's list.";
    readonly admin: "Admins' remote releases: list, activate, roll back.";
};
export type Tag = keyof typeof TAGS;
export declare const OPERATIONS: {
    readonly getOptions: {
        readonly method: "GET";
        readonly path: "/api/base/options";
        readonly auth: "visitor";
        readonly tag: "options";
        readonly summary: "Site options";
        readonly description: "Answers 304 to a matching If-None-Match (the ETag of the options file).";
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
            readonly 304: null;
        };
    };
    readonly createUser: {
        readonly method: "POST";
        readonly path: "/api/base/create_user/";
        readonly auth: "visitor";
        readonly tag: "account";
        readonly summary: "Sign up";
        readonly description: "400 with `fields` for an invalid email or a weak password; 409 when the email is taken.";
        readonly body: import("@sinclair/typebox").TObject<{
            email: import("@sinclair/typebox").TString;
            password: import("@sinclair/typebox").TString;
            first_name: import("@sinclair/typebox").TString;
            last_name: import("@sinclair/typebox").TString;
            phone: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 201: import("@sinclair/typebox").TObject<{
                user_id: import("@sinclair/typebox").TInteger;
            }>;
        };
        readonly errors: readonly [409];
        readonly limited: true;
    };
    readonly getAccount: {
        readonly method: "GET";
        readonly path: "/api/account/";
        readonly auth: "user";
        readonly tag: "account";
        readonly summary: "Your account settings";
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                user_id: import("@sinclair/typebox").TInteger;
                email: import("@sinclair/typebox").TString;
                first_name: import("@sinclair/typebox").TString;
                last_name: import("@sinclair/typebox").TString;
                phone: import("@sinclair/typebox").TString;
                role: import("@sinclair/typebox").TString;
                created_at: import("@sinclair/typebox").TString;
                email_verified: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TBoolean>;
            }>;
        };
    };
    readonly updateAccount: {
        readonly method: "PATCH";
        readonly path: "/api/account/";
        readonly auth: "user";
        readonly tag: "account";
        readonly summary: "Change your name or phone";
        readonly description: "Change first_name, last_name and/or phone; a body with none of them changes nothing.";
        readonly body: import("@sinclair/typebox").TObject<{
            first_name: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
            last_name: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
            phone: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                user_id: import("@sinclair/typebox").TInteger;
                email: import("@sinclair/typebox").TString;
                first_name: import("@sinclair/typebox").TString;
                last_name: import("@sinclair/typebox").TString;
                phone: import("@sinclair/typebox").TString;
                role: import("@sinclair/typebox").TString;
                created_at: import("@sinclair/typebox").TString;
                email_verified: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TBoolean>;
            }>;
        };
    };
    readonly deleteAccount: {
        readonly method: "DELETE";
        readonly path: "/api/account/";
        readonly auth: "user";
        readonly tag: "account";
        readonly summary: "Delete your account (with your password)";
        readonly description: "Removes the account with its wishes, votes, follows, reports and notifications; every token of it answers 401 afterwards.";
        readonly body: import("@sinclair/typebox").TObject<{
            password: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                message: import("@sinclair/typebox").TString;
            }>;
        };
        readonly limited: true;
    };
    readonly changePassword: {
        readonly method: "POST";
        readonly path: "/api/account/password/";
        readonly auth: "user";
        readonly tag: "account";
        readonly summary: "Change your password";
        readonly description: "Signs out every other device; the answer carries a fresh token pair for this one.";
        readonly body: import("@sinclair/typebox").TObject<{
            current_password: import("@sinclair/typebox").TString;
            new_password: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                message: import("@sinclair/typebox").TString;
                access: import("@sinclair/typebox").TString;
                refresh: import("@sinclair/typebox").TString;
            }>;
        };
        readonly limited: true;
    };
    readonly signOutEverywhere: {
        readonly method: "POST";
        readonly path: "/api/account/sign_out_everywhere/";
        readonly auth: "user";
        readonly tag: "account";
        readonly summary: "Sign out on every device";
        readonly description: "Every access and refresh token issued before now, this device's included, answers 401 from the next request.";
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                message: import("@sinclair/typebox").TString;
            }>;
        };
    };
    readonly verifyEmail: {
        readonly method: "POST";
        readonly path: "/api/account/verify_email/";
        readonly auth: "visitor";
        readonly tag: "account";
        readonly summary: "Verify your email address (the token of the link mailed at sign-up)";
        readonly description: "400 for an unknown, altered or expired token.";
        readonly body: import("@sinclair/typebox").TObject<{
            token: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                message: import("@sinclair/typebox").TString;
            }>;
        };
        readonly limited: true;
    };
    readonly exportAccount: {
        readonly method: "GET";
        readonly path: "/api/account/export/";
        readonly auth: "user";
        readonly tag: "account";
        readonly summary: "Download everything the site holds about you";
        readonly description: "A JSON file (Content-Disposition: attachment) with account, wishes (private too), votes, subscriptions, followers, reports, notifications.";
        readonly responses: {
            readonly 200: {
                readonly contentType: "application/json";
                readonly schema: import("@sinclair/typebox").TObject<{
                    account: import("@sinclair/typebox").TObject<{}>;
                }>;
                readonly description: "The export, as an attachment.";
            };
        };
    };
    readonly obtainToken: {
        readonly method: "POST";
        readonly path: "/api/token/";
        readonly auth: "visitor";
        readonly tag: "auth";
        readonly summary: "Sign in: an access and a refresh token";
        readonly description: "401 `No active account found with the given credentials` for a wrong email or password; repeated failures are locked out (429 with Retry-After).";
        readonly body: import("@sinclair/typebox").TObject<{
            username: import("@sinclair/typebox").TString;
            password: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                access: import("@sinclair/typebox").TString;
                refresh: import("@sinclair/typebox").TString;
            }>;
        };
        readonly tokenView: true;
        readonly limited: true;
    };
    readonly refreshToken: {
        readonly method: "POST";
        readonly path: "/api/token/refresh/";
        readonly auth: "visitor";
        readonly tag: "auth";
        readonly summary: "A new access token (and a rotated refresh token)";
        readonly description: "The refresh token sent is spent; the answer carries the one that replaces it. 401 for an invalid, expired or spent one.";
        readonly body: import("@sinclair/typebox").TObject<{
            refresh: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                access: import("@sinclair/typebox").TString;
                refresh: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
            }>;
        };
        readonly tokenView: true;
    };
    readonly requestPasswordReset: {
        readonly method: "POST";
        readonly path: "/api/password/reset/";
        readonly auth: "visitor";
        readonly tag: "auth";
        readonly summary: "Mail a password-reset link";
        readonly description: "The same answer whether or not the account exists.";
        readonly body: import("@sinclair/typebox").TObject<{
            email: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                message: import("@sinclair/typebox").TString;
            }>;
        };
        readonly limited: true;
    };
    readonly confirmPasswordReset: {
        readonly method: "POST";
        readonly path: "/api/password/reset/confirm/";
        readonly auth: "visitor";
        readonly tag: "auth";
        readonly summary: "Set a new password with a reset link";
        readonly description: "Ends every session of the account. 400 for an invalid, expired or used link, or a weak password.";
        readonly body: import("@sinclair/typebox").TObject<{
            uid: import("@sinclair/typebox").TString;
            token: import("@sinclair/typebox").TString;
            new_password: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                message: import("@sinclair/typebox").TString;
            }>;
        };
        readonly limited: true;
    };
    readonly createChat: {
        readonly method: "POST";
        readonly path: "/api/base/chats/";
        readonly auth: "user";
        readonly tag: "generator";
        readonly summary: "Start the chat of a draft";
        readonly description: string;
        readonly body: import("@sinclair/typebox").TObject<{
            text: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
            style: import("@sinclair/typebox").TString;
            audience: import("@sinclair/typebox").TString;
            name: import("@sinclair/typebox").TString;
            topic: import("@sinclair/typebox").TString;
            details: import("@sinclair/typebox").TString;
            length: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"short">, import("@sinclair/typebox").TLiteral<"medium">, import("@sinclair/typebox").TLiteral<"long">]>>;
        }>;
        readonly responses: {
            readonly 201: import("@sinclair/typebox").TObject<{
                chat_id: import("@sinclair/typebox").TInteger;
                text: import("@sinclair/typebox").TString;
                rate_limit: import("@sinclair/typebox").TObject<{
                    limit: import("@sinclair/typebox").TInteger;
                    remaining: import("@sinclair/typebox").TInteger;
                }>;
            }>;
        };
        readonly errors: readonly [429, 502];
    };
    readonly getChat: {
        readonly method: "GET";
        readonly path: "/api/base/chats/{id}/";
        readonly auth: "user";
        readonly tag: "generator";
        readonly summary: "A chat: its settings, messages and versions (author only)";
        readonly description: "404 for anyone but its author, as for a chat that does not exist.";
        readonly params: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
        };
    };
    readonly postChatMessage: {
        readonly method: "POST";
        readonly path: "/api/base/chats/{id}/messages/";
        readonly auth: "user";
        readonly tag: "generator";
        readonly summary: "Ask the assistant to change the draft";
        readonly description: string;
        readonly params: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TString;
        }>;
        readonly body: import("@sinclair/typebox").TObject<{
            message: import("@sinclair/typebox").TString;
            text: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                reply: import("@sinclair/typebox").TString;
                text: import("@sinclair/typebox").TString;
                rate_limit: import("@sinclair/typebox").TObject<{
                    limit: import("@sinclair/typebox").TInteger;
                    remaining: import("@sinclair/typebox").TInteger;
                }>;
            }>;
        };
        readonly errors: readonly [409, 429, 502];
    };
    readonly getWishChat: {
        readonly method: "GET";
        readonly path: "/api/base/wish/{id}/chat/";
        readonly auth: "user";
        readonly tag: "generator";
        readonly summary: "The chat kept with a wish (the wish's author only)";
        readonly description: "404 for anyone but the author (public wishes included), and when the wish has no chat.";
        readonly params: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
        };
    };
    readonly saveWish: {
        readonly method: "POST";
        readonly path: "/api/base/save_wish/";
        readonly auth: "user";
        readonly tag: "wishes";
        readonly summary: "Save a wish";
        readonly description: "`chat_id` (optional): the caller's own chat to keep with the wish (404 when it is not theirs, 409 when it is already kept with another wish; nothing is saved then).";
        readonly body: import("@sinclair/typebox").TObject<{
            text: import("@sinclair/typebox").TString;
            is_public: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TBoolean>;
            chat_id: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TInteger>;
            card_theme: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        }>;
        readonly responses: {
            readonly 201: import("@sinclair/typebox").TObject<{
                wish_id: import("@sinclair/typebox").TInteger;
            }>;
        };
        readonly errors: readonly [409];
    };
    readonly getWish: {
        readonly method: "GET";
        readonly path: "/api/base/wish/{id}/";
        readonly auth: "optional";
        readonly tag: "wishes";
        readonly summary: "One wish";
        readonly description: "404 for a wish the caller may not see (someone else's private or hidden wish).";
        readonly params: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
        };
    };
    readonly updateWish: {
        readonly method: "PATCH";
        readonly path: "/api/base/wish/{id}/";
        readonly auth: "user";
        readonly tag: "wishes";
        readonly summary: "Edit your own wish (text and/or is_public)";
        readonly description: "Author only. A changed text sets edited_at; is_public false removes the wish from the feed, search and others' lists at once. 403 when the caller can see the wish but did not write it; 404 when they cannot see it.";
        readonly params: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TString;
        }>;
        readonly body: import("@sinclair/typebox").TObject<{
            text: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
            is_public: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TBoolean>;
            card_theme: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
        };
        readonly errors: readonly [403];
    };
    readonly deleteWish: {
        readonly method: "DELETE";
        readonly path: "/api/base/wish/{id}/";
        readonly auth: "user";
        readonly tag: "wishes";
        readonly summary: "Delete a wish (its author, a moderator or an admin)";
        readonly description: "Its votes and reports go with it; it is 404 everywhere afterwards and every count follows. A moderator deleting someone else's wish is written to the moderation log.";
        readonly params: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                message: import("@sinclair/typebox").TString;
            }>;
        };
        readonly errors: readonly [403];
    };
    readonly getFeed: {
        readonly method: "GET";
        readonly path: "/api/base/feed/";
        readonly auth: "optional";
        readonly tag: "wishes";
        readonly summary: "The public feed, first page";
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
        };
    };
    readonly getFeedPage: {
        readonly method: "GET";
        readonly path: "/api/base/feed/{page}/";
        readonly auth: "optional";
        readonly tag: "wishes";
        readonly summary: "The public feed, one page";
        readonly params: import("@sinclair/typebox").TObject<{
            page: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
        };
    };
    readonly getFollowingFeed: {
        readonly method: "GET";
        readonly path: "/api/base/feed/following/";
        readonly auth: "user";
        readonly tag: "wishes";
        readonly summary: "Public wishes of the people you follow, first page";
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
        };
    };
    readonly getFollowingFeedPage: {
        readonly method: "GET";
        readonly path: "/api/base/feed/following/{page}/";
        readonly auth: "user";
        readonly tag: "wishes";
        readonly summary: "Public wishes of the people you follow, one page";
        readonly params: import("@sinclair/typebox").TObject<{
            page: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
        };
    };
    readonly getUserWishes: {
        readonly method: "GET";
        readonly path: "/api/base/user/{id}/wishes/";
        readonly auth: "optional";
        readonly tag: "wishes";
        readonly summary: "A member's wishes, first page";
        readonly description: "Their private and hidden wishes only for themself.";
        readonly params: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
        };
    };
    readonly getUserWishesPage: {
        readonly method: "GET";
        readonly path: "/api/base/user/{id}/wishes/{page}/";
        readonly auth: "optional";
        readonly tag: "wishes";
        readonly summary: "A member's wishes, one page";
        readonly params: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TString;
            page: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
        };
    };
    readonly search: {
        readonly method: "POST";
        readonly path: "/api/base/search/";
        readonly auth: "optional";
        readonly tag: "wishes";
        readonly summary: "Search wishes, first page";
        readonly description: "Errors carry `success: false`. 503 with Retry-After when the search is past its time bound.";
        readonly body: import("@sinclair/typebox").TObject<{
            query: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnknown>;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
        };
        readonly limited: true;
    };
    readonly searchPage: {
        readonly method: "POST";
        readonly path: "/api/base/search/{page}/";
        readonly auth: "optional";
        readonly tag: "wishes";
        readonly summary: "Search wishes, one page";
        readonly params: import("@sinclair/typebox").TObject<{
            page: import("@sinclair/typebox").TString;
        }>;
        readonly body: import("@sinclair/typebox").TObject<{
            query: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnknown>;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
        };
        readonly limited: true;
    };
    readonly generateText: {
        readonly method: "POST";
        readonly path: "/api/base/generate_text/";
        readonly auth: "user";
        readonly tag: "generator";
        readonly summary: "Write a wish from the compose form";
        readonly description: "Writes a wish from the compose form. `length` is short, medium (default) or long; `variants` (1–3, default 1) asks for several different drafts, returned in `variants` with `text` the first. One call spends one unit of the hourly quota (429 when spent). 502/503 when the language model fails or is unavailable.";
        readonly body: import("@sinclair/typebox").TObject<{
            style: import("@sinclair/typebox").TString;
            audience: import("@sinclair/typebox").TString;
            name: import("@sinclair/typebox").TString;
            topic: import("@sinclair/typebox").TString;
            details: import("@sinclair/typebox").TString;
            length: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"short">, import("@sinclair/typebox").TLiteral<"medium">, import("@sinclair/typebox").TLiteral<"long">]>>;
            variants: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TInteger>;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                text: import("@sinclair/typebox").TString;
                variants: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TArray<import("@sinclair/typebox").TString>>;
                rate_limit: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TObject<{
                    limit: import("@sinclair/typebox").TInteger;
                    remaining: import("@sinclair/typebox").TInteger;
                }>>;
            }>;
        };
        readonly errors: readonly [502];
        readonly limited: true;
    };
    readonly streamGeneratedText: {
        readonly method: "POST";
        readonly path: "/api/base/generate_text/stream/";
        readonly auth: "user";
        readonly tag: "generator";
        readonly summary: "Write a wish, streamed as it is written";
        readonly description: "Same body as generate_text (variants ignored). Answers text/event-stream: `event: token` `data: {\"text\": piece}` as the draft is written, then `event: done` `data: {\"text\": whole, \"rate_limit\": {...}}`. A refusal before any byte is the HTTP status with `{error}`; a failure after the first piece is `event: error` `data: {\"error\", \"status\"}` and costs no quota. A client that stops reading after the first piece has spent its unit.";
        readonly body: import("@sinclair/typebox").TObject<{
            style: import("@sinclair/typebox").TString;
            audience: import("@sinclair/typebox").TString;
            name: import("@sinclair/typebox").TString;
            topic: import("@sinclair/typebox").TString;
            details: import("@sinclair/typebox").TString;
            length: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"short">, import("@sinclair/typebox").TLiteral<"medium">, import("@sinclair/typebox").TLiteral<"long">]>>;
            variants: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TInteger>;
        }>;
        readonly responses: {
            readonly 200: MediaResponse;
        };
        readonly errors: readonly [502];
        readonly limited: true;
    };
    readonly improveText: {
        readonly method: "POST";
        readonly path: "/api/base/improve_text/";
        readonly auth: "user";
        readonly tag: "generator";
        readonly summary: "Rewrite wish text (warmer, shorter, funnier, more formal)";
        readonly description: "Spends one unit of the hourly quota.";
        readonly body: import("@sinclair/typebox").TObject<{
            text: import("@sinclair/typebox").TString;
            instruction: import("@sinclair/typebox").TUnion<import("@sinclair/typebox").TLiteral<"warmer" | "shorter" | "funnier" | "more formal">[]>;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                text: import("@sinclair/typebox").TString;
                rate_limit: import("@sinclair/typebox").TObject<{
                    limit: import("@sinclair/typebox").TInteger;
                    remaining: import("@sinclair/typebox").TInteger;
                }>;
            }>;
        };
        readonly errors: readonly [502];
        readonly limited: true;
    };
    readonly voteOnWish: {
        readonly method: "POST";
        readonly path: "/api/wish/{id}/vote/";
        readonly auth: "user";
        readonly tag: "votes";
        readonly summary: "Upvote or downvote a wish";
        readonly params: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TString;
        }>;
        readonly body: import("@sinclair/typebox").TObject<{
            vote_type: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnknown>;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                message: import("@sinclair/typebox").TString;
                wish: import("@sinclair/typebox").TObject<{
                    id: import("@sinclair/typebox").TInteger;
                    vote_count: import("@sinclair/typebox").TInteger;
                    upvote_count: import("@sinclair/typebox").TInteger;
                    downvote_count: import("@sinclair/typebox").TInteger;
                    vote_type: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"upvote">, import("@sinclair/typebox").TLiteral<"downvote">]>, import("@sinclair/typebox").TNull]>;
                }>;
            }>;
        };
    };
    readonly removeVote: {
        readonly method: "DELETE";
        readonly path: "/api/wish/{id}/vote/";
        readonly auth: "user";
        readonly tag: "votes";
        readonly summary: "Take back your vote";
        readonly params: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                message: import("@sinclair/typebox").TString;
                wish: import("@sinclair/typebox").TObject<{
                    id: import("@sinclair/typebox").TInteger;
                    vote_count: import("@sinclair/typebox").TInteger;
                    upvote_count: import("@sinclair/typebox").TInteger;
                    downvote_count: import("@sinclair/typebox").TInteger;
                    vote_type: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"upvote">, import("@sinclair/typebox").TLiteral<"downvote">]>, import("@sinclair/typebox").TNull]>;
                }>;
            }>;
        };
    };
    readonly listVoters: {
        readonly method: "GET";
        readonly path: "/api/wish/{id}/voters/";
        readonly auth: "optional";
        readonly tag: "votes";
        readonly summary: "Who voted on a wish, with the counts";
        readonly params: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TString;
        }>;
        readonly query: import("@sinclair/typebox").TObject<{
            vote_type: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
            limit: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
            cursor: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
        };
    };
    readonly getProfile: {
        readonly method: "GET";
        readonly path: "/api/profile/{id}/";
        readonly auth: "optional";
        readonly tag: "profiles";
        readonly summary: "A member's profile";
        readonly params: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
        };
    };
    readonly getProfileSubscriptions: {
        readonly method: "GET";
        readonly path: "/api/profile/{id}/subscriptions/";
        readonly auth: "optional";
        readonly tag: "profiles";
        readonly summary: "Whom a member follows";
        readonly params: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                subscriptions: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
                    target_id: import("@sinclair/typebox").TInteger;
                    target_name: import("@sinclair/typebox").TString;
                    target_avatar_url: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
                    target_avatar_thumbnail: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
                    created_at: import("@sinclair/typebox").TString;
                }>>;
                count: import("@sinclair/typebox").TInteger;
            }>;
        };
    };
    readonly getMySubscriptions: {
        readonly method: "GET";
        readonly path: "/api/profile/my/subscriptions/";
        readonly auth: "user";
        readonly tag: "profiles";
        readonly summary: "Whom you follow";
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                subscriptions: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
                    target_id: import("@sinclair/typebox").TInteger;
                    target_name: import("@sinclair/typebox").TString;
                    target_avatar_url: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
                    target_avatar_thumbnail: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
                    created_at: import("@sinclair/typebox").TString;
                }>>;
                count: import("@sinclair/typebox").TInteger;
            }>;
        };
    };
    readonly subscribe: {
        readonly method: "POST";
        readonly path: "/api/profile/{id}/subscribe/";
        readonly auth: "user";
        readonly tag: "profiles";
        readonly summary: "Follow a member";
        readonly description: "400 for yourself.";
        readonly params: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
        };
    };
    readonly unsubscribe: {
        readonly method: "DELETE";
        readonly path: "/api/profile/{id}/subscribe/";
        readonly auth: "user";
        readonly tag: "profiles";
        readonly summary: "Stop following a member";
        readonly description: "400 for yourself.";
        readonly params: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
        };
    };
    readonly uploadAvatar: {
        readonly method: "POST";
        readonly path: "/api/profile/my/avatar/upload/";
        readonly auth: "user";
        readonly tag: "profiles";
        readonly summary: "Upload your avatar";
        readonly description: "One image in the `avatar` field; 413 when too large, 415 when not an image; 404 when the account was deleted meanwhile.";
        readonly body: import("@sinclair/typebox").TObject<{
            avatar: import("@sinclair/typebox").TString;
        }>;
        readonly multipart: true;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                success: import("@sinclair/typebox").TBoolean;
                message: import("@sinclair/typebox").TString;
                avatar_url: import("@sinclair/typebox").TString;
                avatar_thumbnail: import("@sinclair/typebox").TString;
            }>;
        };
        readonly errors: readonly [404];
    };
    readonly submitComplaint: {
        readonly method: "POST";
        readonly path: "/api/complaints/submit/";
        readonly auth: "optional";
        readonly tag: "complaints";
        readonly summary: "Report a wish";
        readonly description: "201 for a new report; a repeat by the same reporter is 200 and files nothing new. 400 for a category not in `report_topic_config`; 404 for a wish the caller cannot see.";
        readonly body: import("@sinclair/typebox").TObject<{
            category: import("@sinclair/typebox").TString;
            wish_id: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TString]>;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                message: import("@sinclair/typebox").TString;
            }>;
            readonly 201: import("@sinclair/typebox").TObject<{
                message: import("@sinclair/typebox").TString;
            }>;
        };
        readonly errors: readonly [404];
        readonly limited: true;
    };
    readonly listMyReports: {
        readonly method: "GET";
        readonly path: "/api/complaints/my/";
        readonly auth: "user";
        readonly tag: "complaints";
        readonly summary: "The caller's reports, newest first, with their outcome";
        readonly description: "status is open until a moderator acts; resolution is then hide, restore, dismiss or delete. A report of a wish its author deleted goes with the wish.";
        readonly query: import("@sinclair/typebox").TObject<{
            page: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
        };
    };
    readonly submitOffer: {
        readonly method: "POST";
        readonly path: "/api/offer/submit/";
        readonly auth: "user";
        readonly tag: "offers";
        readonly summary: "Send a business offer";
        readonly body: import("@sinclair/typebox").TObject<{
            email: import("@sinclair/typebox").TString;
            message: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 201: import("@sinclair/typebox").TObject<{
                message: import("@sinclair/typebox").TString;
            }>;
        };
    };
    readonly getReportQueue: {
        readonly method: "GET";
        readonly path: "/api/moderation/reports/";
        readonly auth: "moderator";
        readonly tag: "moderation";
        readonly summary: "Reported wishes, grouped by wish";
        readonly description: "Open items: most reports first, then the latest report. Resolved items: most recently resolved first; `resolution` is the latest action. Moderators see hidden and private reported wishes here.";
        readonly query: import("@sinclair/typebox").TObject<{
            status: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"open">, import("@sinclair/typebox").TLiteral<"resolved">]>>;
            page: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
        };
    };
    readonly moderateWish: {
        readonly method: "POST";
        readonly path: "/api/moderation/wish/{id}/";
        readonly auth: "moderator";
        readonly tag: "moderation";
        readonly summary: "hide / restore / dismiss / delete a wish, with a reason";
        readonly description: "Resolves the wish's open reports with the action and writes the audit log. `restore` clears a moderator's hide (a banned author's wishes stay hidden until the unban); `dismiss` leaves the wish as it is.";
        readonly params: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TString;
        }>;
        readonly body: import("@sinclair/typebox").TObject<{
            action: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"hide">, import("@sinclair/typebox").TLiteral<"restore">, import("@sinclair/typebox").TLiteral<"dismiss">, import("@sinclair/typebox").TLiteral<"delete">]>;
            reason: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
        };
    };
    readonly moderateUser: {
        readonly method: "POST";
        readonly path: "/api/moderation/user/{id}/";
        readonly auth: "moderator";
        readonly tag: "moderation";
        readonly summary: "ban / unban a user, with a reason";
        readonly description: "A ban stops sign-in and refresh, makes every token already issued to the user answer 401, and hides all their wishes from everyone but moderators. Only an admin may ban a moderator or an admin; nobody bans themself.";
        readonly params: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TString;
        }>;
        readonly body: import("@sinclair/typebox").TObject<{
            action: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"ban">, import("@sinclair/typebox").TLiteral<"unban">]>;
            reason: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                message: import("@sinclair/typebox").TString;
            }>;
        };
    };
    readonly getModerationLog: {
        readonly method: "GET";
        readonly path: "/api/moderation/log/";
        readonly auth: "moderator";
        readonly tag: "moderation";
        readonly summary: "The moderation audit log, newest first";
        readonly query: import("@sinclair/typebox").TObject<{
            page: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
        };
    };
    readonly getOfferInbox: {
        readonly method: "GET";
        readonly path: "/api/moderation/offers/";
        readonly auth: "admin";
        readonly tag: "moderation";
        readonly summary: "Business offers, newest first (admins only)";
        readonly query: import("@sinclair/typebox").TObject<{
            page: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
        };
    };
    readonly listNotifications: {
        readonly method: "GET";
        readonly path: "/api/notifications/";
        readonly auth: "user";
        readonly tag: "notifications";
        readonly summary: "Your notifications, newest first, with the unread count";
        readonly query: import("@sinclair/typebox").TObject<{
            page: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                notifications: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
                    id: import("@sinclair/typebox").TInteger;
                    kind: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"vote">, import("@sinclair/typebox").TLiteral<"follow">, import("@sinclair/typebox").TLiteral<"report_resolved">, import("@sinclair/typebox").TLiteral<"wish_hidden">, import("@sinclair/typebox").TLiteral<"delivery_opened">]>;
                    actors: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
                        id: import("@sinclair/typebox").TInteger;
                        name: import("@sinclair/typebox").TString;
                    }>>;
                    actor_count: import("@sinclair/typebox").TInteger;
                    wish_id: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
                    text: import("@sinclair/typebox").TString;
                    created_at: import("@sinclair/typebox").TString;
                    read: import("@sinclair/typebox").TBoolean;
                }>>;
                unread_count: import("@sinclair/typebox").TInteger;
                page_number: import("@sinclair/typebox").TInteger;
                next_page_number: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
            }>;
        };
        readonly errors: readonly [404];
    };
    readonly markNotificationsRead: {
        readonly method: "POST";
        readonly path: "/api/notifications/read/";
        readonly auth: "user";
        readonly tag: "notifications";
        readonly summary: "Mark notifications read (the given ids, or all)";
        readonly body: import("@sinclair/typebox").TObject<{
            ids: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TArray<import("@sinclair/typebox").TInteger>>;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                unread_count: import("@sinclair/typebox").TInteger;
            }>;
        };
    };
    readonly streamUnreadCount: {
        readonly method: "GET";
        readonly path: "/api/notifications/stream/";
        readonly auth: "user";
        readonly tag: "notifications";
        readonly summary: "The live unread count (Server-Sent Events)";
        readonly description: "text/event-stream: `event: unread` with `data: {\"unread_count\": n}` at once and on every change (from any server process), and a `: keep-alive` comment every STREAM_HEARTBEAT. Send the access token in the Authorization header; `?access_token=` is still taken from old EventSource clients (never logged). The stream ends when the token expires, when the member's sessions end (sign-out everywhere, password change or reset, ban, account deletion; on every process within 5 s), or after STREAM_IDLE_TIMEOUT without an event: reconnect. At most STREAMS_PER_MEMBER (10) open streams per member and STREAMS_PER_ADDRESS per client address: one more is 429.";
        readonly query: import("@sinclair/typebox").TObject<{
            access_token: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        }>;
        readonly responses: {
            readonly 200: MediaResponse;
        };
        readonly errors: readonly [429];
    };
    readonly getWishCard: {
        readonly method: "GET";
        readonly path: "/api/base/wish/{id}/card.png";
        readonly auth: "optional";
        readonly tag: "previews";
        readonly summary: "A wish's card";
        readonly description: "A PNG of a wish (text and author) in a theme (`GET /api/base/card-themes/`; default the wish's `card_theme`) and a format: `og` 1200×630 (default), `square` 1080×1080, `story` 1080×1920. Visible wishes for everyone; the author also gets their private ones. 400 for an unknown theme; 404 for a wish the caller cannot see. 304 to a matching If-None-Match.";
        readonly params: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TString;
        }>;
        readonly query: import("@sinclair/typebox").TObject<{
            theme: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
            format: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"og">, import("@sinclair/typebox").TLiteral<"square">, import("@sinclair/typebox").TLiteral<"story">]>>;
        }>;
        readonly responses: {
            readonly 200: MediaResponse;
            readonly 304: null;
        };
    };
    readonly listCardThemes: {
        readonly method: "GET";
        readonly path: "/api/base/card-themes/";
        readonly auth: "visitor";
        readonly tag: "previews";
        readonly summary: "The card themes";
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
                name: import("@sinclair/typebox").TString;
                title: import("@sinclair/typebox").TString;
            }>>;
        };
    };
    readonly getSiteCard: {
        readonly method: "GET";
        readonly path: "/api/base/card.png";
        readonly auth: "visitor";
        readonly tag: "previews";
        readonly summary: "The site's link-preview card";
        readonly description: "The site's 1200×630 PNG card (generic link previews). 304 to a matching If-None-Match.";
        readonly responses: {
            readonly 200: MediaResponse;
            readonly 304: null;
        };
    };
    readonly sendWish: {
        readonly method: "POST";
        readonly path: "/api/base/wish/{id}/send/";
        readonly auth: "user";
        readonly tag: "deliveries";
        readonly summary: "Send your wish to someone by email, now or at a time";
        readonly description: "`send_at` up to 366 days ahead (omitted: now); `note` ≤ 300 characters. 400 for a bad email or a past or too-far time; 403 for an unverified sender or a wish hidden by moderators; 404 for a wish that is not yours; 409 for an address that takes no wishes; 429 over the daily limit.";
        readonly params: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TString;
        }>;
        readonly body: import("@sinclair/typebox").TObject<{
            recipient_email: import("@sinclair/typebox").TString;
            recipient_name: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
            send_at: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
            note: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        }>;
        readonly responses: {
            readonly 201: import("@sinclair/typebox").TObject<{
                delivery_id: import("@sinclair/typebox").TInteger;
                status: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"scheduled">, import("@sinclair/typebox").TLiteral<"sent">, import("@sinclair/typebox").TLiteral<"outbox">]>;
                send_at: import("@sinclair/typebox").TString;
            }>;
        };
        readonly errors: readonly [403, 409, 429];
    };
    readonly listDeliveries: {
        readonly method: "GET";
        readonly path: "/api/base/deliveries/";
        readonly auth: "user";
        readonly tag: "deliveries";
        readonly summary: "Your deliveries, newest first";
        readonly query: import("@sinclair/typebox").TObject<{
            page: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                deliveries: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
                    delivery_id: import("@sinclair/typebox").TInteger;
                    wish_id: import("@sinclair/typebox").TInteger;
                    recipient_email: import("@sinclair/typebox").TString;
                    recipient_name: import("@sinclair/typebox").TString;
                    send_at: import("@sinclair/typebox").TString;
                    status: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"scheduled">, import("@sinclair/typebox").TLiteral<"sent">, import("@sinclair/typebox").TLiteral<"outbox">, import("@sinclair/typebox").TLiteral<"opened">, import("@sinclair/typebox").TLiteral<"bounced">, import("@sinclair/typebox").TLiteral<"failed">, import("@sinclair/typebox").TLiteral<"cancelled">]>;
                    sent_at: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
                    opened_at: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
                    error: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
                    failure_reason: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
                }>>;
                page_number: import("@sinclair/typebox").TInteger;
                next_page_number: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
            }>;
        };
        readonly errors: readonly [404];
    };
    readonly cancelDelivery: {
        readonly method: "DELETE";
        readonly path: "/api/base/deliveries/{id}/";
        readonly auth: "user";
        readonly tag: "deliveries";
        readonly summary: "Cancel a scheduled delivery";
        readonly description: "409 once it was sent (or failed, or was cancelled), or while a process is handing it to the mail server; 404 for another member's.";
        readonly params: import("@sinclair/typebox").TObject<{
            id: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                message: import("@sinclair/typebox").TString;
            }>;
        };
        readonly errors: readonly [409];
    };
    readonly getReceivedWish: {
        readonly method: "GET";
        readonly path: "/api/base/deliveries/received/{token}/";
        readonly auth: "visitor";
        readonly tag: "deliveries";
        readonly summary: "The wish behind a recipient's link";
        readonly description: "For whoever holds the link, private wishes included; 404 for an unknown, cancelled or ended link, or a wish hidden by moderators. Never counts as an open.";
        readonly params: import("@sinclair/typebox").TObject<{
            token: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                wish_id: import("@sinclair/typebox").TInteger;
                text: import("@sinclair/typebox").TString;
                author: import("@sinclair/typebox").TString;
                author_id: import("@sinclair/typebox").TInteger;
                author_first_name: import("@sinclair/typebox").TString;
                recipient_name: import("@sinclair/typebox").TString;
                note: import("@sinclair/typebox").TString;
                card_theme: import("@sinclair/typebox").TString;
                card_url: import("@sinclair/typebox").TString;
                sent_at: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
            }>;
        };
    };
    readonly openReceivedWish: {
        readonly method: "POST";
        readonly path: "/api/base/deliveries/received/{token}/opened/";
        readonly auth: "visitor";
        readonly tag: "deliveries";
        readonly summary: "The recipient's page was shown (its beacon)";
        readonly description: "The first call sets the delivery `opened` and notifies the sender (`delivery_opened`); later calls change nothing.";
        readonly params: import("@sinclair/typebox").TObject<{
            token: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                opened: import("@sinclair/typebox").TBoolean;
            }>;
        };
    };
    readonly unsubscribeRecipient: {
        readonly method: "POST";
        readonly path: "/api/base/deliveries/received/{token}/unsubscribe/";
        readonly auth: "visitor";
        readonly tag: "deliveries";
        readonly summary: "One-click unsubscribe (RFC 8058): this address takes no more wishes";
        readonly description: "The mail's List-Unsubscribe target; accepts the `List-Unsubscribe=One-Click` form body (multipart/form-data or urlencoded) or none.";
        readonly params: import("@sinclair/typebox").TObject<{
            token: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                message: import("@sinclair/typebox").TString;
            }>;
        };
    };
    readonly notMeRecipient: {
        readonly method: "POST";
        readonly path: "/api/base/deliveries/received/{token}/not_me/";
        readonly auth: "visitor";
        readonly tag: "deliveries";
        readonly summary: "\"Not me\": the wish reached the wrong person; this address takes no more wishes";
        readonly params: import("@sinclair/typebox").TObject<{
            token: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                message: import("@sinclair/typebox").TString;
            }>;
        };
    };
    readonly getReceivedCard: {
        readonly method: "GET";
        readonly path: "/api/base/deliveries/received/{token}/card.png";
        readonly auth: "visitor";
        readonly tag: "deliveries";
        readonly summary: "The card of the wish behind a recipient's link";
        readonly params: import("@sinclair/typebox").TObject<{
            token: import("@sinclair/typebox").TString;
        }>;
        readonly query: import("@sinclair/typebox").TObject<{
            theme: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
            format: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"og">, import("@sinclair/typebox").TLiteral<"square">, import("@sinclair/typebox").TLiteral<"story">]>>;
        }>;
        readonly responses: {
            readonly 200: MediaResponse;
            readonly 304: null;
        };
    };
    readonly listRemotes: {
        readonly method: "GET";
        readonly path: "/api/admin/remotes/";
        readonly auth: "admin";
        readonly tag: "admin";
        readonly summary: "Every remote and its releases";
        readonly description: "Every remote, its active release, its releases and its latest switches. A team token (Authorization: Bearer wtt_...) sees its own remote only.";
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
                        actor: import("@sinclair/typebox").TString;
                        created_at: import("@sinclair/typebox").TString;
                        percent: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
                        reason: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
                    }>>;
                }>>;
            }>;
        };
    };
    readonly activateRelease: {
        readonly method: "POST";
        readonly path: "/api/admin/remotes/{remote}/activate/";
        readonly auth: "admin";
        readonly tag: "admin";
        readonly summary: "Make a release of a remote active";
        readonly description: "Makes a release active (from the next request on): for everyone (percent 100, the default; a team token needs the promote scope) or as a canary for the browsers whose bucket is below percent (the activate scope). A release the server rolled back automatically in the last 24 hours needs `force: true` (else 409 naming that rollback). 409 with a one-line reason when the gate refuses it (a shared singleton the shell does not provide, a missing file, a module another remote consumes, a colliding route); nothing changes then.";
        readonly params: import("@sinclair/typebox").TObject<{
            remote: import("@sinclair/typebox").TString;
        }>;
        readonly body: import("@sinclair/typebox").TObject<{
            release: import("@sinclair/typebox").TString;
            percent: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TInteger>;
            force: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TBoolean>;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                message: import("@sinclair/typebox").TString;
                switch: import("@sinclair/typebox").TObject<{
                    id: import("@sinclair/typebox").TInteger;
                    remote: import("@sinclair/typebox").TString;
                    action: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"activate">, import("@sinclair/typebox").TLiteral<"rollback">, import("@sinclair/typebox").TLiteral<"canary">, import("@sinclair/typebox").TLiteral<"promote">, import("@sinclair/typebox").TLiteral<"auto-rollback">]>;
                    release_id: import("@sinclair/typebox").TString;
                    previous_release_id: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
                    actor: import("@sinclair/typebox").TString;
                    created_at: import("@sinclair/typebox").TString;
                    percent: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
                    reason: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
                }>;
            }>;
        };
        readonly errors: readonly [404, 409];
    };
    readonly rollbackRelease: {
        readonly method: "POST";
        readonly path: "/api/admin/remotes/{remote}/rollback/";
        readonly auth: "admin";
        readonly tag: "admin";
        readonly summary: "Return a remote to its previous release";
        readonly description: "Admins, or the remote's team token with the activate scope.";
        readonly params: import("@sinclair/typebox").TObject<{
            remote: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                message: import("@sinclair/typebox").TString;
                switch: import("@sinclair/typebox").TObject<{
                    id: import("@sinclair/typebox").TInteger;
                    remote: import("@sinclair/typebox").TString;
                    action: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"activate">, import("@sinclair/typebox").TLiteral<"rollback">, import("@sinclair/typebox").TLiteral<"canary">, import("@sinclair/typebox").TLiteral<"promote">, import("@sinclair/typebox").TLiteral<"auto-rollback">]>;
                    release_id: import("@sinclair/typebox").TString;
                    previous_release_id: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
                    actor: import("@sinclair/typebox").TString;
                    created_at: import("@sinclair/typebox").TString;
                    percent: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
                    reason: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
                }>;
            }>;
        };
        readonly errors: readonly [404, 409];
    };
    readonly promoteRelease: {
        readonly method: "POST";
        readonly path: "/api/admin/remotes/{remote}/promote/";
        readonly auth: "admin";
        readonly tag: "admin";
        readonly summary: "Make a remote's canary the release for everyone";
        readonly description: "Admins, or the remote's team token with the promote scope. 409 when no canary runs or the gate refuses it now.";
        readonly params: import("@sinclair/typebox").TObject<{
            remote: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                message: import("@sinclair/typebox").TString;
                switch: import("@sinclair/typebox").TObject<{
                    id: import("@sinclair/typebox").TInteger;
                    remote: import("@sinclair/typebox").TString;
                    action: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"activate">, import("@sinclair/typebox").TLiteral<"rollback">, import("@sinclair/typebox").TLiteral<"canary">, import("@sinclair/typebox").TLiteral<"promote">, import("@sinclair/typebox").TLiteral<"auto-rollback">]>;
                    release_id: import("@sinclair/typebox").TString;
                    previous_release_id: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
                    actor: import("@sinclair/typebox").TString;
                    created_at: import("@sinclair/typebox").TString;
                    percent: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TNull]>;
                    reason: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
                }>;
            }>;
        };
        readonly errors: readonly [404, 409];
    };
    readonly previewRelease: {
        readonly method: "POST";
        readonly path: "/api/admin/remotes/{remote}/preview/";
        readonly auth: "admin";
        readonly tag: "admin";
        readonly summary: "A preview link pinning a release for one browser";
        readonly description: "A link valid one hour: it opens on a confirmation page naming the remote and the release; once its person confirms, that browser gets this release of the remote before any user does, with a banner while it is pinned. The release must pass the gate (409 otherwise). Admins, or the remote's team token with the activate scope (403 otherwise).";
        readonly params: import("@sinclair/typebox").TObject<{
            remote: import("@sinclair/typebox").TString;
        }>;
        readonly body: import("@sinclair/typebox").TObject<{
            release: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                url: import("@sinclair/typebox").TString;
                expires_at: import("@sinclair/typebox").TString;
            }>;
        };
        readonly errors: readonly [404, 409];
    };
    readonly confirmPreview: {
        readonly method: "POST";
        readonly path: "/api/preview/";
        readonly auth: "visitor";
        readonly tag: "admin";
        readonly summary: "Pin a preview link's release in this browser, once its person confirmed";
        readonly description: "Sent by the confirmation page a preview link opens on. Sets the httpOnly cookie `wishes_preview` until the link expires: this browser then gets that release of the remote on every page. 400 for a forged or expired link; 403 when the request comes from another site's page (a preview is pinned only by a person on this site's own confirmation page). Rate-limited per IP.";
        readonly body: import("@sinclair/typebox").TObject<{
            token: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                remote: import("@sinclair/typebox").TString;
                release: import("@sinclair/typebox").TString;
                expires_at: import("@sinclair/typebox").TString;
            }>;
        };
        readonly errors: readonly [403];
        readonly limited: true;
    };
    readonly endPreview: {
        readonly method: "DELETE";
        readonly path: "/api/preview/";
        readonly auth: "visitor";
        readonly tag: "admin";
        readonly summary: "End this browser's preview";
        readonly description: "The banner's button: the cookie `wishes_preview` is removed and the browser is back on the live releases. 204 whether or not a preview was pinned.";
        readonly responses: {
            readonly 204: null;
        };
    };
    readonly listRemoteErrors: {
        readonly method: "GET";
        readonly path: "/api/admin/remotes/{remote}/errors/";
        readonly auth: "admin";
        readonly tag: "admin";
        readonly summary: "Recent client errors of a remote's releases";
        readonly description: "What the shell reported (at most one per remote per page load), newest first, stacks mapped through the release's private source maps. Admins, or the remote's team token (any scope).";
        readonly params: import("@sinclair/typebox").TObject<{
            remote: import("@sinclair/typebox").TString;
        }>;
        readonly query: import("@sinclair/typebox").TObject<{
            release: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                errors: import("@sinclair/typebox").TArray<import("@sinclair/typebox").TObject<{
                    release: import("@sinclair/typebox").TString;
                    kind: import("@sinclair/typebox").TString;
                    message: import("@sinclair/typebox").TString;
                    stack: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TString, import("@sinclair/typebox").TNull]>;
                    created_at: import("@sinclair/typebox").TString;
                }>>;
            }>;
        };
    };
    readonly reportClientError: {
        readonly method: "POST";
        readonly path: "/api/client-errors/";
        readonly auth: "visitor";
        readonly tag: "admin";
        readonly summary: "The shell reports a remote that failed in the page";
        readonly description: "No sign-in needed. `load_id` is the page load's signed id from /mf/remotes.json; a missing, forged or expired one is a 400, as is a canary release this load was not served. The team reads the first report per remote per load; for a running canary, an error counts at most once per client address per CANARY_WINDOW_S (and that address as a loading one). Rate-limited per IP.";
        readonly body: import("@sinclair/typebox").TObject<{
            load_id: import("@sinclair/typebox").TString;
            remote: import("@sinclair/typebox").TString;
            release: import("@sinclair/typebox").TString;
            kind: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"load">, import("@sinclair/typebox").TLiteral<"render">, import("@sinclair/typebox").TLiteral<"runtime">]>;
            message: import("@sinclair/typebox").TString;
            stack: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
        }>;
        readonly responses: {
            readonly 204: null;
        };
        readonly limited: true;
    };
    readonly reportClientLoad: {
        readonly method: "POST";
        readonly path: "/api/client-loads/";
        readonly auth: "visitor";
        readonly tag: "admin";
        readonly summary: "The shell reports that a canary remote's module mounted";
        readonly description: "No sign-in needed. Sent once the module of a remote the manifest marks `canary` mounted in the page: the only thing that counts a canary load (serving a page or /mf/remotes.json counts nothing). `load_id` is the page load's signed id; a missing, forged or expired one is a 400, as is a canary release this load was not served. A load counts at most once per client address per canary per CANARY_WINDOW_S; a release that is not a running canary answers 204 and counts nothing. Rate-limited per IP.";
        readonly body: import("@sinclair/typebox").TObject<{
            load_id: import("@sinclair/typebox").TString;
            remote: import("@sinclair/typebox").TString;
            release: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 204: null;
        };
        readonly limited: true;
    };
    readonly publishRelease: {
        readonly method: "POST";
        readonly path: "/api/admin/remotes/{remote}/releases/";
        readonly auth: "admin";
        readonly tag: "admin";
        readonly summary: "Publish a remote's built folder";
        readonly description: "The body is a gzip'd tar of the built folder (remoteEntry.js and mf-manifest.json at its root; optional release.json with the version and declaration; source maps under .maps/, never served). Admins, or the remote's team token with the publish scope. 201 with the computed id; 200 when the same build was published before. 400 for an unsafe or incomplete archive, 413 over RELEASE_MAX_BYTES, 409 when the gate refuses it; nothing is stored then.";
        readonly params: import("@sinclair/typebox").TObject<{
            remote: import("@sinclair/typebox").TString;
        }>;
        readonly rawBody: {
            readonly contentType: "application/gzip";
            readonly description: "A gzip'd tar of the remote's built folder.";
        };
        readonly responses: {
            readonly 201: import("@sinclair/typebox").TObject<{
                release: import("@sinclair/typebox").TString;
                files: import("@sinclair/typebox").TInteger;
                bytes: import("@sinclair/typebox").TInteger;
            }>;
            readonly 200: import("@sinclair/typebox").TObject<{
                release: import("@sinclair/typebox").TString;
                files: import("@sinclair/typebox").TInteger;
                bytes: import("@sinclair/typebox").TInteger;
            }>;
        };
        readonly errors: readonly [404, 409];
    };
    readonly createRemoteToken: {
        readonly method: "POST";
        readonly path: "/api/admin/remotes/{remote}/tokens/";
        readonly auth: "admin";
        readonly tag: "admin";
        readonly summary: "Create a team token for a remote";
        readonly description: "Shown once; stored hashed. Creating the first token of a remote that does not exist yet admits it. Scopes: publish, activate, promote (all by default); 90 days by default.";
        readonly params: import("@sinclair/typebox").TObject<{
            remote: import("@sinclair/typebox").TString;
        }>;
        readonly body: import("@sinclair/typebox").TObject<{
            name: import("@sinclair/typebox").TString;
            scopes: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TArray<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"publish">, import("@sinclair/typebox").TLiteral<"activate">, import("@sinclair/typebox").TLiteral<"promote">]>>>;
            expires_days: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TInteger>;
        }>;
        readonly responses: {
            readonly 201: import("@sinclair/typebox").TObject<{
                token_id: import("@sinclair/typebox").TString;
                token: import("@sinclair/typebox").TString;
            }>;
        };
    };
    readonly listRemoteTokens: {
        readonly method: "GET";
        readonly path: "/api/admin/remotes/{remote}/tokens/";
        readonly auth: "admin";
        readonly tag: "admin";
        readonly summary: "A remote's team tokens";
        readonly description: "Without the tokens themselves: name, scopes, creation, expiry, last use and revocation.";
        readonly params: import("@sinclair/typebox").TObject<{
            remote: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
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
        };
    };
    readonly revokeRemoteToken: {
        readonly method: "DELETE";
        readonly path: "/api/admin/remotes/{remote}/tokens/{token_id}/";
        readonly auth: "admin";
        readonly tag: "admin";
        readonly summary: "Revoke a team token";
        readonly params: import("@sinclair/typebox").TObject<{
            remote: import("@sinclair/typebox").TString;
            token_id: import("@sinclair/typebox").TString;
        }>;
        readonly responses: {
            readonly 200: import("@sinclair/typebox").TObject<{
                message: import("@sinclair/typebox").TString;
            }>;
        };
    };
};
export type OperationId = keyof typeof OPERATIONS;
export declare const OPERATION_IDS: OperationId[];
/**
 * Every error status an operation can answer: its own (`errors`) and those of its kind — 400 for a
 * body, query or malformed JSON; 401 for a missing (signed-in calls) or invalid token; 403 below
 * the role; 404 for an unknown id in the path; 413/415 for a body too large or not JSON; 429 when
 * rate-limited; 503 while the database is unreachable.
 */
export declare function errorStatusesOf(op: Operation): number[];
/** `/api/base/wish/{id}/` with `{ id: 7 }` → `/api/base/wish/7/` (values are URL-encoded). */
export declare function pathOf(id: OperationId, params?: Record<string, string | number>): string;
/** The path in Fastify's `:name` form. */
export declare const routePathOf: (path: string) => string;
