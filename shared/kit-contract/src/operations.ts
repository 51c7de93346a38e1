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
import {
  ActivateReleaseRequestSchema,
  CreateRemoteTokenRequestSchema,
  CreateRemoteTokenResponseSchema,
  PublishReleaseResponseSchema,
  ClientErrorRequestSchema,
  ClientLoadRequestSchema,
  PreviewRequestSchema,
  PreviewResponseSchema,
  ConfirmPreviewRequestSchema,
  ConfirmPreviewResponseSchema,
  RemoteErrorsQuerySchema,
  RemoteErrorsResponseSchema,
  RemoteTokenParamsSchema,
  RemoteTokensResponseSchema,
  RemoteReleasesResponseSchema,
  AvatarUploadResponseSchema,
  CreateUserRequestSchema,
  CreateUserResponseSchema,
  FeedPageSchema,
  GenerateRequestSchema,
  GenerateResponseSchema,
  IdParamSchema,
  ImproveRequestSchema,
  ImproveResponseSchema,
  MessageResponseSchema,
  ModerationLogPageSchema,
  ModerationWishResponseSchema,
  MyReportsPageSchema,
  OfferInboxPageSchema,
  OfferRequestSchema,
  OptionsSchema,
  ProfileSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
  ReleaseSwitchResponseSchema,
  RemoteParamsSchema,
  RemoteStatesResponseSchema,
  ReportQueuePageSchema,
  ResetConfirmRequestSchema,
  ResetRequestSchema,
  SaveWishRequestSchema,
  SaveWishResponseSchema,
  SearchPageSchema,
  SubscribeResponseSchema,
  SubscriptionsResultSchema,
  TokenPairSchema,
  TokenRequestSchema,
  UpdateWishRequestSchema,
  UpdateWishResponseSchema,
  VoteResponseSchema,
  VotersResultSchema,
  WishDetailResponseSchema,
} from './schemas';
import {
  AccountPatchSchema,
  AccountSchema,
  ChangePasswordRequestSchema,
  ChangePasswordResponseSchema,
  DeleteAccountRequestSchema,
  MarkReadRequestSchema,
  NotificationsPageSchema,
  NotificationsQuerySchema,
  UnreadCountSchema,
} from './social';
import { CHAT_LIMITS, ChatMessageRequestSchema, ChatMessageResponseSchema, ChatSchema, CreateChatRequestSchema, CreateChatResponseSchema } from './chats';
import {
  AccountExportSchema,
  AvatarUploadBodySchema,
  ComplaintBodySchema,
  PageParamsSchema,
  PageQuerySchema,
  QueueQuerySchema,
  SearchBodySchema,
  StreamQuerySchema,
  UserActionBodySchema,
  UserPageParamsSchema,
  VoteBodySchema,
  VotersFilterQuerySchema,
  WishActionBodySchema,
  ReplyActionBodySchema,
} from './requests';
import {
  CardQuerySchema,
  CardThemesSchema,
  DeliveriesPageSchema,
  DeliveriesQuerySchema,
  DeliverySchema,
  OpenedResponseSchema,
  ReceivedWishSchema,
  MoveDeliveryRequestSchema,
  DeliveryReplyRequestSchema,
  DeliveryReplyResponseSchema,
  ReceivedReplyParamSchema,
  SendWishRequestSchema,
  SendWishResponseSchema,
  TokenParamSchema,
  VerifyEmailRequestSchema,
} from './deliveries';
import {
  CreatePersonRequestSchema,
  ImportPeopleBodySchema,
  ImportPeopleResponseSchema,
  PeopleListSchema,
  PersonParamSchema,
  PersonResponseSchema,
  UpdatePersonRequestSchema,
} from './people';
import { WishRepliesPageSchema, WishReplyParamSchema, WishReplyRequestSchema, WishReplyResponseSchema } from './replies';

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
  rawBody?: { contentType: string; description: string };
  responses: Partial<Record<200 | 201 | 204 | 304, SuccessResponse>>;
  /** Error statuses of this call beyond the automatic ones (errorStatusesOf). */
  errors?: readonly number[];
  /** simplejwt's token views ignore the Authorization header, so a bad token is no 401 there. */
  tokenView?: boolean;
  /** Rate-limited (429 with Retry-After). */
  limited?: boolean;
}

/** The URL areas, in the order the documentation lists them. */
export const TAGS = {
  options: 'Site options the client reads at start (names, report topics, compose choices).',
  account: 'Sign-up and the signed-in member\'s own account: settings, password, sign out everywhere, export, delete.',
  auth: 'Tokens (simplejwt-style obtain and refresh with rotation) and the password-reset flow.',
  wishes: 'Saving, reading, editing and deleting wishes; the public and following feeds; a member\'s wishes; search.',
  generator: 'Writing and rewriting wish text with the language model (hourly quota per member).',
  votes: 'Up- and downvotes on a wish, and who voted.',
  profiles: 'Public profiles, following (subscribe), subscription lists and the avatar upload.',
  complaints: 'Reports of a wish, and the reporter\'s own reports with their outcome.',
  offers: 'Business offers sent to the site\'s admins.',
  moderation: 'Moderators\' and admins\' area: report queue, actions on wishes and users, audit log, offer inbox.',
  notifications: 'A member\'s notifications and the live unread count.',
  previews: 'PNG cards for link previews (og:image), in themes and formats people keep.',
  deliveries: 'Sending a wish to someone by email, now or at a time; the recipient\'s link; the sender\'s list.',
  people: 'The people a member writes for, their dates, the reminders before them, and importing them.',
  admin: 'Admins\' remote releases: list, activate, roll back.',
} as const;
export type Tag = keyof typeof TAGS;

const png = (description: string): MediaResponse => ({ contentType: 'image/png', description });
const eventStream = (description: string): MediaResponse => ({ contentType: 'text/event-stream', description });

export const OPERATIONS = {
  // ---------------------------------------------------------------- options (server/src/options)
  getOptions: {
    method: 'GET',
    path: '/api/base/options',
    auth: 'visitor',
    tag: 'options',
    summary: 'Site options',
    description: 'Answers 304 to a matching If-None-Match (the ETag of the options file).',
    responses: { 200: OptionsSchema, 304: null },
  },

  // ---------------------------------------------------------------- account (server/src/account)
  createUser: {
    method: 'POST',
    path: '/api/base/create_user/',
    auth: 'visitor',
    tag: 'account',
    summary: 'Sign up',
    description: '400 with `fields` for an invalid email or a weak password; 409 when the email is taken.',
    body: CreateUserRequestSchema,
    responses: { 201: CreateUserResponseSchema },
    errors: [409],
    limited: true,
  },
  getAccount: { method: 'GET', path: '/api/account/', auth: 'user', tag: 'account', summary: 'Your account settings', responses: { 200: AccountSchema } },
  updateAccount: {
    method: 'PATCH',
    path: '/api/account/',
    auth: 'user',
    tag: 'account',
    summary: 'Change your name or phone',
    description: 'Change first_name, last_name and/or phone; a body with none of them changes nothing.',
    body: AccountPatchSchema,
    responses: { 200: AccountSchema },
  },
  deleteAccount: {
    method: 'DELETE',
    path: '/api/account/',
    auth: 'user',
    tag: 'account',
    summary: 'Delete your account (with your password)',
    description: 'Removes the account with its wishes, votes, follows, reports and notifications; every token of it answers 401 afterwards.',
    body: DeleteAccountRequestSchema,
    responses: { 200: MessageResponseSchema },
    limited: true,
  },
  changePassword: {
    method: 'POST',
    path: '/api/account/password/',
    auth: 'user',
    tag: 'account',
    summary: 'Change your password',
    description: 'Signs out every other device; the answer carries a fresh token pair for this one.',
    body: ChangePasswordRequestSchema,
    responses: { 200: ChangePasswordResponseSchema },
    limited: true,
  },
  signOutEverywhere: {
    method: 'POST',
    path: '/api/account/sign_out_everywhere/',
    auth: 'user',
    tag: 'account',
    summary: 'Sign out on every device',
    description: 'Every access and refresh token issued before now, this device\'s included, answers 401 from the next request.',
    responses: { 200: MessageResponseSchema },
  },
  verifyEmail: {
    method: 'POST',
    path: '/api/account/verify_email/',
    auth: 'visitor',
    tag: 'account',
    summary: 'Verify your email address (the token of the link mailed at sign-up)',
    description: '400 for an unknown, altered or expired token.',
    body: VerifyEmailRequestSchema,
    responses: { 200: MessageResponseSchema },
    limited: true,
  },
  exportAccount: {
    method: 'GET',
    path: '/api/account/export/',
    auth: 'user',
    tag: 'account',
    summary: 'Download everything the site holds about you',
    description: 'A JSON file (Content-Disposition: attachment) with account, wishes (private too), votes, subscriptions, followers, reports, notifications.',
    responses: { 200: { contentType: 'application/json', schema: AccountExportSchema, description: 'The export, as an attachment.' } },
  },

  // ---------------------------------------------------------------- auth (server/src/auth)
  obtainToken: {
    method: 'POST',
    path: '/api/token/',
    auth: 'visitor',
    tag: 'auth',
    summary: 'Sign in: an access and a refresh token',
    description: '401 `No active account found with the given credentials` for a wrong email or password; repeated failures are locked out (429 with Retry-After).',
    body: TokenRequestSchema,
    responses: { 200: TokenPairSchema },
    tokenView: true,
    limited: true,
  },
  refreshToken: {
    method: 'POST',
    path: '/api/token/refresh/',
    auth: 'visitor',
    tag: 'auth',
    summary: 'A new access token (and a rotated refresh token)',
    description: 'The refresh token sent is spent; the answer carries the one that replaces it. 401 for an invalid, expired or spent one.',
    body: RefreshRequestSchema,
    responses: { 200: RefreshResponseSchema },
    tokenView: true,
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/api/password/reset/',
    auth: 'visitor',
    tag: 'auth',
    summary: 'Mail a password-reset link',
    description: 'The same answer whether or not the account exists.',
    body: ResetRequestSchema,
    responses: { 200: MessageResponseSchema },
    limited: true,
  },
  confirmPasswordReset: {
    method: 'POST',
    path: '/api/password/reset/confirm/',
    auth: 'visitor',
    tag: 'auth',
    summary: 'Set a new password with a reset link',
    description: 'Ends every session of the account. 400 for an invalid, expired or used link, or a weak password.',
    body: ResetConfirmRequestSchema,
    responses: { 200: MessageResponseSchema },
    limited: true,
  },

  // ---------------------------------------------------------------- wishes (server/src/wishes)
  // ---------------------------------------------------------------- a chat per wish (server/src/chats)
  createChat: {
    method: 'POST',
    path: '/api/base/chats/',
    auth: 'user',
    tag: 'generator',
    summary: 'Start the chat of a draft',
    description:
      'The compose form (as generate_text, plus an optional `length`). Writes the first draft and spends one unit of the hourly quota; with `text` (a draft already in the editor) the chat starts from that text instead and nothing is spent. ' +
      `The author keeps the newest ${CHAT_LIMITS.draftChatsKept} chats not saved with a wish.`,
    body: CreateChatRequestSchema,
    responses: { 201: CreateChatResponseSchema },
    // 429: the hourly generation quota (not a request-rate limit: a chat started from the editor's text spends nothing).
    errors: [429, 502],
  },
  getChat: {
    method: 'GET',
    path: '/api/base/chats/{id}/',
    auth: 'user',
    tag: 'generator',
    summary: 'A chat: its settings, messages and versions (author only)',
    description: '404 for anyone but its author, as for a chat that does not exist.',
    params: IdParamSchema,
    responses: { 200: ChatSchema },
  },
  postChatMessage: {
    method: 'POST',
    path: '/api/base/chats/{id}/messages/',
    auth: 'user',
    tag: 'generator',
    summary: 'Ask the assistant to change the draft',
    description:
      `One instruction (at most ${CHAT_LIMITS.instructionsMax} per chat, then 409). ` +
      '`text` (optional) is the editor\'s current text when the author changed it by hand: it becomes a version first. Answers the new version and what the assistant says about it; one unit of the quota (429 when spent) when the text changed. The offline generator follows a fixed set (README → The generator); anything else is 200 with the text unchanged and a reply that says so, spending nothing.',
    params: IdParamSchema,
    body: ChatMessageRequestSchema,
    responses: { 200: ChatMessageResponseSchema },
    errors: [409, 429, 502],
  },
  getWishChat: {
    method: 'GET',
    path: '/api/base/wish/{id}/chat/',
    auth: 'user',
    tag: 'generator',
    summary: "The chat kept with a wish (the wish's author only)",
    description: '404 for anyone but the author (public wishes included), and when the wish has no chat.',
    params: IdParamSchema,
    responses: { 200: ChatSchema },
  },

  saveWish: {
    method: 'POST',
    path: '/api/base/save_wish/',
    auth: 'user',
    tag: 'wishes',
    summary: 'Save a wish',
    description: '`chat_id` (optional): the caller\'s own chat to keep with the wish (404 when it is not theirs, 409 when it is already kept with another wish; nothing is saved then).',
    body: SaveWishRequestSchema,
    responses: { 201: SaveWishResponseSchema },
    errors: [409],
  },
  getWish: {
    method: 'GET',
    path: '/api/base/wish/{id}/',
    auth: 'optional',
    tag: 'wishes',
    summary: 'One wish',
    description: '404 for a wish the caller may not see (someone else\'s private or hidden wish).',
    params: IdParamSchema,
    responses: { 200: WishDetailResponseSchema },
  },
  updateWish: {
    method: 'PATCH',
    path: '/api/base/wish/{id}/',
    auth: 'user',
    tag: 'wishes',
    summary: 'Edit your own wish (text and/or is_public)',
    description:
      "Author only. A changed text sets edited_at; is_public false removes the wish from the feed, search and others' lists at once. 403 when the caller can see the wish but did not write it; 404 when they cannot see it.",
    params: IdParamSchema,
    body: UpdateWishRequestSchema,
    responses: { 200: UpdateWishResponseSchema },
    errors: [403],
  },
  listWishReplies: {
    method: 'GET',
    path: '/api/wish/{id}/replies/',
    auth: 'optional',
    tag: 'wishes',
    summary: 'The replies under a wish, oldest first, 20 a page',
    description: 'For a wish the caller may see (404 otherwise). Hidden replies are shown to their author and moderators only.',
    params: IdParamSchema,
    query: PageQuerySchema,
    responses: { 200: WishRepliesPageSchema },
    errors: [404],
  },
  createWishReply: {
    method: 'POST',
    path: '/api/wish/{id}/replies/',
    auth: 'user',
    tag: 'wishes',
    summary: 'Reply under a public wish',
    description: '`text` 1–500 characters; `REPLIES_PER_HOUR` per member (429). The wish\'s author gets a `reply` notification. Private and hidden wishes take no replies (404 to others, 403 to their author).',
    params: IdParamSchema,
    body: WishReplyRequestSchema,
    responses: { 201: WishReplyResponseSchema },
    errors: [403, 404, 429],
  },
  deleteWishReply: {
    method: 'DELETE',
    path: '/api/wish/{id}/replies/{reply_id}/',
    auth: 'user',
    tag: 'wishes',
    summary: 'Remove a reply (its author, the wish\'s author or a moderator)',
    params: WishReplyParamSchema,
    responses: { 200: MessageResponseSchema },
    errors: [404],
  },
  deleteWish: {
    method: 'DELETE',
    path: '/api/base/wish/{id}/',
    auth: 'user',
    tag: 'wishes',
    summary: 'Delete a wish (its author, a moderator or an admin)',
    description: "Its votes and reports go with it; it is 404 everywhere afterwards and every count follows. A moderator deleting someone else's wish is written to the moderation log.",
    params: IdParamSchema,
    responses: { 200: MessageResponseSchema },
    errors: [403],
  },
  getFeed: { method: 'GET', path: '/api/base/feed/', auth: 'optional', tag: 'wishes', summary: 'The public feed, first page', responses: { 200: FeedPageSchema } },
  getFeedPage: {
    method: 'GET',
    path: '/api/base/feed/{page}/',
    auth: 'optional',
    tag: 'wishes',
    summary: 'The public feed, one page',
    params: PageParamsSchema,
    responses: { 200: FeedPageSchema },
  },
  getFollowingFeed: {
    method: 'GET',
    path: '/api/base/feed/following/',
    auth: 'user',
    tag: 'wishes',
    summary: 'Public wishes of the people you follow, first page',
    responses: { 200: FeedPageSchema },
  },
  getFollowingFeedPage: {
    method: 'GET',
    path: '/api/base/feed/following/{page}/',
    auth: 'user',
    tag: 'wishes',
    summary: 'Public wishes of the people you follow, one page',
    params: PageParamsSchema,
    responses: { 200: FeedPageSchema },
  },
  getUserWishes: {
    method: 'GET',
    path: '/api/base/user/{id}/wishes/',
    auth: 'optional',
    tag: 'wishes',
    summary: "A member's wishes, first page",
    description: 'Their private and hidden wishes only for themself.',
    params: IdParamSchema,
    responses: { 200: FeedPageSchema },
  },
  getUserWishesPage: {
    method: 'GET',
    path: '/api/base/user/{id}/wishes/{page}/',
    auth: 'optional',
    tag: 'wishes',
    summary: "A member's wishes, one page",
    params: UserPageParamsSchema,
    responses: { 200: FeedPageSchema },
  },
  search: {
    method: 'POST',
    path: '/api/base/search/',
    auth: 'optional',
    tag: 'wishes',
    summary: 'Search wishes, first page',
    description: 'Errors carry `success: false`. 503 with Retry-After when the search is past its time bound.',
    body: SearchBodySchema,
    responses: { 200: SearchPageSchema },
    limited: true,
  },
  searchPage: {
    method: 'POST',
    path: '/api/base/search/{page}/',
    auth: 'optional',
    tag: 'wishes',
    summary: 'Search wishes, one page',
    params: PageParamsSchema,
    body: SearchBodySchema,
    responses: { 200: SearchPageSchema },
    limited: true,
  },

  // ---------------------------------------------------------------- generator (server/src/generator)
  generateText: {
    method: 'POST',
    path: '/api/base/generate_text/',
    auth: 'user',
    tag: 'generator',
    summary: 'Write a wish from the compose form',
    description:
      'Writes a wish from the compose form. `length` is short, medium (default) or long; `variants` (1–3, default 1) asks for several different drafts, returned in `variants` with `text` the first. One call spends one unit of the hourly quota (429 when spent). 502/503 when the language model fails or is unavailable.',
    body: GenerateRequestSchema,
    responses: { 200: GenerateResponseSchema },
    errors: [502],
    limited: true,
  },
  streamGeneratedText: {
    method: 'POST',
    path: '/api/base/generate_text/stream/',
    auth: 'user',
    tag: 'generator',
    summary: 'Write a wish, streamed as it is written',
    description:
      'Same body as generate_text (variants ignored). Answers text/event-stream: `event: token` `data: {"text": piece}` as the draft is written, then `event: done` `data: {"text": whole, "rate_limit": {...}}`. A refusal before any byte is the HTTP status with `{error}`; a failure after the first piece is `event: error` `data: {"error", "status"}` and costs no quota. A client that stops reading after the first piece has spent its unit.',
    body: GenerateRequestSchema,
    responses: { 200: eventStream('Server-Sent Events: token…, then done or error.') },
    // `limited`: 429 also when the member (STREAMS_PER_MEMBER) or the address (STREAMS_PER_ADDRESS) has too many streams open.
    errors: [502],
    limited: true,
  },
  improveText: {
    method: 'POST',
    path: '/api/base/improve_text/',
    auth: 'user',
    tag: 'generator',
    summary: 'Rewrite wish text (warmer, shorter, funnier, more formal)',
    description: 'Spends one unit of the hourly quota.',
    body: ImproveRequestSchema,
    responses: { 200: ImproveResponseSchema },
    errors: [502],
    limited: true,
  },

  // ---------------------------------------------------------------- votes (server/src/votes)
  voteOnWish: {
    method: 'POST',
    path: '/api/wish/{id}/vote/',
    auth: 'user',
    tag: 'votes',
    summary: 'Upvote or downvote a wish',
    params: IdParamSchema,
    body: VoteBodySchema,
    responses: { 200: VoteResponseSchema },
  },
  removeVote: {
    method: 'DELETE',
    path: '/api/wish/{id}/vote/',
    auth: 'user',
    tag: 'votes',
    summary: 'Take back your vote',
    params: IdParamSchema,
    responses: { 200: VoteResponseSchema },
  },
  listVoters: {
    method: 'GET',
    path: '/api/wish/{id}/voters/',
    auth: 'optional',
    tag: 'votes',
    summary: 'Who voted on a wish, with the counts',
    params: IdParamSchema,
    query: VotersFilterQuerySchema,
    responses: { 200: VotersResultSchema },
  },

  // ---------------------------------------------------------------- profiles (server/src/profiles, server/src/media)
  getProfile: { method: 'GET', path: '/api/profile/{id}/', auth: 'optional', tag: 'profiles', summary: "A member's profile", params: IdParamSchema, responses: { 200: ProfileSchema } },
  getProfileSubscriptions: {
    method: 'GET',
    path: '/api/profile/{id}/subscriptions/',
    auth: 'optional',
    tag: 'profiles',
    summary: 'Whom a member follows',
    params: IdParamSchema,
    responses: { 200: SubscriptionsResultSchema },
  },
  getMySubscriptions: {
    method: 'GET',
    path: '/api/profile/my/subscriptions/',
    auth: 'user',
    tag: 'profiles',
    summary: 'Whom you follow',
    responses: { 200: SubscriptionsResultSchema },
  },
  subscribe: {
    method: 'POST',
    path: '/api/profile/{id}/subscribe/',
    auth: 'user',
    tag: 'profiles',
    summary: 'Follow a member',
    description: '400 for yourself.',
    params: IdParamSchema,
    responses: { 200: SubscribeResponseSchema },
  },
  unsubscribe: {
    method: 'DELETE',
    path: '/api/profile/{id}/subscribe/',
    auth: 'user',
    tag: 'profiles',
    summary: 'Stop following a member',
    description: '400 for yourself.',
    params: IdParamSchema,
    responses: { 200: SubscribeResponseSchema },
  },
  uploadAvatar: {
    method: 'POST',
    path: '/api/profile/my/avatar/upload/',
    auth: 'user',
    tag: 'profiles',
    summary: 'Upload your avatar',
    description: 'One image in the `avatar` field; 413 when too large, 415 when not an image; 404 when the account was deleted meanwhile.',
    body: AvatarUploadBodySchema,
    multipart: true,
    responses: { 200: AvatarUploadResponseSchema },
    errors: [404],
  },

  // ---------------------------------------------------------------- complaints (server/src/complaints)
  submitComplaint: {
    method: 'POST',
    path: '/api/complaints/submit/',
    auth: 'optional',
    tag: 'complaints',
    summary: 'Report a wish or a reply',
    description: '`wish_id`, or `reply_id` for a reply under a public wish. 201 for a new report; a repeat by the same reporter is 200 and files nothing new. 400 for a category not in `report_topic_config`; 404 for a wish or reply the caller cannot see.',
    body: ComplaintBodySchema,
    responses: { 200: MessageResponseSchema, 201: MessageResponseSchema },
    errors: [404],
    limited: true,
  },
  listMyReports: {
    method: 'GET',
    path: '/api/complaints/my/',
    auth: 'user',
    tag: 'complaints',
    summary: "The caller's reports, newest first, with their outcome",
    description: 'status is open until a moderator acts; resolution is then hide, restore, dismiss or delete. A report of a wish its author deleted goes with the wish.',
    query: PageQuerySchema,
    responses: { 200: MyReportsPageSchema },
  },

  // ---------------------------------------------------------------- offers (server/src/offers)
  submitOffer: {
    method: 'POST',
    path: '/api/offer/submit/',
    auth: 'user',
    tag: 'offers',
    summary: 'Send a business offer',
    body: OfferRequestSchema,
    responses: { 201: MessageResponseSchema },
  },

  // ---------------------------------------------------------------- moderation (server/src/moderation)
  getReportQueue: {
    method: 'GET',
    path: '/api/moderation/reports/',
    auth: 'moderator',
    tag: 'moderation',
    summary: 'Reported wishes, grouped by wish',
    description:
      'Open items: most reports first, then the latest report. Resolved items: most recently resolved first; `resolution` is the latest action. Moderators see hidden and private reported wishes here.',
    query: QueueQuerySchema,
    responses: { 200: ReportQueuePageSchema },
  },
  moderateWish: {
    method: 'POST',
    path: '/api/moderation/wish/{id}/',
    auth: 'moderator',
    tag: 'moderation',
    summary: 'hide / restore / dismiss / delete a wish, with a reason',
    description:
      "Resolves the wish's open reports with the action and writes the audit log. `restore` clears a moderator's hide (a banned author's wishes stay hidden until the unban); `dismiss` leaves the wish as it is.",
    params: IdParamSchema,
    body: WishActionBodySchema,
    responses: { 200: ModerationWishResponseSchema },
  },
  moderateReply: {
    method: 'POST',
    path: '/api/moderation/reply/{id}/',
    auth: 'moderator',
    tag: 'moderation',
    summary: 'hide / restore / dismiss / delete a reported reply, with a reason',
    description: "Resolves the reply's open reports with the action and writes the audit log. A hidden reply is shown to its author and moderators only; `delete` removes it.",
    params: IdParamSchema,
    body: ReplyActionBodySchema,
    responses: { 200: MessageResponseSchema },
  },
  moderateUser: {
    method: 'POST',
    path: '/api/moderation/user/{id}/',
    auth: 'moderator',
    tag: 'moderation',
    summary: 'ban / unban a user, with a reason',
    description:
      'A ban stops sign-in and refresh, makes every token already issued to the user answer 401, and hides all their wishes from everyone but moderators. Only an admin may ban a moderator or an admin; nobody bans themself.',
    params: IdParamSchema,
    body: UserActionBodySchema,
    responses: { 200: MessageResponseSchema },
  },
  getModerationLog: {
    method: 'GET',
    path: '/api/moderation/log/',
    auth: 'moderator',
    tag: 'moderation',
    summary: 'The moderation audit log, newest first',
    query: PageQuerySchema,
    responses: { 200: ModerationLogPageSchema },
  },
  getOfferInbox: {
    method: 'GET',
    path: '/api/moderation/offers/',
    auth: 'admin',
    tag: 'moderation',
    summary: 'Business offers, newest first (admins only)',
    query: PageQuerySchema,
    responses: { 200: OfferInboxPageSchema },
  },

  // ---------------------------------------------------------------- notifications (server/src/notifications)
  listNotifications: {
    method: 'GET',
    path: '/api/notifications/',
    auth: 'user',
    tag: 'notifications',
    summary: 'Your notifications, newest first, with the unread count',
    query: NotificationsQuerySchema,
    responses: { 200: NotificationsPageSchema },
    errors: [404],
  },
  markNotificationsRead: {
    method: 'POST',
    path: '/api/notifications/read/',
    auth: 'user',
    tag: 'notifications',
    summary: 'Mark notifications read (the given ids, or all)',
    body: MarkReadRequestSchema,
    responses: { 200: UnreadCountSchema },
  },
  streamUnreadCount: {
    method: 'GET',
    path: '/api/notifications/stream/',
    auth: 'user',
    tag: 'notifications',
    summary: 'The live unread count (Server-Sent Events)',
    description:
      'text/event-stream: `event: unread` with `data: {"unread_count": n}` at once and on every change (from any server process), and a `: keep-alive` comment every STREAM_HEARTBEAT. Send the access token in the Authorization header; `?access_token=` is still taken from old EventSource clients (never logged). The stream ends when the token expires, when the member\'s sessions end (sign-out everywhere, password change or reset, ban, account deletion; on every process within 5 s), or after STREAM_IDLE_TIMEOUT without an event: reconnect. At most STREAMS_PER_MEMBER (10) open streams per member and STREAMS_PER_ADDRESS per client address: one more is 429.',
    query: StreamQuerySchema,
    responses: { 200: eventStream('Server-Sent Events: unread counts.') },
    errors: [429],
  },

  // ---------------------------------------------------------------- previews (server/src/previews)
  getWishCard: {
    method: 'GET',
    path: '/api/base/wish/{id}/card.png',
    auth: 'optional',
    tag: 'previews',
    summary: "A wish's card",
    description:
      'A PNG of a wish (text and author) in a theme (`GET /api/base/card-themes/`; default the wish\'s `card_theme`) and a format: `og` 1200×630 (default), `square` 1080×1080, `story` 1080×1920. Visible wishes for everyone; the author also gets their private ones. 400 for an unknown theme; 404 for a wish the caller cannot see. 304 to a matching If-None-Match.',
    params: IdParamSchema,
    query: CardQuerySchema,
    responses: { 200: png('The card.'), 304: null },
  },
  listCardThemes: {
    method: 'GET',
    path: '/api/base/card-themes/',
    auth: 'visitor',
    tag: 'previews',
    summary: 'The card themes',
    responses: { 200: CardThemesSchema },
  },
  getSiteCard: {
    method: 'GET',
    path: '/api/base/card.png',
    auth: 'visitor',
    tag: 'previews',
    summary: "The site's link-preview card",
    description: "The site's 1200×630 PNG card (generic link previews). 304 to a matching If-None-Match.",
    responses: { 200: png('The card.'), 304: null },
  },

  // ---------------------------------------------------------------- deliveries (server/src/deliveries)
  sendWish: {
    method: 'POST',
    path: '/api/base/wish/{id}/send/',
    auth: 'user',
    tag: 'deliveries',
    summary: 'Send your wish to someone by email, now or at a time',
    description:
      '`send_at` up to 366 days ahead (omitted: now); `note` ≤ 300 characters. 400 for a bad email or a past or too-far time; 403 for an unverified sender or a wish hidden by moderators; 404 for a wish that is not yours; 409 for an address that takes no wishes; 429 over the daily limit.',
    params: IdParamSchema,
    body: SendWishRequestSchema,
    responses: { 201: SendWishResponseSchema },
    errors: [403, 409, 429],
  },
  listDeliveries: {
    method: 'GET',
    path: '/api/base/deliveries/',
    auth: 'user',
    tag: 'deliveries',
    summary: 'Your deliveries, newest first',
    query: DeliveriesQuerySchema,
    responses: { 200: DeliveriesPageSchema },
    errors: [404],
  },
  cancelDelivery: {
    method: 'DELETE',
    path: '/api/base/deliveries/{id}/',
    auth: 'user',
    tag: 'deliveries',
    summary: 'Cancel a scheduled delivery',
    description: '409 once it was sent (or failed, or was cancelled), or while a process is handing it to the mail server; 404 for another member\'s.',
    params: IdParamSchema,
    responses: { 200: MessageResponseSchema },
    errors: [409],
  },
  moveDelivery: {
    method: 'PATCH',
    path: '/api/base/deliveries/{id}/',
    auth: 'user',
    tag: 'deliveries',
    summary: 'Move a scheduled delivery or change its note',
    description: '`send_at`, or `send_at_local` with `time_zone`, and/or `note`. 400 for a past, too-far or unreadable time or an unknown zone; 404 for another member\'s; 409 once it was sent (or failed, or was cancelled), or while a process is handing it to the mail server.',
    params: IdParamSchema,
    body: MoveDeliveryRequestSchema,
    responses: { 200: DeliverySchema },
    errors: [409],
  },
  getReceivedWish: {
    method: 'GET',
    path: '/api/base/deliveries/received/{token}/',
    auth: 'visitor',
    tag: 'deliveries',
    summary: 'The wish behind a recipient\'s link',
    description: 'For whoever holds the link, private wishes included; 404 for an unknown, cancelled or ended link, or a wish hidden by moderators. Never counts as an open.',
    params: TokenParamSchema,
    responses: { 200: ReceivedWishSchema },
  },
  openReceivedWish: {
    method: 'POST',
    path: '/api/base/deliveries/received/{token}/opened/',
    auth: 'visitor',
    tag: 'deliveries',
    summary: 'The recipient\'s page was shown (its beacon)',
    description: 'The first call sets the delivery `opened` and notifies the sender (`delivery_opened`); later calls change nothing.',
    params: TokenParamSchema,
    responses: { 200: OpenedResponseSchema },
  },
  replyReceivedWish: {
    method: 'POST',
    path: '/api/base/deliveries/received/{token}/reply/',
    auth: 'visitor',
    tag: 'deliveries',
    summary: 'The recipient replies to the wish (no sign-in: the link is the right)',
    description:
      '`text` 1–1000 characters; at most 5 per link per hour (429). Sets the delivery opened if it was not; the sender gets a `delivery_replied` notification and a mail. Private to the sender. 404 for an ended link, or after "not me" or an unsubscribe.',
    params: TokenParamSchema,
    body: DeliveryReplyRequestSchema,
    responses: { 201: DeliveryReplyResponseSchema },
    errors: [404, 429],
  },
  deleteReceivedReply: {
    method: 'DELETE',
    path: '/api/base/deliveries/received/{token}/replies/{reply_id}/',
    auth: 'visitor',
    tag: 'deliveries',
    summary: 'The recipient takes a reply back while the link lives',
    description: '404 for a reply of another link, one already taken back, an ended link, or after "not me" or an unsubscribe.',
    params: ReceivedReplyParamSchema,
    responses: { 200: MessageResponseSchema },
    errors: [404],
  },
  unsubscribeRecipient: {
    method: 'POST',
    path: '/api/base/deliveries/received/{token}/unsubscribe/',
    auth: 'visitor',
    tag: 'deliveries',
    summary: 'One-click unsubscribe (RFC 8058): this address takes no more wishes',
    description: 'The mail\'s List-Unsubscribe target; accepts the `List-Unsubscribe=One-Click` form body (multipart/form-data or urlencoded) or none.',
    params: TokenParamSchema,
    responses: { 200: MessageResponseSchema },
  },
  notMeRecipient: {
    method: 'POST',
    path: '/api/base/deliveries/received/{token}/not_me/',
    auth: 'visitor',
    tag: 'deliveries',
    summary: '"Not me": the wish reached the wrong person; this address takes no more wishes',
    params: TokenParamSchema,
    responses: { 200: MessageResponseSchema },
  },
  getReceivedCard: {
    method: 'GET',
    path: '/api/base/deliveries/received/{token}/card.png',
    auth: 'visitor',
    tag: 'deliveries',
    summary: 'The card of the wish behind a recipient\'s link',
    params: TokenParamSchema,
    query: CardQuerySchema,
    responses: { 200: png('The card.'), 304: null },
  },

  // ---------------------------------------------------------------- people (server/src/people)
  listPeople: {
    method: 'GET',
    path: '/api/people/',
    auth: 'user',
    tag: 'people',
    summary: 'Your people, with their next date',
    responses: { 200: PeopleListSchema },
  },
  createPerson: {
    method: 'POST',
    path: '/api/people/',
    auth: 'user',
    tag: 'people',
    summary: 'Add a person and their occasions',
    description: '400 for an unknown time zone, an impossible date (31 February; 29 February is kept and reminds for 28 February in other years), a bad address, or over 500 people.',
    body: CreatePersonRequestSchema,
    responses: { 201: PersonResponseSchema },
  },
  updatePerson: {
    method: 'PATCH',
    path: '/api/people/{person_id}/',
    auth: 'user',
    tag: 'people',
    summary: 'Change a person (occasions given replace the old ones)',
    description: '404 for another member\'s person.',
    params: PersonParamSchema,
    body: UpdatePersonRequestSchema,
    responses: { 200: PersonResponseSchema },
    errors: [404],
  },
  deletePerson: {
    method: 'DELETE',
    path: '/api/people/{person_id}/',
    auth: 'user',
    tag: 'people',
    summary: 'Remove a person',
    description: '404 for another member\'s person.',
    params: PersonParamSchema,
    responses: { 200: MessageResponseSchema },
    errors: [404],
  },
  importPeople: {
    method: 'POST',
    path: '/api/people/import/',
    auth: 'user',
    tag: 'people',
    summary: 'Import people from a CSV or vCard file',
    description: 'Multipart, field `file`: CSV with the header `name,email,birthday`, or vCard 3 or 4, at most 1 MB. Valid lines import, refused ones are listed with their line and reason; a file that is neither (or would pass 500 people) is 400 with nothing written. Photos are ignored.',
    body: ImportPeopleBodySchema,
    multipart: true,
    responses: { 200: ImportPeopleResponseSchema },
    errors: [413],
  },

  // ---------------------------------------------------------------- admin (server/src/releases)
  listRemotes: {
    method: 'GET',
    path: '/api/admin/remotes/',
    auth: 'admin',
    tag: 'admin',
    summary: 'Every remote and its releases',
    description: "Every remote, its active release, its releases and its latest switches. A team token (Authorization: Bearer wtt_...) sees its own remote only.",
    responses: { 200: RemoteStatesResponseSchema },
  },
  activateRelease: {
    method: 'POST',
    path: '/api/admin/remotes/{remote}/activate/',
    auth: 'admin',
    tag: 'admin',
    summary: 'Make a release of a remote active',
    description:
      'Makes a release active (from the next request on): for everyone (percent 100, the default; a team token needs the promote scope) or as a canary for the browsers whose bucket is below percent (the activate scope). A release the server rolled back automatically in the last 24 hours needs `force: true` (else 409 naming that rollback). 409 with a one-line reason when the gate refuses it (a shared singleton the shell does not provide, a missing file, a module another remote consumes, a colliding route); nothing changes then.',
    params: RemoteParamsSchema,
    body: ActivateReleaseRequestSchema,
    responses: { 200: ReleaseSwitchResponseSchema },
    errors: [404, 409],
  },
  rollbackRelease: {
    method: 'POST',
    path: '/api/admin/remotes/{remote}/rollback/',
    auth: 'admin',
    tag: 'admin',
    summary: 'Return a remote to its previous release',
    description: "Admins, or the remote's team token with the activate scope.",
    params: RemoteParamsSchema,
    responses: { 200: ReleaseSwitchResponseSchema },
    errors: [404, 409],
  },
  promoteRelease: {
    method: 'POST',
    path: '/api/admin/remotes/{remote}/promote/',
    auth: 'admin',
    tag: 'admin',
    summary: "Make a remote's canary the release for everyone",
    description: "Admins, or the remote's team token with the promote scope. 409 when no canary runs or the gate refuses it now.",
    params: RemoteParamsSchema,
    responses: { 200: ReleaseSwitchResponseSchema },
    errors: [404, 409],
  },
  previewRelease: {
    method: 'POST',
    path: '/api/admin/remotes/{remote}/preview/',
    auth: 'admin',
    tag: 'admin',
    summary: 'A preview link pinning a release for one browser',
    description:
      "A link valid one hour: it opens on a confirmation page naming the remote and the release; once its person confirms, that browser gets this release of the remote before any user does, with a banner while it is pinned. The release must pass the gate (409 otherwise). Admins, or the remote's team token with the activate scope (403 otherwise).",
    params: RemoteParamsSchema,
    body: PreviewRequestSchema,
    responses: { 200: PreviewResponseSchema },
    errors: [404, 409],
  },
  confirmPreview: {
    method: 'POST',
    path: '/api/preview/',
    auth: 'visitor',
    tag: 'admin',
    summary: "Pin a preview link's release in this browser, once its person confirmed",
    description:
      "Sent by the confirmation page a preview link opens on. Sets the httpOnly cookie `wishes_preview` until the link expires: this browser then gets that release of the remote on every page. 400 for a forged or expired link; 403 when the request comes from another site's page (a preview is pinned only by a person on this site's own confirmation page). Rate-limited per IP.",
    body: ConfirmPreviewRequestSchema,
    responses: { 200: ConfirmPreviewResponseSchema },
    errors: [403],
    limited: true,
  },
  endPreview: {
    method: 'DELETE',
    path: '/api/preview/',
    auth: 'visitor',
    tag: 'admin',
    summary: "End this browser's preview",
    description: "The banner's button: the cookie `wishes_preview` is removed and the browser is back on the live releases. 204 whether or not a preview was pinned.",
    responses: { 204: null },
  },
  listRemoteErrors: {
    method: 'GET',
    path: '/api/admin/remotes/{remote}/errors/',
    auth: 'admin',
    tag: 'admin',
    summary: "Recent client errors of a remote's releases",
    description: "What the shell reported (at most one per remote per page load), newest first, stacks mapped through the release's private source maps. Admins, or the remote's team token (any scope).",
    params: RemoteParamsSchema,
    query: RemoteErrorsQuerySchema,
    responses: { 200: RemoteErrorsResponseSchema },
  },
  reportClientError: {
    method: 'POST',
    path: '/api/client-errors/',
    auth: 'visitor',
    tag: 'admin',
    summary: 'The shell reports a remote that failed in the page',
    description:
      "No sign-in needed. `load_id` is the page load's signed id from /mf/remotes.json; a missing, forged or expired one is a 400, as is a canary release this load was not served. The team reads the first report per remote per load; for a running canary, an error counts at most once per client address per CANARY_WINDOW_S (and that address as a loading one). Rate-limited per IP.",
    body: ClientErrorRequestSchema,
    responses: { 204: null },
    limited: true,
  },
  reportClientLoad: {
    method: 'POST',
    path: '/api/client-loads/',
    auth: 'visitor',
    tag: 'admin',
    summary: "The shell reports that a canary remote's module mounted",
    description:
      "No sign-in needed. Sent once the module of a remote the manifest marks `canary` mounted in the page: the only thing that counts a canary load (serving a page or /mf/remotes.json counts nothing). `load_id` is the page load's signed id; a missing, forged or expired one is a 400, as is a canary release this load was not served. A load counts at most once per client address per canary per CANARY_WINDOW_S; a release that is not a running canary answers 204 and counts nothing. Rate-limited per IP.",
    body: ClientLoadRequestSchema,
    responses: { 204: null },
    limited: true,
  },
  publishRelease: {
    method: 'POST',
    path: '/api/admin/remotes/{remote}/releases/',
    auth: 'admin',
    tag: 'admin',
    summary: "Publish a remote's built folder",
    description:
      "The body is a gzip'd tar of the built folder (remoteEntry.js and mf-manifest.json at its root; optional release.json with the version and declaration; source maps under .maps/, never served). Admins, or the remote's team token with the publish scope. 201 with the computed id; 200 when the same build was published before. 400 for an unsafe or incomplete archive, 413 over RELEASE_MAX_BYTES, 409 when the gate refuses it; nothing is stored then.",
    params: RemoteParamsSchema,
    rawBody: { contentType: 'application/gzip', description: "A gzip'd tar of the remote's built folder." },
    responses: { 201: PublishReleaseResponseSchema, 200: PublishReleaseResponseSchema },
    errors: [404, 409],
  },
  listRemoteReleases: {
    method: 'GET',
    path: '/api/admin/remotes/{remote}/releases/',
    auth: 'admin',
    tag: 'admin',
    summary: "A remote's releases, newest first, with their state",
    description:
      "Each release with what `npm run release` recorded (version, commit, branch, notes, built_at, whether the tests were skipped), when and by whom it was published (`team:<name>` or `user:<id>`) and its state: active, canary, published (never live), previous (replaced by another activation) or rolled-back. Admins, or the remote's team token (any scope; another remote's token: 403).",
    params: RemoteParamsSchema,
    responses: { 200: RemoteReleasesResponseSchema },
    errors: [404],
  },
  createRemoteToken: {
    method: 'POST',
    path: '/api/admin/remotes/{remote}/tokens/',
    auth: 'admin',
    tag: 'admin',
    summary: 'Create a team token for a remote',
    description:
      "Shown once; stored hashed. Creating the first token of a remote that does not exist yet admits it. Scopes: publish, activate, promote (all by default); 90 days by default. `email`: the team's address for the release mails (gate refusals, automatic rollbacks, promotions).",
    params: RemoteParamsSchema,
    body: CreateRemoteTokenRequestSchema,
    responses: { 201: CreateRemoteTokenResponseSchema },
  },
  listRemoteTokens: {
    method: 'GET',
    path: '/api/admin/remotes/{remote}/tokens/',
    auth: 'admin',
    tag: 'admin',
    summary: "A remote's team tokens",
    description: 'Without the tokens themselves: name, scopes, creation, expiry, last use and revocation.',
    params: RemoteParamsSchema,
    responses: { 200: RemoteTokensResponseSchema },
  },
  revokeRemoteToken: {
    method: 'DELETE',
    path: '/api/admin/remotes/{remote}/tokens/{token_id}/',
    auth: 'admin',
    tag: 'admin',
    summary: 'Revoke a team token',
    params: RemoteTokenParamsSchema,
    responses: { 200: MessageResponseSchema },
  },
} as const satisfies Record<string, Operation>;

export type OperationId = keyof typeof OPERATIONS;
export const OPERATION_IDS = Object.keys(OPERATIONS) as OperationId[];

/**
 * Every error status an operation can answer: its own (`errors`) and those of its kind — 400 for a
 * body, query or malformed JSON; 401 for a missing (signed-in calls) or invalid token; 403 below
 * the role; 404 for an unknown id in the path; 413/415 for a body too large or not JSON; 429 when
 * rate-limited; 503 while the database is unreachable.
 */
export function errorStatusesOf(op: Operation): number[] {
  const statuses = new Set<number>(op.errors ?? []);
  const hasBody = op.method !== 'GET';
  if (hasBody || op.query || op.body) statuses.add(400);
  statuses.add(401);
  if (op.auth === 'moderator' || op.auth === 'admin') statuses.add(403);
  if (op.params) statuses.add(404);
  if (hasBody) {
    statuses.add(413);
    statuses.add(415);
  }
  if (op.limited) statuses.add(429);
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/** `/api/base/wish/{id}/` with `{ id: 7 }` → `/api/base/wish/7/` (values are URL-encoded). */
export function pathOf(id: OperationId, params: Record<string, string | number> = {}): string {
  return OPERATIONS[id].path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${id}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The path in Fastify's `:name` form. */
export const routePathOf = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
