/**
 * Wishes reach the people they are for: sending a wish to someone (now or at a time), the
 * recipient's page data, the sender's list, email verification and the card themes.
 * docs/deliveries.md describes the behaviour.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { DELIVERY } from './constants';
import { ReceivedGroupSchema } from './groups';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const DELIVERY_LIMITS = {
  noteMax: DELIVERY.noteMax,
  /** How far ahead a wish may be scheduled. */
  maxDaysAhead: DELIVERY.maxDaysAhead,
  recipientNameMax: 150,
  emailMax: 254,
} as const;

/** The optional single resend of an unopened mail, in hours after it was sent. */
export const DELIVERY_RESEND_HOURS = { min: 24, max: 168 } as const;

export const CARD_FORMATS = { og: { width: 1200, height: 630 }, square: { width: 1080, height: 1080 }, story: { width: 1080, height: 1920 } } as const;
export type CardFormat = keyof typeof CARD_FORMATS;

/**
 * `outbox`: the site writes mail to its outbox folder (MAIL_TRANSPORT=outbox) and this one was
 * never sent; `bounced`: the recipient's mail server refused the address (see `failure_reason`).
 */
export const DeliveryStatusSchema = Type.Union([
  Type.Literal('scheduled'),
  Type.Literal('sent'),
  Type.Literal('outbox'),
  Type.Literal('opened'),
  Type.Literal('replied'),
  Type.Literal('bounced'),
  Type.Literal('failed'),
  Type.Literal('cancelled'),
]);
export type DeliveryStatus = Static<typeof DeliveryStatusSchema>;

export const SendWishRequestSchema = Type.Object({
  /** Optional only with `person_id`: the person's address is taken then. */
  recipient_email: Type.Optional(Type.String({ maxLength: DELIVERY_LIMITS.emailMax })),
  recipient_name: Type.Optional(Type.String({ maxLength: DELIVERY_LIMITS.recipientNameMax })),
  send_at: Type.Optional(Type.String({ maxLength: 40, description: 'ISO 8601 time, up to 366 days ahead; omitted: now' })),
  send_at_local: Type.Optional(Type.String({ maxLength: 40, description: 'A local date-time (`2027-03-14T09:00`, no offset) read in `time_zone`, instead of `send_at`' })),
  time_zone: Type.Optional(Type.String({ maxLength: 64 })),
  person_id: Type.Optional(Type.Integer({ minimum: 1 })),
  resend_if_unopened_hours: Type.Optional(Type.Integer({ minimum: DELIVERY_RESEND_HOURS.min, maximum: DELIVERY_RESEND_HOURS.max })),
  note: Type.Optional(Type.String({ maxLength: DELIVERY_LIMITS.noteMax })),
});

/** Moving a scheduled delivery or changing its note. */
export const MoveDeliveryRequestSchema = Type.Object({
  send_at: Type.Optional(Type.String({ maxLength: 40 })),
  send_at_local: Type.Optional(Type.String({ maxLength: 40 })),
  time_zone: Type.Optional(Type.String({ maxLength: 64 })),
  note: Type.Optional(Type.String({ maxLength: DELIVERY_LIMITS.noteMax })),
});
export type MoveDeliveryRequest = Static<typeof MoveDeliveryRequestSchema>;
export type SendWishRequest = Static<typeof SendWishRequestSchema>;

export const SendWishResponseSchema = Type.Object({
  delivery_id: Type.Integer(),
  status: Type.Union([Type.Literal('scheduled'), Type.Literal('sent'), Type.Literal('outbox')]),
  send_at: Type.String(),
});
export type SendWishResponse = Static<typeof SendWishResponseSchema>;

/** The recipient's answer to a delivery: seen by the sender only. */
export const DeliveryReplySchema = Type.Object({
  reply_id: Type.Integer(),
  text: Type.String(),
  created_at: Type.String(),
});
export type DeliveryReply = Static<typeof DeliveryReplySchema>;

export const DeliveryReplyRequestSchema = Type.Object({
  text: Type.String({ maxLength: DELIVERY.replyMax, description: '1–1000 characters' }),
});
export const DeliveryReplyResponseSchema = Type.Object({ reply_id: Type.Integer() });
export const ReceivedReplyParamSchema = Type.Object({
  token: Type.String({ maxLength: 128 }),
  reply_id: Type.String({ maxLength: 32 }),
});

export const DeliverySchema = Type.Object({
  delivery_id: Type.Integer(),
  wish_id: Type.Integer(),
  recipient_email: Type.String(),
  recipient_name: Type.String(),
  send_at: Type.String(),
  /** The recipient's zone a local time was read in; null: an instant was given. */
  time_zone: Type.Optional(Nullable(Type.String())),
  person_id: Type.Optional(Nullable(Type.Integer())),
  note: Type.Optional(Type.String()),
  /** The wish's first words, so the list says which wish went to whom. */
  wish_excerpt: Type.Optional(Type.String()),
  resend_if_unopened_hours: Type.Optional(Nullable(Type.Integer())),
  resent_at: Type.Optional(Nullable(Type.String())),
  status: DeliveryStatusSchema,
  sent_at: Nullable(Type.String()),
  opened_at: Nullable(Type.String()),
  /** Why the last try failed (shown to the sender); null otherwise. */
  error: Nullable(Type.String()),
  /** Why a `bounced` or `failed` delivery did not arrive; null otherwise. */
  failure_reason: Nullable(Type.String()),
  /** The recipient's replies, oldest first (`status` is `replied` while there is one). */
  replies: Type.Array(DeliveryReplySchema),
});
export type Delivery = Static<typeof DeliverySchema>;

export const DeliveriesPageSchema = Type.Object({
  deliveries: Type.Array(DeliverySchema),
  page_number: Type.Integer(),
  next_page_number: Nullable(Type.Integer()),
});
export type DeliveriesPage = Static<typeof DeliveriesPageSchema>;

export const DeliveriesQuerySchema = Type.Object({ page: Type.Optional(Type.String({ maxLength: 32 })) });

export const TokenParamSchema = Type.Object({ token: Type.String({ maxLength: 128 }) });

/** What the recipient's page shows: never the recipient's address. */
export const ReceivedWishSchema = Type.Object({
  wish_id: Type.Integer(),
  text: Type.String(),
  author: Type.String(),
  author_id: Type.Integer(),
  /** The sender's first name, for "Write one back". */
  author_first_name: Type.String(),
  recipient_name: Type.String(),
  note: Type.String(),
  card_theme: Type.String(),
  /** Path of the card image for this link. */
  card_url: Type.String(),
  sent_at: Nullable(Type.String()),
  /** A group's delivery (`wish_id` is 0 then): every visible message. */
  group: Type.Optional(ReceivedGroupSchema),
});
export type ReceivedWish = Static<typeof ReceivedWishSchema>;

export const OpenedResponseSchema = Type.Object({ opened: Type.Boolean() });

export const VerifyEmailRequestSchema = Type.Object({ token: Type.String({ maxLength: 512 }) });
export const ResendVerificationResponseSchema = Type.Object({ message: Type.String() });

export const CardThemeSchema = Type.Object({ name: Type.String(), title: Type.String() });
export const CardThemesSchema = Type.Array(CardThemeSchema);
export type CardTheme = Static<typeof CardThemeSchema>;

export const CardQuerySchema = Type.Object({
  theme: Type.Optional(Type.String({ maxLength: 32 })),
  format: Type.Optional(Type.Union([Type.Literal('og'), Type.Literal('square'), Type.Literal('story')])),
});
