/**
 * The social layer's wire contract (docs/features.md → the social layer):
 * notifications and account settings. Kept apart from schemas.ts so each v2 area owns its file.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const NotificationKindSchema = Type.Union([
  Type.Literal('vote'),
  Type.Literal('follow'),
  Type.Literal('report_resolved'),
  Type.Literal('wish_hidden'),
  Type.Literal('delivery_opened'),
  Type.Literal('delivery_bounced'),
  Type.Literal('reminder'),
  Type.Literal('delivery_replied'),
  Type.Literal('reply'),
  Type.Literal('group_signed'),
  Type.Literal('group_empty'),
]);
export type NotificationKind = Static<typeof NotificationKindSchema>;

export const NotificationActorSchema = Type.Object({ id: Type.Integer(), name: Type.String() });
export type NotificationActor = Static<typeof NotificationActorSchema>;

export const NotificationSchema = Type.Object({
  id: Type.Integer(),
  kind: NotificationKindSchema,
  /** Up to three people behind it, newest first. */
  actors: Type.Array(NotificationActorSchema),
  actor_count: Type.Integer(),
  wish_id: Nullable(Type.Integer()),
  /** The person a `reminder` is about. */
  person_id: Type.Optional(Nullable(Type.Integer())),
  /** The group a `group_signed`, `group_empty` or a group's `delivery_replied` is about. */
  group_id: Type.Optional(Nullable(Type.Integer())),
  text: Type.String(),
  /** When the last person joined it (ISO 8601 UTC). */
  created_at: Type.String(),
  read: Type.Boolean(),
});
export type Notification = Static<typeof NotificationSchema>;

export const NotificationsPageSchema = Type.Object({
  notifications: Type.Array(NotificationSchema),
  unread_count: Type.Integer(),
  page_number: Type.Integer(),
  next_page_number: Nullable(Type.Integer()),
});
export type NotificationsPage = Static<typeof NotificationsPageSchema>;

export const NotificationsQuerySchema = Type.Object({ page: Type.Optional(Type.String({ maxLength: 32 })) });

export const MarkReadRequestSchema = Type.Object({ ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000 })) });
export type MarkReadRequest = Static<typeof MarkReadRequestSchema>;

export const UnreadCountSchema = Type.Object({ unread_count: Type.Integer() });
export type UnreadCount = Static<typeof UnreadCountSchema>;

export const AccountSchema = Type.Object({
  user_id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  phone: Type.String(),
  role: Type.String(),
  created_at: Type.String(),
  /** Whether the email address is verified (senders of wishes must be, unless REQUIRE_VERIFIED_SENDERS=false). */
  email_verified: Type.Optional(Type.Boolean()),
  /** The member's IANA zone (reminders come at REMINDER_TIME there); null: UTC. */
  time_zone: Type.Optional(Nullable(Type.String())),
  /** Whether reminders also come by mail (the notification always comes). */
  reminder_emails: Type.Optional(Type.Boolean()),
});
export type Account = Static<typeof AccountSchema>;

export const AccountPatchSchema = Type.Object({
  first_name: Type.Optional(Type.String({ maxLength: 150 })),
  last_name: Type.Optional(Type.String({ maxLength: 150 })),
  phone: Type.Optional(Type.String({ maxLength: 32 })),
  time_zone: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  reminder_emails: Type.Optional(Type.Boolean()),
});
export type AccountPatch = Static<typeof AccountPatchSchema>;

export const ChangePasswordRequestSchema = Type.Object({
  current_password: Type.String({ maxLength: 128 }),
  new_password: Type.String({ maxLength: 128 }),
});
export type ChangePasswordRequest = Static<typeof ChangePasswordRequestSchema>;

export const ChangePasswordResponseSchema = Type.Object({ message: Type.String(), access: Type.String(), refresh: Type.String() });
export type ChangePasswordResponse = Static<typeof ChangePasswordResponseSchema>;

export const DeleteAccountRequestSchema = Type.Object({ password: Type.String({ maxLength: 128 }) });
export type DeleteAccountRequest = Static<typeof DeleteAccountRequestSchema>;
