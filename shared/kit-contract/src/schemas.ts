/**
 * The Wishes wire contract as TypeBox schemas (the routes that use them: contract/operations.ts).
 * One source of truth: the server validates and serializes with these schemas, and the
 * front end uses the static types derived from them (type-only imports, so TypeBox itself
 * never reaches a browser bundle).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { LIMITS, VOTERS_PAGE } from './constants';
import type { MenuDeclaration, NavDeclaration, RouteDeclaration } from './registry';
import { ReportedReplySchema } from './replies';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const VoteTypeSchema = Type.Union([Type.Literal('upvote'), Type.Literal('downvote')]);
export type VoteType = Static<typeof VoteTypeSchema>;

export const IdParamSchema = Type.Object({ id: Type.String() });

// ---------- objects ----------

export const WishAuthorSchema = Type.Object({
  id: Type.Integer(),
  full_name: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  avatar_url: Nullable(Type.String()),
  avatar_thumbnail: Nullable(Type.String()),
});
export type WishAuthor = Static<typeof WishAuthorSchema>;

export const WishSchema = Type.Object({
  id: Type.Integer(),
  text: Type.String(),
  user_id: Type.Integer(),
  is_public: Type.Boolean(),
  published_at: Type.String({ description: 'ISO 8601, UTC' }),
  created_at: Type.String({ description: 'ISO 8601, UTC' }),
  vote_count: Type.Integer({ description: 'upvote_count - downvote_count' }),
  upvote_count: Type.Integer(),
  downvote_count: Type.Integer(),
  vote_type: Nullable(VoteTypeSchema),
  author: Type.String({ description: "display name, 'Anonymous' when the user has no name" }),
  user: WishAuthorSchema,
  edited_at: Type.Optional(Nullable(Type.String({ description: 'ISO 8601, UTC; null until the text is edited' }))),
  reply_count: Type.Optional(Type.Integer({ description: 'the replies under the wish that the requester may see (hidden ones and those of a banned member only for their author and moderators)' })),
  card_theme: Type.Optional(Type.String({ description: "the card theme (GET /api/base/card-themes/); in a wish's detail" })),
  chat_id: Type.Optional(
    Nullable(Type.Integer({ description: "Only on GET /api/base/wish/{id}/ for the wish's author: the chat it was written in (GET /api/base/wish/{id}/chat/), null when it has none." })),
  ),
  moderation: Type.Optional(
    Type.Object(
      { state: Type.Literal('hidden'), reason: Type.String() },
      { description: 'Only on a hidden wish, and only for its author and moderators: hidden wishes exist for nobody else.' },
    ),
  ),
});
export type Wish = Static<typeof WishSchema>;
export type WishModeration = NonNullable<Wish['moderation']>;

export const ProfileSchema = Type.Object({
  user_id: Type.Integer(),
  profile_id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  full_name: Type.String(),
  avatar_url: Nullable(Type.String()),
  avatar_thumbnail: Nullable(Type.String()),
  followers: Type.Integer(),
  following: Type.Integer(),
  posts: Type.Integer({ description: 'wishes the requester can see' }),
  is_self: Type.Boolean(),
  is_subscribed: Type.Boolean(),
});
export type Profile = Static<typeof ProfileSchema>;

export const SubscriptionSchema = Type.Object({
  target_id: Type.Integer(),
  target_name: Type.String(),
  target_avatar_url: Nullable(Type.String()),
  target_avatar_thumbnail: Nullable(Type.String()),
  created_at: Type.String(),
});
export type Subscription = Static<typeof SubscriptionSchema>;

export const VoterSchema = Type.Object({
  id: Type.Integer(),
  voter_id: Type.Integer(),
  voter_name: Type.String(),
  vote_type: VoteTypeSchema,
  created_at: Type.String(),
});
export type Voter = Static<typeof VoterSchema>;

export const FeedPageSchema = Type.Object({
  wishes: Type.Array(WishSchema),
  page_number: Type.Integer(),
  next_page_number: Nullable(Type.Integer()),
  hasMore: Type.Boolean(),
});
export type FeedPage = Static<typeof FeedPageSchema>;

export const SearchPageSchema = Type.Object({
  success: Type.Boolean(),
  wishes: Type.Array(WishSchema),
  query: Type.String(),
  page_number: Type.Integer(),
  total_pages: Type.Integer(),
  next_page_number: Nullable(Type.Integer()),
  previous_page_number: Nullable(Type.Integer()),
  total_results: Type.Integer(),
  hasMore: Type.Boolean(),
});
export type SearchPage = Static<typeof SearchPageSchema>;

export const TopicSchema = Type.Object({
  topic: Type.String(),
  topic_details: Type.String(),
  image_url: Nullable(Type.String()),
});
export type Topic = Static<typeof TopicSchema>;

export const OptionsSchema = Type.Object({
  site_name: Type.String(),
  greeting_config_params: Type.Object({
    styles: Type.Array(Type.String()),
    audiences: Type.Array(Type.String()),
    topics: Type.Array(TopicSchema),
  }),
  report_topic_config: Type.Array(Type.String()),
});
export type Options = Static<typeof OptionsSchema>;

/**
 * `GET /api/wish/{id}/voters/[?vote_type=upvote|downvote][&limit=N][&cursor=C]`: one page of voters,
 * newest first (created_at, then id). Without `limit` a page holds up to VOTERS_PAGE_MAX_LIMIT
 * voters (the v1 list's cap); the voters modal asks for `limit=VOTERS_PAGE_FIRST_LIMIT` and then
 * passes each answer's `next_cursor` back as `cursor` (with the same `vote_type`) until it is null.
 * Keyset paging: a vote cast or removed meanwhile never makes a later page repeat or skip a voter
 * older than the cursor. `count` and the totals are over every vote, not the page.
 */
export const VotersResultSchema = Type.Object({
  voters: Type.Array(VoterSchema),
  count: Type.Integer({ description: 'number of voters the vote_type filter selects (all pages), not the length of this page' }),
  upvote_count: Type.Integer(),
  downvote_count: Type.Integer(),
  total_count: Type.Integer(),
  net_count: Type.Integer(),
  current_user_vote: Nullable(VoteTypeSchema),
  next_cursor: Type.Optional(Nullable(Type.String({ description: 'pass as ?cursor= for the next page (same vote_type); null on the last page' }))),
});
export type VotersResult = Static<typeof VotersResultSchema>;

export const VoteSummarySchema = Type.Object({
  id: Type.Integer(),
  vote_count: Type.Integer(),
  upvote_count: Type.Integer(),
  downvote_count: Type.Integer(),
  vote_type: Nullable(VoteTypeSchema),
});
export type VoteSummary = Static<typeof VoteSummarySchema>;

export const RateLimitSchema = Type.Object({ limit: Type.Integer(), remaining: Type.Integer() });
export type RateLimit = Static<typeof RateLimitSchema>;

// ---------- request bodies ----------

export const GenerateRequestSchema = Type.Object({
  style: Type.String({ maxLength: LIMITS.generateFieldMax }),
  audience: Type.String({ maxLength: LIMITS.generateFieldMax }),
  name: Type.String({ maxLength: LIMITS.generateFieldMax }),
  topic: Type.String({ maxLength: LIMITS.generateFieldMax }),
  details: Type.String({ maxLength: LIMITS.detailsMax }),
  /** How long the draft should be (default medium). */
  length: Type.Optional(Type.Union([Type.Literal('short'), Type.Literal('medium'), Type.Literal('long')])),
  /** How many different drafts to write, 1–3 (default 1); still one unit of the hourly quota. */
  variants: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.generateVariantsMax })),
});
export type GenerateRequest = Static<typeof GenerateRequestSchema>;
export type DraftLength = NonNullable<GenerateRequest['length']>;
export const DRAFT_LENGTHS: DraftLength[] = ['short', 'medium', 'long'];

/** The rewrites "improve" offers on existing text. */
export const IMPROVE_INSTRUCTIONS = ['warmer', 'shorter', 'funnier', 'more formal'] as const;
export type ImproveInstruction = (typeof IMPROVE_INSTRUCTIONS)[number];

export const ImproveRequestSchema = Type.Object({
  text: Type.String({ maxLength: LIMITS.wishTextMax }),
  instruction: Type.Union(IMPROVE_INSTRUCTIONS.map((i) => Type.Literal(i))),
});
export type ImproveRequest = Static<typeof ImproveRequestSchema>;

export const SaveWishRequestSchema = Type.Object({
  text: Type.String({ maxLength: LIMITS.wishTextMax }),
  is_public: Type.Optional(Type.Boolean({ default: true })),
  /** The caller's own chat (POST /api/base/chats/) to keep with the wish; 404 and nothing saved otherwise. */
  chat_id: Type.Optional(Type.Integer({ minimum: 1 })),
  /** A name of GET /api/base/card-themes/; 400 for another. */
  card_theme: Type.Optional(Type.String({ maxLength: 32 })),
});
export type SaveWishRequest = Static<typeof SaveWishRequestSchema>;

export const SearchRequestSchema = Type.Object({ query: Type.String({ maxLength: LIMITS.searchQueryMax }) });
export type SearchRequest = Static<typeof SearchRequestSchema>;

export const CreateUserRequestSchema = Type.Object({
  email: Type.String({ maxLength: 254 }),
  password: Type.String({ maxLength: 128 }),
  first_name: Type.String({ maxLength: 150 }),
  last_name: Type.String({ maxLength: 150 }),
  phone: Type.String({ maxLength: 32 }),
});
export type CreateUserRequest = Static<typeof CreateUserRequestSchema>;

export const TokenRequestSchema = Type.Object({
  username: Type.String({ maxLength: 254 }),
  password: Type.String({ maxLength: 128 }),
});
export type TokenRequest = Static<typeof TokenRequestSchema>;

export const RefreshRequestSchema = Type.Object({ refresh: Type.String({ maxLength: 4096 }) });
export type RefreshRequest = Static<typeof RefreshRequestSchema>;

export const OfferRequestSchema = Type.Object({
  email: Type.String({ maxLength: 254 }),
  message: Type.String({ maxLength: LIMITS.offerMessageMax }),
});
export type OfferRequest = Static<typeof OfferRequestSchema>;

export const ComplaintRequestSchema = Type.Object({
  category: Type.String({ maxLength: 200 }),
  wish_id: Type.Integer({ minimum: 1 }),
});
export type ComplaintRequest = Static<typeof ComplaintRequestSchema>;

export const VoteRequestSchema = Type.Object({ vote_type: Type.Optional(VoteTypeSchema) });
export type VoteRequest = Static<typeof VoteRequestSchema>;

export const VOTERS_PAGE_FIRST_LIMIT = VOTERS_PAGE.modalLimit;
export const VOTERS_PAGE_MAX_LIMIT = VOTERS_PAGE.maxLimit;

export const VotersQuerySchema = Type.Object({
  vote_type: Type.Optional(VoteTypeSchema),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: VOTERS_PAGE_MAX_LIMIT })),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});

export const ResetRequestSchema = Type.Object({ email: Type.String({ maxLength: 254 }) });
export type ResetRequest = Static<typeof ResetRequestSchema>;

export const ResetConfirmRequestSchema = Type.Object({
  uid: Type.String({ maxLength: 64 }),
  token: Type.String({ maxLength: 256 }),
  new_password: Type.String({ maxLength: 128 }),
});
export type ResetConfirmRequest = Static<typeof ResetConfirmRequestSchema>;

// ---------- responses ----------

export const ErrorResponseSchema = Type.Object({
  error: Type.String(),
  fields: Type.Optional(Type.Record(Type.String(), Type.String())),
  success: Type.Optional(Type.Boolean()),
  rate_limit: Type.Optional(RateLimitSchema),
});
export type ErrorResponse = Static<typeof ErrorResponseSchema>;

/** simplejwt-style auth failures use `detail` (and `code`) instead of `error`. */
export const DetailResponseSchema = Type.Object({
  detail: Type.String(),
  code: Type.Optional(Type.String()),
  suspension: Type.Optional(
    Type.Object(
      { reason: Nullable(Type.String({ description: "the moderator's reason for the ban; null when none is logged" })) },
      { description: 'Only when the account is suspended: on sign-in, on the refresh call and on any call with one of its tokens (401).' },
    ),
  ),
});
export type DetailResponse = Static<typeof DetailResponseSchema>;

export const MessageResponseSchema = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponseSchema>;

export const GenerateResponseSchema = Type.Object({
  text: Type.String(),
  /** Present when more than one variant was asked for; `text` is the first. */
  variants: Type.Optional(Type.Array(Type.String())),
  rate_limit: Type.Optional(RateLimitSchema),
});
export type GenerateResponse = Static<typeof GenerateResponseSchema>;

export const ImproveResponseSchema = Type.Object({ text: Type.String(), rate_limit: RateLimitSchema });
export type ImproveResponse = Static<typeof ImproveResponseSchema>;

export const SaveWishResponseSchema = Type.Object({ wish_id: Type.Integer() });
export type SaveWishResponse = Static<typeof SaveWishResponseSchema>;

export const WishDetailResponseSchema = Type.Object({ wish: WishSchema });
export type WishDetailResponse = Static<typeof WishDetailResponseSchema>;

export const CreateUserResponseSchema = Type.Object({ user_id: Type.Integer() });
export type CreateUserResponse = Static<typeof CreateUserResponseSchema>;

export const TokenPairSchema = Type.Object({ access: Type.String(), refresh: Type.String() });
export type TokenPair = Static<typeof TokenPairSchema>;

export const AccessTokenSchema = Type.Object({ access: Type.String() });
export type AccessToken = Static<typeof AccessTokenSchema>;

/** POST /api/token/refresh/: the new access token and, since refresh tokens rotate, the refresh token that replaces the one sent (optional for v1 clients). */
export const RefreshResponseSchema = Type.Object({ access: Type.String(), refresh: Type.Optional(Type.String()) });
export type RefreshResponse = Static<typeof RefreshResponseSchema>;

export const VoteResponseSchema = Type.Object({ message: Type.String(), wish: VoteSummarySchema });
export type VoteResponse = Static<typeof VoteResponseSchema>;

export const SubscribeResponseSchema = Type.Object({ message: Type.String(), profile: ProfileSchema });
export type SubscribeResponse = Static<typeof SubscribeResponseSchema>;

export const SubscriptionsResultSchema = Type.Object({ subscriptions: Type.Array(SubscriptionSchema), count: Type.Integer() });
export type SubscriptionsResult = Static<typeof SubscriptionsResultSchema>;

export const AvatarUploadResponseSchema = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  avatar_url: Type.String(),
  avatar_thumbnail: Type.String(),
});
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
  profile?: { profile: Profile; wishes: FeedPage };
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
  /** The routes and navigation entries it declares (its remote.config.ts, carried by its release). */
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
  remote_overrides?: { origins: string[] };
  /**
   * In the page's inlined copy only, when its URL carries a preview link (`?wishes_preview=`): the
   * remote and release it would pin, for the confirmation page (nothing is pinned until the person
   * confirms), or why the link is refused (forged or expired).
   */
  preview_request?: { remote: string; release: string; expires_at: string } | { refused: string };
}

// ---------------------------------------------------------------------------------------------
// Remote releases (docs/teams.md): admin calls.

/** `{remote}` in /api/admin/remotes/{remote}/...: a remote's folder name ('mf-feed'). */
export const RemoteParamsSchema = Type.Object({ remote: Type.String({ pattern: '^[a-z][a-z0-9-]{0,62}$' }) });

export const ActivateReleaseRequestSchema = Type.Object({
  release: Type.String({ minLength: 1, maxLength: 100, pattern: '^[0-9A-Za-z][0-9A-Za-z.+_-]*$', description: "A release id (printed by `npm run release`, answered by a publish, or the site's own build released at start-up); 'dist' is refused: the built dist/ folder is not a release." }),
  percent: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 100, description: 'Below 100: a canary for the browsers whose bucket is below it; everyone else keeps the active release.' })),
  force: Type.Optional(Type.Boolean({ description: 'Needed to activate, at any percent, a release the server rolled back automatically in the last 24 hours (else 409 naming that rollback).' })),
});
export type ActivateReleaseRequest = Static<typeof ActivateReleaseRequestSchema>;

export const ReleaseSwitchSchema = Type.Object({
  id: Type.Integer(),
  remote: Type.String(),
  action: Type.Union([Type.Literal('activate'), Type.Literal('rollback'), Type.Literal('canary'), Type.Literal('promote'), Type.Literal('auto-rollback')]),
  release_id: Type.String(),
  previous_release_id: Type.Union([Type.String(), Type.Null()]),
  /** 'cli:<os user>', 'user:<id>', 'team:<name>' or, for an auto-rollback, 'server (canary of team:<name>)'. */
  actor: Type.String(),
  created_at: Type.String(),
  percent: Type.Union([Type.Integer(), Type.Null()], { description: "A canary's share of browsers (action canary)." }),
  reason: Type.Union([Type.String(), Type.Null()], { description: "Why (an auto-rollback's error rate)." }),
});
export type ReleaseSwitch = Static<typeof ReleaseSwitchSchema>;

export const RemoteStateSchema = Type.Object({
  remote: Type.String(),
  name: Type.String(),
  registered: Type.Boolean({ description: 'One of the site\'s own remotes (built with the site); otherwise it joined the site through a release.' }),
  active: Type.String({ description: "The active release id, or 'dist' while nothing has been released yet." }),
  canary: Type.Union([
    Type.Object({
      release: Type.String(),
      percent: Type.Integer(),
      started_by: Type.String(),
      started_at: Type.String(),
      loads: Type.Integer({ description: 'Page loads served the canary over the last CANARY_WINDOW_S.' }),
      errors: Type.Integer({ description: 'Of those, loads that reported an error of this remote.' }),
      error_rate: Type.Number(),
    }),
    Type.Null(),
  ]),
  releases: Type.Array(Type.Object({ id: Type.String(), version: Type.String(), created_at: Type.String() })),
  history: Type.Array(ReleaseSwitchSchema, { description: 'The latest switches, newest first.' }),
});
export type RemoteState = Static<typeof RemoteStateSchema>;

export const RemoteStatesResponseSchema = Type.Object({ remotes: Type.Array(RemoteStateSchema) });
export type RemoteStatesResponse = Static<typeof RemoteStatesResponseSchema>;
export const ReleaseSwitchResponseSchema = Type.Object({ message: Type.String(), switch: ReleaseSwitchSchema });

// Teams publish their remote over HTTP (docs/teams.md): team tokens and publishing.

export const PublishReleaseResponseSchema = Type.Object({
  release: Type.String({ description: 'The release id the server computed (version + content hash).' }),
  files: Type.Integer({ description: 'Files in the release.' }),
  bytes: Type.Integer({ description: 'Their total size, unpacked.' }),
});
export type PublishReleaseResponse = Static<typeof PublishReleaseResponseSchema>;

export const TokenScopeSchema = Type.Union([Type.Literal('publish'), Type.Literal('activate'), Type.Literal('promote')]);

export const CreateRemoteTokenRequestSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 63, pattern: '^[A-Za-z0-9][A-Za-z0-9 ._-]*$', description: "The team's name, recorded with every switch the token makes (team:<name>)." }),
  scopes: Type.Optional(Type.Array(TokenScopeSchema, { minItems: 1, maxItems: 3, uniqueItems: true, description: 'Default: all three.' })),
  expires_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650, description: 'Default 90.' })),
  email: Type.Optional(Type.String({ maxLength: 254, description: "The team's address: a gate refusal, an automatic rollback and a promotion of its remote are mailed to it as well as to the admins (400 when it is not an address)." })),
});
export type CreateRemoteTokenRequest = Static<typeof CreateRemoteTokenRequestSchema>;

export const CreateRemoteTokenResponseSchema = Type.Object({
  token_id: Type.String(),
  token: Type.String({ description: 'Shown once; only its hash is stored.' }),
});

export const RemoteTokenSchema = Type.Object({
  token_id: Type.String(),
  name: Type.String(),
  scopes: Type.Array(TokenScopeSchema),
  created_at: Type.String(),
  expires_at: Type.String(),
  last_used_at: Type.Union([Type.String(), Type.Null()]),
  revoked_at: Type.Union([Type.String(), Type.Null()]),
});
export const ReleaseStateSchema = Type.Union([Type.Literal('active'), Type.Literal('canary'), Type.Literal('published'), Type.Literal('previous'), Type.Literal('rolled-back')]);

export const RemoteReleaseSchema = Type.Object({
  release: Type.String(),
  version: Type.String(),
  commit: Type.Union([Type.String(), Type.Null()], { description: 'The git commit it was built from, when the remote is a git repository.' }),
  branch: Type.Union([Type.String(), Type.Null()]),
  notes: Type.Union([Type.String(), Type.Null()], { description: "The team's notes (`npm run release -- --notes`), as sent: plain text." }),
  built_at: Type.Union([Type.String(), Type.Null()]),
  tests_skipped: Type.Boolean({ description: "True when the remote's own tests were skipped (--skip-tests)." }),
  published_at: Type.String(),
  published_by: Type.Union([Type.String(), Type.Null()], { description: '`team:<name>` or `user:<id>`, never an address; null for the site\'s own build and a release built on the server\'s host.' }),
  state: ReleaseStateSchema,
});
export type RemoteRelease = Static<typeof RemoteReleaseSchema>;
export const RemoteReleasesResponseSchema = Type.Object({ releases: Type.Array(RemoteReleaseSchema) });
export type RemoteReleasesResponse = Static<typeof RemoteReleasesResponseSchema>;

export const RemoteTokensResponseSchema = Type.Object({ tokens: Type.Array(RemoteTokenSchema) });

const LoadIdSchema = Type.String({ minLength: 1, maxLength: 320, description: 'The page load\'s signed id (load_id in /mf/remotes.json).' });
export const ClientErrorRequestSchema = Type.Object({
  load_id: LoadIdSchema,
  remote: Type.String({ pattern: '^[a-z][a-z0-9-]{0,62}$', description: "The remote's folder ('mf-feed')." }),
  release: Type.String({ minLength: 1, maxLength: 100, pattern: '^[0-9A-Za-z][0-9A-Za-z.+_-]*$' }),
  kind: Type.Union([Type.Literal('load'), Type.Literal('render'), Type.Literal('runtime')]),
  message: Type.String({ maxLength: 500 }),
  stack: Type.Optional(Type.String({ maxLength: 8000 })),
});
export type ClientErrorRequest = Static<typeof ClientErrorRequestSchema>;

export const ClientLoadRequestSchema = Type.Object({
  load_id: LoadIdSchema,
  remote: Type.String({ pattern: '^[a-z][a-z0-9-]{0,62}$', description: "The remote's folder ('mf-feed')." }),
  release: Type.String({ minLength: 1, maxLength: 100, pattern: '^[0-9A-Za-z][0-9A-Za-z.+_-]*$', description: 'The release whose module mounted.' }),
});
export type ClientLoadRequest = Static<typeof ClientLoadRequestSchema>;

export const RemoteErrorsQuerySchema = Type.Object({
  release: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[0-9A-Za-z][0-9A-Za-z.+_-]*$' })),
});
export const RemoteErrorsResponseSchema = Type.Object({
  errors: Type.Array(
    Type.Object({
      release: Type.String(),
      kind: Type.String(),
      message: Type.String(),
      stack: Type.Union([Type.String(), Type.Null()], { description: "Mapped through the release's private source maps where they cover it." }),
      created_at: Type.String(),
    }),
  ),
});

export const PreviewRequestSchema = Type.Object({
  release: Type.String({ minLength: 1, maxLength: 100, pattern: '^[0-9A-Za-z][0-9A-Za-z.+_-]*$', description: 'A published release of the remote.' }),
});
export const PreviewResponseSchema = Type.Object({
  url: Type.String({ description: 'Valid one hour: the browser that opens it gets this release of the remote (kept in a cookie until it expires).' }),
  expires_at: Type.String(),
});

/** The confirmation page of a preview link pins the release with the link's token. */
export const ConfirmPreviewRequestSchema = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 300, pattern: '^[0-9A-Za-z~._+-]+$', description: 'The `wishes_preview` value of the preview link.' }),
});
export const ConfirmPreviewResponseSchema = Type.Object({
  remote: Type.String(),
  release: Type.String(),
  expires_at: Type.String({ description: 'When the link, and so the pin, ends.' }),
});

export const RemoteTokenParamsSchema = Type.Object({
  remote: Type.String({ pattern: '^[a-z][a-z0-9-]{0,62}$' }),
  token_id: Type.String({ pattern: '^[0-9a-f]{16}$' }),
});
// ---------- v2: own wishes, moderation (docs/product.md) ----------

export const RoleSchema = Type.Union([Type.Literal('user'), Type.Literal('moderator'), Type.Literal('admin')]);
export type Role = Static<typeof RoleSchema>;

export const UpdateWishRequestSchema = Type.Object(
  {
    text: Type.Optional(Type.String({ maxLength: LIMITS.wishTextMax })),
    is_public: Type.Optional(Type.Boolean()),
    card_theme: Type.Optional(Type.String({ maxLength: 32 })),
  },
  { description: 'At least one field. A text change sets edited_at; is_public false removes the wish from every public list at once.' },
);
export type UpdateWishRequest = Static<typeof UpdateWishRequestSchema>;
export const UpdateWishResponseSchema = Type.Object({ wish: WishSchema });

export const ModerationWishActionSchema = Type.Union([Type.Literal('hide'), Type.Literal('restore'), Type.Literal('dismiss'), Type.Literal('delete')]);
export type ModerationWishAction = Static<typeof ModerationWishActionSchema>;
export const ModerationUserActionSchema = Type.Union([Type.Literal('ban'), Type.Literal('unban')]);
export type ModerationUserAction = Static<typeof ModerationUserActionSchema>;

export const ReportStatusSchema = Type.Union([Type.Literal('open'), Type.Literal('resolved')]);
export type ReportStatus = Static<typeof ReportStatusSchema>;

export const ReportedWishSchema = Type.Object({
  /** `reply`: a reported reply (in `reply`) under `wish`; otherwise the wish itself was reported. */
  kind: Type.Optional(Type.Union([Type.Literal('wish'), Type.Literal('reply')])),
  reply: Type.Optional(ReportedReplySchema),
  wish: WishSchema,
  report_count: Type.Integer(),
  categories: Type.Record(Type.String(), Type.Integer(), { description: 'report count per category' }),
  first_reported_at: Type.String(),
  last_reported_at: Type.String(),
  status: ReportStatusSchema,
  resolution: Nullable(Type.String({ description: 'hide, restore, dismiss or delete; null while open' })),
});
export type ReportedWish = Static<typeof ReportedWishSchema>;
export const ReportQueuePageSchema = Type.Object({
  items: Type.Array(ReportedWishSchema),
  page_number: Type.Integer(),
  next_page_number: Nullable(Type.Integer()),
});
export type ReportQueuePage = Static<typeof ReportQueuePageSchema>;

export const ModerationWishResponseSchema = Type.Object({ message: Type.String(), wish: Type.Optional(WishSchema) });
export type ModerationWishResponse = Static<typeof ModerationWishResponseSchema>;

export const ModerationLogEntrySchema = Type.Object({
  id: Type.Integer(),
  actor_id: Nullable(Type.Integer({ description: 'null: the system (auto-hide)' })),
  actor_name: Type.String(),
  action: Type.String({ description: 'hide, restore, dismiss, delete, ban, unban, auto_hide' }),
  target_type: Type.Union([Type.Literal('wish'), Type.Literal('user'), Type.Literal('reply')]),
  target_id: Type.Integer(),
  target_name: Nullable(Type.String({ description: "a user's name (target_type user); null for a wish or a deleted user" })),
  reason: Type.String(),
  created_at: Type.String(),
});
export type ModerationLogEntry = Static<typeof ModerationLogEntrySchema>;
export const ModerationLogPageSchema = Type.Object({
  entries: Type.Array(ModerationLogEntrySchema),
  page_number: Type.Integer(),
  next_page_number: Nullable(Type.Integer()),
});
export type ModerationLogPage = Static<typeof ModerationLogPageSchema>;

export const OfferSchema = Type.Object({ id: Type.Integer(), user_id: Type.Integer(), email: Type.String(), message: Type.String(), created_at: Type.String() });
export type Offer = Static<typeof OfferSchema>;
export const OfferInboxPageSchema = Type.Object({ offers: Type.Array(OfferSchema), page_number: Type.Integer(), next_page_number: Nullable(Type.Integer()) });
export type OfferInboxPage = Static<typeof OfferInboxPageSchema>;

export const MyReportSchema = Type.Object({
  wish_id: Type.Integer(),
  category: Type.String(),
  created_at: Type.String(),
  status: ReportStatusSchema,
  resolution: Nullable(Type.String()),
});
export type MyReport = Static<typeof MyReportSchema>;
export const MyReportsPageSchema = Type.Object({ reports: Type.Array(MyReportSchema), page_number: Type.Integer(), next_page_number: Nullable(Type.Integer()) });
export type MyReportsPage = Static<typeof MyReportsPageSchema>;
