/**
 * Group wishes (docs/groups.md): a member (the organiser) starts a wish for one person, others sign
 * it from an invite link with or without an account, and on the day it reaches the person as one
 * wish with every message. `deliver_at` is a local date-time read in `time_zone`.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const GROUP_LIMITS = {
  recipientNameMax: 80,
  signerNameMax: 80,
  textMax: 1000,
  noteMax: 300,
  emailMax: 254,
  topicMax: 100,
  timeZoneMax: 64,
  /** How far ahead `deliver_at` may be. */
  maxDaysAhead: 366,
  /** Addresses per invitations call. */
  invitationsPerCall: 50,
  detailsMax: 500,
  styleMax: 100,
} as const;

export const GroupApprovalSchema = Type.Union([Type.Literal('open'), Type.Literal('approve')]);
export type GroupApproval = Static<typeof GroupApprovalSchema>;
export const GroupStateSchema = Type.Union([Type.Literal('collecting'), Type.Literal('delivered'), Type.Literal('cancelled')]);
export type GroupState = Static<typeof GroupStateSchema>;

export const GroupSchema = Type.Object({
  group_id: Type.Integer(),
  recipient_name: Type.String(),
  /** Shown to the organiser only. */
  recipient_email: Nullable(Type.String()),
  topic: Type.String(),
  note: Type.String(),
  /** Local date-time `YYYY-MM-DDTHH:MM` in `time_zone`, or null (sent by hand). */
  deliver_at: Nullable(Type.String()),
  time_zone: Type.String(),
  /** The instant of `deliver_at` (UTC). */
  deliver_at_utc: Nullable(Type.String()),
  approval: GroupApprovalSchema,
  state: GroupStateSchema,
  /** `{PUBLIC_URL}/g/{invite}`; shown to the organiser only. */
  invite_url: Type.String(),
  contribution_count: Type.Integer(),
  organiser: Type.Object({ user_id: Type.Integer(), name: Type.String() }),
  created_at: Type.String(),
});
export type Group = Static<typeof GroupSchema>;

export const GroupContributionSchema = Type.Object({
  contribution_id: Type.Integer(),
  signer_name: Type.String(),
  /** True when the signer was not signed in (pages mark such names as guests). */
  guest: Type.Boolean(),
  text: Type.String(),
  created_at: Type.String(),
});
export type GroupContribution = Static<typeof GroupContributionSchema>;

/** A contribution as the organiser sees it: pending ones too. */
export const OrganiserContributionSchema = Type.Composite([
  GroupContributionSchema,
  Type.Object({ status: Type.Union([Type.Literal('visible'), Type.Literal('pending')]), reported: Type.Boolean() }),
]);
export type OrganiserContribution = Static<typeof OrganiserContributionSchema>;

export const CreateGroupRequestSchema = Type.Object({
  recipient_name: Type.String({ maxLength: GROUP_LIMITS.recipientNameMax }),
  topic: Type.String({ maxLength: GROUP_LIMITS.topicMax }),
  recipient_email: Type.Optional(Nullable(Type.String({ maxLength: GROUP_LIMITS.emailMax }))),
  note: Type.Optional(Nullable(Type.String({ maxLength: GROUP_LIMITS.noteMax }))),
  deliver_at: Type.Optional(Nullable(Type.String({ maxLength: 32 }))),
  time_zone: Type.Optional(Nullable(Type.String({ maxLength: GROUP_LIMITS.timeZoneMax }))),
  approval: Type.Optional(GroupApprovalSchema),
});
export type CreateGroupRequest = Static<typeof CreateGroupRequestSchema>;
export const UpdateGroupRequestSchema = Type.Partial(CreateGroupRequestSchema);
export type UpdateGroupRequest = Static<typeof UpdateGroupRequestSchema>;

export const GroupResponseSchema = Type.Object({ group: GroupSchema });
export type GroupResponse = Static<typeof GroupResponseSchema>;
export const GroupDetailSchema = Type.Object({ group: GroupSchema, contributions: Type.Array(OrganiserContributionSchema) });
export type GroupDetail = Static<typeof GroupDetailSchema>;
export const GroupsPageSchema = Type.Object({ groups: Type.Array(GroupSchema), page_number: Type.Integer(), next_page_number: Nullable(Type.Integer()) });
export type GroupsPage = Static<typeof GroupsPageSchema>;
export const GroupsQuerySchema = Type.Object({ page: Type.Optional(Type.String({ maxLength: 32 })) });

export const GroupParamSchema = Type.Object({ group_id: Type.String({ maxLength: 32 }) });
export const GroupContributionParamSchema = Type.Object({ group_id: Type.String({ maxLength: 32 }), contribution_id: Type.String({ maxLength: 32 }) });
export const InviteParamSchema = Type.Object({ invite: Type.String({ maxLength: 128 }) });
export const InviteContributionParamSchema = Type.Object({ invite: Type.String({ maxLength: 128 }), contribution_id: Type.String({ maxLength: 32 }) });
export const InviteQuerySchema = Type.Object({ i: Type.Optional(Type.String({ maxLength: 128 })) });

export const InvitationsRequestSchema = Type.Object({
  emails: Type.Array(Type.String({ maxLength: GROUP_LIMITS.emailMax }), { minItems: 1, maxItems: GROUP_LIMITS.invitationsPerCall }),
});
export const InvitationsResponseSchema = Type.Object({
  invited: Type.Array(Type.String()),
  /** Addresses not mailed, with why (suppressed, not an address, already invited). */
  skipped: Type.Array(Type.Object({ email: Type.String(), reason: Type.String() })),
});
export type InvitationsResponse = Static<typeof InvitationsResponseSchema>;

/** What a signer sees from the invite link: visible messages only. */
export const GroupInviteSchema = Type.Object({
  recipient_name: Type.String(),
  topic: Type.String(),
  note: Type.String(),
  organiser_name: Type.String(),
  deliver_at: Nullable(Type.String()),
  time_zone: Type.String(),
  state: GroupStateSchema,
  contributions: Type.Array(GroupContributionSchema),
});
export type GroupInvite = Static<typeof GroupInviteSchema>;

export const ContributeRequestSchema = Type.Object({
  signer_name: Type.Optional(Type.String({ maxLength: GROUP_LIMITS.signerNameMax })),
  text: Type.String({ maxLength: GROUP_LIMITS.textMax }),
  signer_email: Type.Optional(Nullable(Type.String({ maxLength: GROUP_LIMITS.emailMax }))),
});
export type ContributeRequest = Static<typeof ContributeRequestSchema>;
export const ContributeResponseSchema = Type.Object({
  contribution_id: Type.Integer(),
  status: Type.Union([Type.Literal('visible'), Type.Literal('pending')]),
  /** Shown once: send it as `X-Edit-Token` to change or take back the message. */
  edit_token: Type.String(),
});
export type ContributeResponse = Static<typeof ContributeResponseSchema>;
export const UpdateContributionRequestSchema = Type.Object({
  signer_name: Type.Optional(Type.String({ maxLength: GROUP_LIMITS.signerNameMax })),
  text: Type.Optional(Type.String({ maxLength: GROUP_LIMITS.textMax })),
});
export const ContributionResponseSchema = Type.Object({ contribution: GroupContributionSchema });

export const SuggestRequestSchema = Type.Object({
  details: Type.Optional(Type.String({ maxLength: GROUP_LIMITS.detailsMax })),
  style: Type.Optional(Type.String({ maxLength: GROUP_LIMITS.styleMax })),
});
export const SuggestResponseSchema = Type.Object({ text: Type.String() });
export const ConfirmEmailRequestSchema = Type.Object({ token: Type.String({ maxLength: 128 }) });

/** `GET /api/base/deliveries/received/{token}/` of a group delivery gains this. */
export const ReceivedGroupSchema = Type.Object({
  recipient_name: Type.String(),
  topic: Type.String(),
  organiser_name: Type.String(),
  contributions: Type.Array(GroupContributionSchema),
});
export type ReceivedGroup = Static<typeof ReceivedGroupSchema>;
