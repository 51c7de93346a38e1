/**
 * Replies under public wishes (docs/replies.md): the list under a wish, a member's reply, its
 * removal, and the moderators' action on a reported reply. The recipient's private replies to a
 * delivery are in ./deliveries.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { WISH_REPLY } from './constants';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ReplyAuthorSchema = Type.Object({
  user_id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  avatar_thumbnail: Nullable(Type.String()),
});

export const WishReplySchema = Type.Object({
  reply_id: Type.Integer(),
  text: Type.String(),
  created_at: Type.String({ description: 'ISO 8601, UTC' }),
  user: ReplyAuthorSchema,
  hidden: Type.Optional(Type.Boolean({ description: 'Only on a hidden reply (by moderators, or its author is banned), shown to its author and moderators only.' })),
});
export type WishReply = Static<typeof WishReplySchema>;

export const WishRepliesPageSchema = Type.Object({
  replies: Type.Array(WishReplySchema),
  page_number: Type.Integer(),
  next_page_number: Nullable(Type.Integer()),
});
export type WishRepliesPage = Static<typeof WishRepliesPageSchema>;

export const WishReplyRequestSchema = Type.Object({
  text: Type.String({ maxLength: WISH_REPLY.textMax, description: '1–500 characters' }),
});
export const WishReplyResponseSchema = Type.Object({ reply: WishReplySchema });

export const WishReplyParamSchema = Type.Object({ id: Type.String(), reply_id: Type.String({ maxLength: 32 }) });

/** A reported reply as the moderation queue shows it (`kind: "reply"` items). */
export const ReportedReplySchema = Type.Object({
  reply_id: Type.Integer(),
  wish_id: Type.Integer(),
  text: Type.String(),
  created_at: Type.String(),
  user: ReplyAuthorSchema,
  hidden: Type.Boolean(),
});
export type ReportedReply = Static<typeof ReportedReplySchema>;
