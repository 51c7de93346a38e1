/**
 * Group wishes (docs/groups.md): a member (the organiser) starts a wish for one person, others sign
 * it from an invite link with or without an account, and on the day it reaches the person as one
 * wish with every message. `deliver_at` is a local date-time read in `time_zone` (see people.ts).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { GROUP_LIMITS } from './constants';

export { GROUP_LIMITS };

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);


export const GroupStateSchema = Type.Union([Type.Literal('collecting'), Type.Literal('delivered'), Type.Literal('cancelled')]);
export type GroupState = Static<typeof GroupStateSchema>;
export const GroupApprovalSchema = Type.Union([Type.Literal('open'), Type.Literal('approve')]);
export type GroupApproval = Static<typeof GroupApprovalSchema>;

export const GroupSchema = Type.Object({
  group_id: Type.Integer(),
  recipient_name: Type.String(),
  /** The organiser's only (null for signers' rows of the list). */
  recipient_email: Nullable(Type.String()),
  topic: Type.String(),
  note: Nullable(Type.String()),
  /** Local date-time in `time_zone` (no offset), or null when not set. */
  deliver_at: Nullable(Type.String()),
  time_zone: Type.String(),
  deliver_at_utc: Nullable(Type.String()),
  approval: GroupApprovalSchema,
  state: GroupStateSchema,
  /** The organiser's only. */
  invite_url: Nullable(Type.String()),
  contribution_count: Type.Integer(),
  organiser: Type.Object({ user_id: Type.Integer(), name: Type.String() }),
  created_at: Type.String(),
});
export type Group = Static<typeof GroupSchema>;

export const GroupResponseSchema = Type.Object({ group: GroupSchema });
export const GroupsPageSchema = Type.Object({ groups: Type.Array(GroupSchema), page_number: Type.Integer(), next_page_number: Nullable(Type.Integer()) });
export type GroupsPage = Static<typeof GroupsPageSchema>;

export const ContributionStatusSchema = Type.Union([Type.Literal('visible'), Type.Literal('pending')]);

/** A message as the organiser sees it (pending ones too). */
export const GroupContributionSchema = Type.Object({
  contribution_id: Type.Integer(),
  signer_name: Type.String(),
  guest: Type.Boolean(),
  text: Type.String(),
  status: ContributionStatusSchema,
  created_at: Type.String(),
});
export type GroupContribution = Static<typeof GroupContributionSchema>;

export const GroupDetailSchema = Type.Object({ group: GroupSchema, contributions: Type.Array(GroupContributionSchema) });
export type GroupDetail = Static<typeof GroupDetailSchema>;

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

export const GroupParamSchema = Type.Object({ group_id: Type.String({ maxLength: 32 }) });
export const GroupContributionParamSchema = Type.Object({ group_id: Type.String({ maxLength: 32 }), contribution_id: Type.String({ maxLength: 32 }) });
export const InviteParamSchema = Type.Object({ invite: Type.String({ maxLength: 128 }) });
export const InviteContributionParamSchema = Type.Object({ invite: Type.String({ maxLength: 128 }), contribution_id: Type.String({ maxLength: 32 }) });
/** `i`: the invitee's own token from a mailed invitation (`/g/{invite}?i=...`); signing with it marks that invitee signed. */
export const SignGroupQuerySchema = Type.Object({ i: Type.Optional(Type.String({ maxLength: 128 })) });
export const GroupsQuerySchema = Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1 })) });

export const InvitationsRequestSchema = Type.Object({ emails: Type.Array(Type.String({ maxLength: GROUP_LIMITS.emailMax }), { minItems: 1, maxItems: GROUP_LIMITS.invitationsMax }) });
export const InvitationsResponseSchema = Type.Object({ invited: Type.Integer(), skipped: Type.Integer() });
export type InvitationsResponse = Static<typeof InvitationsResponseSchema>;

/** A visible message as signers see it. */
export const PublicContributionSchema = Type.Object({
  contribution_id: Type.Integer(),
  signer_name: Type.String(),
  guest: Type.Boolean(),
  text: Type.String(),
  created_at: Type.String(),
});
export type PublicContribution = Static<typeof PublicContributionSchema>;

export const InviteGroupSchema = Type.Object({
  recipient_name: Type.String(),
  topic: Type.String(),
  note: Nullable(Type.String()),
  organiser_name: Type.String(),
  deliver_at: Nullable(Type.String()),
  time_zone: Type.String(),
  state: GroupStateSchema,
  contributions: Type.Array(PublicContributionSchema),
});
export type InviteGroup = Static<typeof InviteGroupSchema>;

export const SignGroupRequestSchema = Type.Object({
  signer_name: Type.String({ maxLength: GROUP_LIMITS.signerNameMax }),
  text: Type.String({ maxLength: GROUP_LIMITS.textMax }),
  signer_email: Type.Optional(Nullable(Type.String({ maxLength: GROUP_LIMITS.emailMax }))),
});
export type SignGroupRequest = Static<typeof SignGroupRequestSchema>;
export const SignGroupResponseSchema = Type.Object({ contribution_id: Type.Integer(), status: ContributionStatusSchema, edit_token: Type.String() });
export type SignGroupResponse = Static<typeof SignGroupResponseSchema>;
export const EditContributionRequestSchema = Type.Object({ text: Type.String({ maxLength: GROUP_LIMITS.textMax }) });

export const GroupSuggestRequestSchema = Type.Object({
  details: Type.Optional(Type.String({ maxLength: GROUP_LIMITS.detailsMax })),
  style: Type.Optional(Type.String({ maxLength: 100 })),
});
export const GroupSuggestResponseSchema = Type.Object({ text: Type.String() });
export const ConfirmSignerEmailRequestSchema = Type.Object({ token: Type.String({ maxLength: 256 }) });
