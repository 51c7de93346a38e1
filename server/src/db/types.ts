/**
 * Table types for Kysely. The same schema runs on SQLite and PostgreSQL, so the column types are
 * the common ground:
 * - timestamps are ISO 8601 UTC text written by the app (`new Date().toISOString()`, always 24
 *   characters), so they sort and compare as strings identically on both databases;
 * - booleans are integers 0/1 (better-sqlite3 cannot bind JS booleans);
 * - ids are 32-bit integers (pg returns int8 as strings; int4 comes back as a number).
 */
import type { Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone: string;
  avatar_url: string | null;
  avatar_thumbnail: string | null;
  password_changed_at: string;
  created_at: string;
  /** Bumped to end every session of the user (auth/sessions.ts); tokens carry the epoch they were issued under. */
  session_epoch: Generated<number>;
  followers_count: Generated<number>;
  following_count: Generated<number>;
  /** Read from the database on every moderation call, so a demotion counts at once. */
  role: Generated<Role>;
  /** Set while the account is suspended (migrations/0007_moderation.ts). */
  banned_at: Generated<string | null>;
  /** Set when the email address was verified (migrations/0014_deliveries.ts); null: not yet. */
  email_verified_at: Generated<string | null>;
  /** The member's IANA zone (migrations/0022_people.ts); null: UTC. */
  time_zone: Generated<string | null>;
  /** 1: reminders come by mail too. */
  reminder_emails: Generated<number>;
}

export type Role = 'user' | 'moderator' | 'admin';
export const ROLES: readonly Role[] = ['user', 'moderator', 'admin'];

export interface WishesTable {
  id: Generated<number>;
  user_id: number;
  text: string;
  is_public: number;
  published_at: string;
  created_at: string;
  upvote_count: Generated<number>;
  downvote_count: Generated<number>;
  /** Position in feed order (created_at, id), given to every wish once, with gaps: migrations/0007_moderation.ts. */
  feed_seq: number | null;
  /** Set when the text was edited. */
  edited_at: Generated<string | null>;
  /** Bit set: HIDDEN_BY_MODERATORS | HIDDEN_AUTHOR_BANNED; 0 = not hidden. */
  hidden: Generated<number>;
  hidden_reason: Generated<string | null>;
  /** The card theme the author picked (previews/card-themes.ts); null: the default. */
  card_theme: Generated<string | null>;
}

export const HIDDEN_BY_MODERATORS = 1;
export const HIDDEN_AUTHOR_BANNED = 2;

/** Listed wishes per block of feed_seq values (kept by triggers): migrations/0007_moderation.ts. */
export interface FeedBucketsTable {
  bucket: number;
  listed: number;
}

export interface ModerationLogTable {
  id: Generated<number>;
  /** null: the system (auto-hide). */
  actor_id: number | null;
  action: string;
  target_type: 'wish' | 'user' | 'reply';
  target_id: number;
  reason: string;
  created_at: string;
}

export interface FeedSequenceTable {
  id: number;
  last_seq: number;
}

export interface VotesTable {
  id: Generated<number>;
  wish_id: number;
  user_id: number;
  vote_type: 'upvote' | 'downvote';
  created_at: string;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  follower_id: number;
  target_id: number;
  created_at: string;
}

export interface ComplaintsTable {
  id: Generated<number>;
  wish_id: number;
  reporter_id: number | null;
  reporter_ip: string | null;
  /** `user:<id>` or `ip:<address>`; unique per wish so a repeat report files nothing new. */
  reporter_key: string;
  category: string;
  created_at: string;
  status: Generated<'open' | 'resolved'>;
  /** The moderator action that resolved it: hide, restore, dismiss, delete. */
  resolution: Generated<string | null>;
  resolved_at: Generated<string | null>;
}

export interface DeliveryRepliesTable {
  id: Generated<number>;
  delivery_id: number;
  text: string;
  created_at: string;
  /** Taken back by the recipient (the text is emptied; the row still counts toward the limit). */
  deleted_at: string | null;
}

export interface WishRepliesTable {
  id: Generated<number>;
  wish_id: number;
  user_id: number;
  text: string;
  /** 1: hidden by a moderator. */
  hidden: Generated<number>;
  created_at: string;
  /** Removed (the text is emptied; the row still counts toward REPLIES_PER_HOUR). */
  deleted_at: string | null;
}

export interface ReplyComplaintsTable {
  id: Generated<number>;
  reply_id: number;
  reporter_id: number | null;
  reporter_ip: string | null;
  reporter_key: string;
  category: string;
  status: Generated<'open' | 'resolved'>;
  resolution: Generated<string | null>;
  created_at: string;
  resolved_at: Generated<string | null>;
}

export interface OffersTable {
  id: Generated<number>;
  user_id: number;
  email: string;
  message: string;
  created_at: string;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  /** sha256 hex of the mailed token; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** One row per issued refresh token (auth/sessions.ts): rotation and reuse detection. */
export interface RefreshTokensTable {
  jti: string;
  family: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

/** One row per successful generate call; the hourly quota counts rows newer than now - 1 h. */
export interface GenerationEventsTable {
  id: Generated<number>;
  user_id: number;
  created_at: string;
}

/** The active release of a remote (no row: its built dist/ folder); see migrations/0005_remote_releases.ts. */
export interface RemoteActiveTable {
  /** The remote's folder name ('mf-feed'). */
  remote: string;
  release_id: string;
  switched_at: string;
}

/** Every release switch: who (actor), what (remote, action, from → to), when. */
export interface RemoteSwitchesTable {
  id: Generated<number>;
  remote: string;
  action: 'activate' | 'rollback' | 'canary' | 'promote' | 'auto-rollback';
  release_id: string;
  previous_release_id: string | null;
  actor: string;
  created_at: string;
  /** A canary's share of browsers (action 'canary'), else null (migration 0015). */
  percent: number | null;
  /** Why (an auto-rollback's error rate), else null. */
  reason: string | null;
}

/** The canary of a remote, when one runs (migration 0015, releases/canary.ts). */
export interface RemoteCanaryTable {
  remote: string;
  release_id: string;
  percent: number;
  started_by: string;
  started_at: string;
}

/** A page load served a canary release. */
/** A client address that counted for a canary (a mounted load or an error), with when it last did. */
export interface CanaryAddressesTable {
  remote: string;
  release_id: string;
  kind: 'load' | 'error';
  /** A keyed hash of the address (releases/canary-count.ts), never the address itself. */
  address: string;
  seen_ms: number;
}

/** An error the shell reported: at most one per remote per load. */
export interface ClientErrorsTable {
  load_id: string;
  remote: string;
  release_id: string;
  kind: 'load' | 'render' | 'runtime';
  message: string;
  stack: string | null;
  created_at: string;
}

export type NotificationKind = 'vote' | 'follow' | 'report_resolved' | 'wish_hidden' | 'delivery_opened' | 'delivery_bounced' | 'reminder' | 'delivery_replied' | 'reply' | 'group_signed' | 'group_empty';

/** A notification for `user_id` (migrations/0008_social.ts); read_at null while unread. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: NotificationKind;
  wish_id: number | null;
  /** The person a `reminder` is about (migrations/0022_people.ts). */
  person_id?: number | null;
  /** The group a group notification is about (migrations/0024_groups.ts). */
  group_id?: number | null;
  /** A caller-given sentence (moderation kinds); null where the text is built from the actors. */
  text: string | null;
  read_at: string | null;
  created_at: string;
  /** Last time an actor joined; the list is ordered by it. */
  updated_at: string;
}

export interface NotificationActorsTable {
  notification_id: number;
  actor_id: number;
  created_at: string;
}

/** A draft's conversation with the assistant (migrations/0009_chats.ts); private to user_id. */
export interface ChatsTable {
  id: Generated<number>;
  user_id: number;
  /** The compose form (style, audience, name, topic, details, length) as JSON text. */
  settings: string;
  /** The wish the chat was saved with; null while it is a draft. */
  wish_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  chat_id: number;
  role: 'user' | 'assistant';
  text: string;
  created_at: string;
}

export interface ChatVersionsTable {
  id: Generated<number>;
  chat_id: number;
  text: string;
  created_at: string;
}

/** Stored media files (migrations/0010_media_files.ts, media/store.ts). */
export interface MediaFilesTable {
  name: string;
  content_type: string;
  content: Buffer;
  created_at: string;
}

/** A team token (migrations/0015_team_releases.ts, releases/tokens.ts); only its sha256 is kept. */
export interface RemoteTokensTable {
  token_id: string;
  remote: string;
  name: string;
  token_hash: string;
  /** Comma-separated: publish, activate, promote. */
  scopes: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** The team's address for release mails (migrations/0027_release_notes.ts); null: none. */
  email: string | null;
}

/** A release published over HTTP (releases/published.ts); its files are in remote_release_files. */
export interface RemoteReleasesTable {
  remote: string;
  release_id: string;
  version: string;
  hash: string;
  /** The release's RemoteDeclaration, as JSON. */
  declaration: string;
  files: number;
  bytes: number;
  published_by: string;
  created_at: string;
  /** What `npm run release` recorded of the build (migrations/0027_release_notes.ts). */
  commit_sha: string | null;
  branch: string | null;
  notes: string | null;
  built_at: string | null;
  /** 1 when the remote's own tests were skipped (--skip-tests). */
  tests_skipped: number | null;
}

export interface RemoteReleaseFilesTable {
  remote: string;
  release_id: string;
  path: string;
  content: Buffer;
}

/** `outbox`: written to the outbox folder (MAIL_TRANSPORT=outbox), never sent; `bounced`: the recipient's mailbox was refused. */
export type DeliveryStatus = 'scheduled' | 'sent' | 'outbox' | 'opened' | 'replied' | 'bounced' | 'failed' | 'cancelled';

/** The outbox of wishes sent to someone (migrations/0014_deliveries.ts, deliveries/). */
export interface DeliveriesTable {
  id: Generated<number>;
  wish_id: number;
  sender_id: number;
  recipient_email: string;
  recipient_name: string;
  note: string;
  /** The recipient's link secret: /w/{token}. */
  token: string;
  status: DeliveryStatus;
  send_at: string;
  /** When the scheduler may try (again): send_at, then later after each failed try. */
  next_attempt_at: string;
  attempts: Generated<number>;
  /** A process holds the row until then (it is mailing it); past it, another may take it. */
  lease_expires_at: string | null;
  leased_by: string | null;
  last_error: string | null;
  sent_at: string | null;
  opened_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  /** The recipient's zone a local time was read in (migrations/0022_people.ts). */
  time_zone: string | null;
  person_id: number | null;
  /** One resend of the same link when still unopened this many hours after sending; null: off. */
  resend_after_hours: number | null;
  resent_at: string | null;
}

/** The people a member writes for (migrations/0022_people.ts, people/). */
export interface PeopleTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  email: string | null;
  audience: string | null;
  time_zone: string | null;
  remind_days_before: number;
  created_at: string;
  updated_at: string;
}

/** A person's date, with the instant of its next reminder and the date that one is for. */
export interface PersonOccasionsTable {
  id: Generated<number>;
  person_id: number;
  topic: string;
  month: number;
  day: number;
  year: number | null;
  occasion_date: string;
  remind_at: string;
}

/** The reminders sent: one per person, topic and date, inserted by the one process that sends it. */
export interface RemindersSentTable {
  person_id: number;
  topic: string;
  occasion_date: string;
  created_at: string;
}

/** One row per wish sent in the last day: what the daily sending limits count (migrations/0017_delivery_quota.ts). */
export interface DeliveryQuotaTable {
  id: Generated<number>;
  sender_id: number;
  created_at: string;
}

/** Addresses that take no wishes: sha256 of the address; `reason` unsubscribe / not_me (for good) or bounce (30 days from created_at). */
export interface EmailSuppressionsTable {
  email_hash: string;
  reason: string;
  created_at: string;
}

/** Group wishes (migrations/0024_groups.ts, groups/). */
export interface GroupsTable {
  id: Generated<number>;
  organiser_id: number;
  recipient_name: string;
  recipient_email: string | null;
  topic: string;
  note: string;
  deliver_local: string | null;
  time_zone: string;
  deliver_at_utc: string | null;
  approval: string;
  state: string;
  invite: string;
  delivery_token: string | null;
  lease_expires_at: string | null;
  leased_by: string | null;
  empty_warned_for: string | null;
  delivered_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface GroupInvitationsTable {
  id: Generated<number>;
  group_id: number;
  email: string;
  token: string;
  signed_at: string | null;
  reminders_sent: number;
  created_at: string;
}

export interface GroupContributionsTable {
  id: Generated<number>;
  group_id: number;
  user_id: number | null;
  invitation_id: number | null;
  signer_name: string;
  text: string;
  status: string;
  edit_token_hash: string;
  reported_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface GroupEmailConfirmationsTable {
  id: Generated<number>;
  contribution_id: number;
  email: string;
  token_hash: string;
  confirmed_at: string | null;
  created_at: string;
}

export interface GroupCountersTable {
  id: Generated<number>;
  scope: string;
  key: string;
  created_at: string;
}

export interface GroupRepliesTable {
  id: Generated<number>;
  group_id: number;
  text: string;
  created_at: string;
  deleted_at: string | null;
}

export interface Database {
  groups: GroupsTable;
  group_invitations: GroupInvitationsTable;
  group_contributions: GroupContributionsTable;
  group_email_confirmations: GroupEmailConfirmationsTable;
  group_counters: GroupCountersTable;
  group_replies: GroupRepliesTable;
  remote_tokens: RemoteTokensTable;
  remote_canary: RemoteCanaryTable;
  canary_addresses: CanaryAddressesTable;
  client_errors: ClientErrorsTable;
  remote_releases: RemoteReleasesTable;
  remote_release_files: RemoteReleaseFilesTable;
  deliveries: DeliveriesTable;
  people: PeopleTable;
  person_occasions: PersonOccasionsTable;
  reminders_sent: RemindersSentTable;
  email_suppressions: EmailSuppressionsTable;
  delivery_quota: DeliveryQuotaTable;
  delivery_replies: DeliveryRepliesTable;
  wish_replies: WishRepliesTable;
  reply_complaints: ReplyComplaintsTable;
  chats: ChatsTable;
  chat_messages: ChatMessagesTable;
  chat_versions: ChatVersionsTable;
  users: UsersTable;
  wishes: WishesTable;
  feed_sequence: FeedSequenceTable;
  feed_buckets: FeedBucketsTable;
  moderation_log: ModerationLogTable;
  votes: VotesTable;
  subscriptions: SubscriptionsTable;
  complaints: ComplaintsTable;
  offers: OffersTable;
  password_resets: PasswordResetsTable;
  generation_events: GenerationEventsTable;
  notifications: NotificationsTable;
  notification_actors: NotificationActorsTable;
  refresh_tokens: RefreshTokensTable;
  remote_active: RemoteActiveTable;
  remote_switches: RemoteSwitchesTable;
  media_files: MediaFilesTable;
}

export type Dialect = 'sqlite' | 'postgres';

/** The current time as stored in the database. */
export const nowIso = (): string => new Date().toISOString();
