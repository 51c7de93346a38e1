/**
 * Request schemas the server validates with that are looser than the client's types on purpose
 * (path parameters are strings so a bad id is a 404, not a 400; a few bodies take any value so the
 * handler can answer in the route's own error shape). Every one is referenced by the operation table.
 */
import { Type } from '@sinclair/typebox';
import { ModerationUserActionSchema, ModerationWishActionSchema, ReportStatusSchema } from './schemas';

/** `{page}` in a path: any string; anything but a positive whole number is a 404. */
export const PageParamsSchema = Type.Object({ page: Type.String() });
export const UserPageParamsSchema = Type.Object({ id: Type.String(), page: Type.String() });

/** `?page=N`: absent is 1; anything but a positive whole number is a 400. */
export const PageQuerySchema = Type.Object({ page: Type.Optional(Type.String({ maxLength: 12 })) });
export const QueueQuerySchema = Type.Object({ status: Type.Optional(ReportStatusSchema), page: Type.Optional(Type.String({ maxLength: 12 })) });

/** Any value: a non-string or blank query is a 400 in the search page's own shape (`success: false`). */
export const SearchBodySchema = Type.Object({ query: Type.Optional(Type.Unknown({ description: 'The words to search for (1–200 characters).' })) });

/** Any value: anything but `upvote`/`downvote` is a 400 naming the field (absent is an upvote). */
export const VoteBodySchema = Type.Object({ vote_type: Type.Optional(Type.Unknown({ description: '`upvote` (default) or `downvote`.' })) });
/** `?vote_type=` filters the voters; empty means all. */
/** Voters: the vote_type filter and the page (query strings are not coerced: the handler reads the digits). */
export const VotersFilterQuerySchema = Type.Object({
  vote_type: Type.Optional(Type.String({ maxLength: 16 })),
  limit: Type.Optional(Type.String({ maxLength: 12 })),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});

/** The wish id as a number or a string of digits (forms send strings); any other type is a 400. */
export const ComplaintBodySchema = Type.Object({
  category: Type.String({ maxLength: 200 }),
  wish_id: Type.Optional(Type.Union([Type.Integer(), Type.String({ pattern: '^[0-9]{1,20}$' })])),
  /** Reporting a reply under a public wish instead of a wish. */
  reply_id: Type.Optional(Type.Union([Type.Integer(), Type.String({ pattern: '^[0-9]{1,20}$' })])),
});

const MODERATION_REASON_MAX = 500;
export const WishActionBodySchema = Type.Object({ action: ModerationWishActionSchema, reason: Type.String({ maxLength: MODERATION_REASON_MAX }) });
export const ReplyActionBodySchema = Type.Object({ action: ModerationWishActionSchema, reason: Type.String({ maxLength: MODERATION_REASON_MAX }) });
export const UserActionBodySchema = Type.Object({ action: ModerationUserActionSchema, reason: Type.String({ maxLength: MODERATION_REASON_MAX }) });

/** Old EventSource clients cannot send headers, so the stream still takes the access token in the query (never logged). */
export const StreamQuerySchema = Type.Object({ access_token: Type.Optional(Type.String({ maxLength: 4096 })) });

/** The avatar upload's multipart body (documentation only: the handler reads the parts as they stream). */
export const AvatarUploadBodySchema = Type.Object({ avatar: Type.String({ format: 'binary', description: 'A JPEG, PNG, GIF or WebP image.' }) });

/** The account export: one JSON document (its shape is AccountExportSchema, social.ts). */
export const AccountExportSchema = Type.Object({ account: Type.Object({}, { additionalProperties: true }) }, { additionalProperties: true });
