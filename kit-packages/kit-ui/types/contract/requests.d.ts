/** `{page}` in a path: any string; anything but a positive whole number is a 404. */
export declare const PageParamsSchema: import("@sinclair/typebox").TObject<{
    page: import("@sinclair/typebox").TString;
}>;
export declare const UserPageParamsSchema: import("@sinclair/typebox").TObject<{
    id: import("@sinclair/typebox").TString;
    page: import("@sinclair/typebox").TString;
}>;
/** `?page=N`: absent is 1; anything but a positive whole number is a 400. */
export declare const PageQuerySchema: import("@sinclair/typebox").TObject<{
    page: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
}>;
export declare const QueueQuerySchema: import("@sinclair/typebox").TObject<{
    status: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"open">, import("@sinclair/typebox").TLiteral<"resolved">]>>;
    page: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
}>;
/** Any value: a non-string or blank query is a 400 in the search page's own shape (`success: false`). */
export declare const SearchBodySchema: import("@sinclair/typebox").TObject<{
    query: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnknown>;
}>;
/** Any value: anything but `upvote`/`downvote` is a 400 naming the field (absent is an upvote). */
export declare const VoteBodySchema: import("@sinclair/typebox").TObject<{
    vote_type: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TUnknown>;
}>;
/** `?vote_type=` filters the voters; empty means all. */
/** Voters: the vote_type filter and the page (query strings are not coerced: the handler reads the digits). */
export declare const VotersFilterQuerySchema: import("@sinclair/typebox").TObject<{
    vote_type: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    limit: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
    cursor: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
}>;
/** The wish id as a number or a string of digits (forms send strings); any other type is a 400. */
export declare const ComplaintBodySchema: import("@sinclair/typebox").TObject<{
    category: import("@sinclair/typebox").TString;
    wish_id: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TInteger, import("@sinclair/typebox").TString]>;
}>;
export declare const WishActionBodySchema: import("@sinclair/typebox").TObject<{
    action: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"hide">, import("@sinclair/typebox").TLiteral<"restore">, import("@sinclair/typebox").TLiteral<"dismiss">, import("@sinclair/typebox").TLiteral<"delete">]>;
    reason: import("@sinclair/typebox").TString;
}>;
export declare const UserActionBodySchema: import("@sinclair/typebox").TObject<{
    action: import("@sinclair/typebox").TUnion<[import("@sinclair/typebox").TLiteral<"ban">, import("@sinclair/typebox").TLiteral<"unban">]>;
    reason: import("@sinclair/typebox").TString;
}>;
/** Old EventSource clients cannot send headers, so the stream still takes the access token in the query (never logged). */
export declare const StreamQuerySchema: import("@sinclair/typebox").TObject<{
    access_token: import("@sinclair/typebox").TOptional<import("@sinclair/typebox").TString>;
}>;
/** The avatar upload's multipart body (documentation only: the handler reads the parts as they stream). */
export declare const AvatarUploadBodySchema: import("@sinclair/typebox").TObject<{
    avatar: import("@sinclair/typebox").TString;
}>;
/** The account export: one JSON document (its shape is AccountExportSchema, social.ts). */
export declare const AccountExportSchema: import("@sinclair/typebox").TObject<{
    account: import("@sinclair/typebox").TObject<{}>;
}>;
