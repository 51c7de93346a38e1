/**
 * Typed client for the Wishes API (docs/product.md#7-calls; the calls are the operation table's, contract/operations.ts). Sends the bearer token when one is
 * stored, retries once after refreshing an expired token, applies the spec's response checks
 * (docs/product.md#5-validation) and maps failures to the text a person should see (docs/product.md#8-error-texts): the server's `error` field where
 * present, else the listed default for that call.
 */
import { createParser } from 'eventsource-parser';
import type {
  ModerationLogPage,
  ModerationUserAction,
  ModerationWishAction,
  ModerationWishResponse,
  MyReportsPage,
  OfferInboxPage,
  ReportQueuePage,
  ReportStatus,
  UpdateWishRequest,
  AvatarUploadResponse,
  ComplaintRequest,
  CreateUserRequest,
  CreateUserResponse,
  FeedPage,
  GenerateRequest,
  GenerateResponse,
  ImproveInstruction,
  ImproveResponse,
  MessageResponse,
  RateLimit,
  OfferRequest,
  Options,
  Profile,
  ResetConfirmRequest,
  SaveWishResponse,
  SearchPage,
  SubscribeResponse,
  SubscriptionsResult,
  TokenPair,
  VoteResponse,
  VotersResult,
  VoteType,
  Wish,
} from './contract/schemas';
import type { Account, AccountPatch, ChangePasswordResponse, NotificationsPage, UnreadCount } from './contract/social';
import type { CardTheme, DeliveriesPage, SendWishRequest, SendWishResponse } from './contract/deliveries';
import { API_ROUTES, apiPath, type ApiOperationId } from './contract/routes';
import type { Chat, ChatMessageResponse, CreateChatRequest, CreateChatResponse } from './contract/chats';
import { getAccessToken, refreshNow } from './session';
import { DEFAULT_VOTE_TYPE } from './constants';

export const API_ERRORS = {
  search: 'Search failed. Please try again.',
  registration: 'Registration failed. Please try again.',
  vote: 'Failed to vote',
  removeVote: 'Failed to remove vote',
  voters: 'Failed to fetch voters',
  resetRequest: 'Password reset request failed. Please try again.',
  resetConfirm: 'Password reset failed. Please try again.',
  subscribe: 'Could not subscribe to this user. Please try again.',
  unsubscribe: 'Could not unsubscribe from this user. Please try again.',
  profile: 'Could not check subscription status.',
  subscriptions: 'Could not fetch subscriptions.',
  avatar: 'Failed to upload avatar.',
  unexpected: 'Unexpected response format.',
  generate: 'Failed to generate wish. Please try again.',
  improve: 'Failed to rewrite the wish. Please try again.',
  chat: 'The assistant could not answer. Please try again.',
  chatLoad: 'Could not open this chat. Please try again.',
  save: 'Failed to save wish. Please try again.',
  offer: 'Error sending offer. Please try again.',
  general: 'An unexpected error occurred',
  updateWish: 'Could not save your changes. Please try again.',
  deleteWish: 'Could not delete the wish. Please try again.',
  moderation: 'The moderation action failed. Please try again.',
  moderationLoad: 'Could not load this list. Please try again.',
  sendWish: 'Could not send the wish. Please try again.',
  deliveries: 'Could not load your sent wishes. Please try again.',
  cancelDelivery: 'Could not cancel this delivery. Please try again.',
  card: 'Could not draw the card. Please try again.',
} as const;

/** A failed call: `message` is what to show; `status` is 0 for a network failure. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  getToken?: () => string | null;
  /** Called on a 401 token_not_valid; resolve true to retry the call once. */
  refresh?: () => Promise<boolean>;
}

/** Where a call goes: its path and method, from the operation table. */
interface Target {
  path: string;
  method: string;
}

/** The operation's path with its parameters filled in (and a query string), and its method. */
const to = (id: ApiOperationId, params: Record<string, string | number> = {}, query = ''): Target => ({ path: apiPath(id, params) + query, method: API_ROUTES[id].method });

interface CallOptions {
  body?: unknown;
  /** The docs/product.md#8-error-texts default text when the server gives no `error`. */
  failure: string;
  /** Field names the response must contain (docs/product.md#5-validation response checks). */
  expect?: string[];
  /** Statuses that resolve to null instead of throwing (e.g. 404 on lookups). */
  nullOn?: number[];
  /** Send without the bearer token (login, refresh). */
  anonymous?: boolean;
  /** Cancels the request (the Stop button of a streamed draft). */
  signal?: AbortSignal;
  /** Accept header (default application/json). */
  accept?: string;
}

/** What a streamed draft ended with: the whole text, or what arrived before the reader stopped it. */
export interface StreamedDraft {
  text: string;
  rate_limit?: RateLimit;
  /** True when the reader stopped the stream; `text` is what arrived. */
  stopped: boolean;
}

/** One Server-Sent Event as the client sees it: its name and its JSON data (null when not JSON). */
export interface StreamEvent {
  event: string;
  data: unknown;
}

/**
 * Reads a `text/event-stream` response body to its end with eventsource-parser (the WHATWG
 * parsing rules: multi-line data, comments, `retry:`, CRLF), calling `onEvent` for each event.
 * `onRetry` hears the server's reconnection delay.
 */
export async function readEventStream(response: Response, onEvent: (event: StreamEvent) => void, onRetry?: (ms: number) => void): Promise<void> {
  let failure: unknown = null;
  const parser = createParser({
    onEvent(message) {
      if (failure) return;
      let data: unknown = null;
      try {
        data = message.data ? JSON.parse(message.data) : null;
      } catch {
        data = null;
      }
      try {
        onEvent({ event: message.event ?? 'message', data });
      } catch (error) {
        failure = error;
      }
    },
    onRetry: (ms) => onRetry?.(ms),
  });
  const reader = response.body?.getReader?.();
  if (reader) {
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      if (failure) {
        await reader.cancel().catch(() => undefined);
        throw failure;
      }
    }
    parser.feed(decoder.decode());
  } else {
    parser.feed(await response.text());
  }
  // A last event without its closing blank line still counts (a server cut mid-event).
  parser.feed('\n\n');
  if (failure) throw failure;
}

function errorText(body: Record<string, unknown> | null, fallback: string): string {
  const error = body?.error;
  return typeof error === 'string' && error.trim() ? error : fallback;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
  const getToken = options.getToken ?? getAccessToken;
  const refresh = options.refresh ?? refreshNow;

  async function send(target: Target, call: CallOptions, retried = false): Promise<Response> {
    const headers: Record<string, string> = { Accept: call.accept ?? 'application/json' };
    let body: BodyInit | undefined;
    if (call.body instanceof FormData) {
      body = call.body;
    } else if (call.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(call.body);
    }
    const token = call.anonymous ? null : getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await doFetch(baseUrl + target.path, { method: target.method, headers, body, ...(call.signal ? { signal: call.signal } : {}) });
    } catch {
      throw new ApiError(call.failure, 0);
    }
    if (response.status === 401 && token && !retried) {
      const peek = await readJson(response.clone());
      if (peek?.code === 'token_not_valid' && (await refresh())) return send(target, call, true);
    }
    return response;
  }

  async function readJson(response: Response): Promise<Record<string, unknown> | null> {
    try {
      const parsed = await response.json();
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }

  async function call<T>(target: Target, options: CallOptions): Promise<T> {
    const response = await send(target, options);
    if (options.nullOn?.includes(response.status)) return null as T;
    const body = await readJson(response);
    if (!response.ok) throw new ApiError(errorText(body, options.failure), response.status, body);
    if (!body || (options.expect && options.expect.some((field) => !(field in body)))) {
      throw new ApiError(options.failure, response.status, body);
    }
    return body as T;
  }

  return {
    getOptions: () => call<Options>(to('getOptions'), { failure: API_ERRORS.general, expect: ['site_name'] }),

    generateText: (request: GenerateRequest) =>
      call<GenerateResponse>(to('generateText'), {
        body: request,
        failure: API_ERRORS.generate,
        expect: ['text'],
      }),

    /**
     * Streams a draft (POST /api/base/generate_text/stream/): `onToken` gets each piece and the
     * text so far. Resolves with the whole text and quota, or with what arrived when `signal`
     * stopped it; rejects with an ApiError (its body's `partial` holds what arrived) on a refusal
     * or a stream that broke off.
     */
    streamText: async (request: GenerateRequest, options: { onToken: (piece: string, textSoFar: string) => void; signal?: AbortSignal }): Promise<StreamedDraft> => {
      const failure = API_ERRORS.generate;
      let text = '';
      const stopped = () => options.signal?.aborted === true;
      let response: Response;
      try {
        response = await send(to('streamGeneratedText'), { body: request, failure, signal: options.signal, accept: 'text/event-stream' });
      } catch (error) {
        if (stopped()) return { text, stopped: true };
        throw error;
      }
      if (!response.ok) {
        const body = await readJson(response);
        throw new ApiError(errorText(body, failure), response.status, body);
      }
      let done: StreamedDraft | null = null;
      const handle = ({ event, data }: StreamEvent) => {
        const payload = (data ?? {}) as { text?: unknown; error?: unknown; status?: unknown; rate_limit?: RateLimit };
        if (event === 'token' && typeof payload.text === 'string') {
          text += payload.text;
          options.onToken(payload.text, text);
        } else if (event === 'done') {
          done = { text: typeof payload.text === 'string' ? payload.text : text, rate_limit: payload.rate_limit, stopped: false };
        } else if (event === 'error') {
          const status = typeof payload.status === 'number' ? payload.status : 502;
          throw new ApiError(typeof payload.error === 'string' && payload.error ? payload.error : failure, status, { ...payload, partial: text });
        }
      };
      try {
        await readEventStream(response, handle);
      } catch (error) {
        if (stopped()) return { text, stopped: true };
        if (error instanceof ApiError) throw error;
        throw new ApiError(failure, 0, { partial: text });
      }
      if (done) return done;
      if (stopped()) return { text, stopped: true };
      throw new ApiError(failure, 502, { partial: text });
    },

    /** Rewrites text: warmer, shorter, funnier or more formal (one unit of the quota). */
    improveText: (text: string, instruction: ImproveInstruction) =>
      call<ImproveResponse>(to('improveText'), {
        body: { text, instruction },
        failure: API_ERRORS.improve,
        expect: ['text'],
      }),

    /** Saves a wish; `chatId` keeps the caller's chat with it (api-v2 → Generation). */
    saveWish: (text: string, isPublic = true, chatId?: number, cardTheme?: string) =>
      call<SaveWishResponse>(to('saveWish'), {
        body: { text, is_public: isPublic, ...(chatId === undefined ? {} : { chat_id: chatId }), ...(cardTheme ? { card_theme: cardTheme } : {}) },
        failure: API_ERRORS.save,
        expect: ['wish_id'],
      }),

    /**
     * Starts the chat of a draft: without `text` it writes the first draft (one unit of the quota);
     * with `text` (the editor's draft) it starts from that and spends nothing.
     */
    startChat: (request: CreateChatRequest) =>
      call<CreateChatResponse>(to('createChat'), { body: request, failure: API_ERRORS.chat, expect: ['chat_id', 'text'] }),

    /** One instruction to the assistant; `text` is the editor's current text (kept as a version when edited by hand). */
    sendChatMessage: (chatId: number, message: string, text?: string) =>
      call<ChatMessageResponse>(to('postChatMessage', { id: chatId }), {
        body: text === undefined ? { message } : { message, text },
        failure: API_ERRORS.chat,
        expect: ['reply', 'text'],
      }),

    /** The author's chat; null when it does not exist for the caller. */
    getChat: (chatId: number) => call<Chat | null>(to('getChat', { id: chatId }), { failure: API_ERRORS.chatLoad, nullOn: [404], expect: ['chat_id', 'messages', 'versions'] }),

    /** The chat kept with a wish, for its author; null when there is none (or the caller is not the author). */
    /** Sends the wish to someone by email, now or at `send_at` (api: sendWish). */
    sendWish: (wishId: number, request: SendWishRequest) =>
      call<SendWishResponse>(to('sendWish', { id: wishId }), { body: request, failure: API_ERRORS.sendWish, expect: ['delivery_id', 'status'] }),

    listDeliveries: (page = 1) => call<DeliveriesPage>(to('listDeliveries', {}, `?page=${page}`), { failure: API_ERRORS.deliveries, expect: ['deliveries'] }),

    cancelDelivery: (deliveryId: number) => call<MessageResponse>(to('cancelDelivery', { id: deliveryId }), { failure: API_ERRORS.cancelDelivery }),

    listCardThemes: async (): Promise<CardTheme[]> => {
      const response = await send(to('listCardThemes'), { failure: API_ERRORS.general });
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok || !Array.isArray(body)) throw new ApiError(API_ERRORS.general, response.status);
      return body as CardTheme[];
    },

    /** A wish's card as a PNG blob, with the caller's token (the author's private wishes too). */
    getCard: async (wishId: number, theme: string, format: 'og' | 'square' | 'story'): Promise<Blob> => {
      const query = `?theme=${encodeURIComponent(theme)}&format=${format}`;
      const response = await send(to('getWishCard', { id: wishId }, query), { failure: API_ERRORS.card, accept: 'image/png' });
      if (!response.ok) throw new ApiError(API_ERRORS.card, response.status);
      return response.blob();
    },

    getWishChat: (wishId: number) =>
      call<Chat | null>(to('getWishChat', { id: wishId }), { failure: API_ERRORS.chatLoad, nullOn: [404], expect: ['chat_id', 'messages', 'versions'] }),

    /** null when the wish does not exist (or is private to someone else). */
    getWish: async (id: number | string): Promise<Wish | null> => {
      const body = await call<{ wish: Wish } | null>(to('getWish', { id }), {
        failure: API_ERRORS.general,
        expect: ['wish'],
        nullOn: [404],
      });
      return body ? body.wish : null;
    },

    search: (query: string, page = 1) =>
      call<SearchPage>(page > 1 ? to('searchPage', { page }) : to('search'), {
        body: { query },
        failure: API_ERRORS.search,
        expect: ['wishes'],
      }),

    getFeed: (page = 1) => call<FeedPage>(to('getFeedPage', { page }), { failure: API_ERRORS.general, expect: ['wishes'] }),

    getUserWishes: (userId: number | string, page = 1) =>
      call<FeedPage>(to('getUserWishesPage', { id: userId, page }), { failure: API_ERRORS.general, expect: ['wishes'] }),

    createUser: (payload: CreateUserRequest) =>
      call<CreateUserResponse>(to('createUser'), {
        body: payload,
        failure: API_ERRORS.registration,
        expect: ['user_id'],
        anonymous: true,
      }),

    /** Throws ApiError with the raw body so the sign-in screen can apply its own docs/product.md#8-error-texts rules. */
    login: (username: string, password: string) =>
      call<TokenPair>(to('obtainToken'), {
        body: { username, password },
        failure: 'Authentication failed',
        expect: ['access', 'refresh'],
        anonymous: true,
      }),

    submitOffer: (offer: OfferRequest) =>
      call<MessageResponse>(to('submitOffer'), { body: offer, failure: API_ERRORS.offer }),

    submitComplaint: (complaint: ComplaintRequest) =>
      call<MessageResponse>(to('submitComplaint'), { body: complaint, failure: API_ERRORS.general }),

    vote: (wishId: number, voteType: VoteType = DEFAULT_VOTE_TYPE) =>
      call<VoteResponse>(to('voteOnWish', { id: wishId }), {
        body: { vote_type: voteType },
        failure: API_ERRORS.vote,
        expect: ['wish'],
      }),

    removeVote: (wishId: number) =>
      call<VoteResponse>(to('removeVote', { id: wishId }), { failure: API_ERRORS.removeVote, expect: ['wish'] }),

    /** One page of voters; pass the previous answer's `next_cursor` as `page.cursor` for the next. */
    getVoters: (wishId: number, voteType?: VoteType, page: { limit?: number; cursor?: string } = {}) => {
      const query = new URLSearchParams();
      if (voteType) query.set('vote_type', voteType);
      if (page.limit !== undefined) query.set('limit', String(page.limit));
      if (page.cursor) query.set('cursor', page.cursor);
      const search = query.toString();
      return call<VotersResult>(to('listVoters', { id: wishId }, search ? `?${search}` : ''), {
        failure: API_ERRORS.voters,
        expect: ['voters'],
      });
    },

    requestPasswordReset: (email: string) =>
      call<MessageResponse>(to('requestPasswordReset'), {
        body: { email },
        failure: API_ERRORS.resetRequest,
        anonymous: true,
      }),

    confirmPasswordReset: (payload: ResetConfirmRequest) =>
      call<MessageResponse>(to('confirmPasswordReset'), {
        body: payload,
        failure: API_ERRORS.resetConfirm,
        anonymous: true,
      }),

    subscribe: (userId: number) =>
      call<SubscribeResponse>(to('subscribe', { id: userId }), { failure: API_ERRORS.subscribe }),

    unsubscribe: (userId: number) =>
      call<SubscribeResponse>(to('unsubscribe', { id: userId }), { failure: API_ERRORS.unsubscribe }),

    /** null when the user does not exist (404). */
    getProfile: (userId: number | string) =>
      call<Profile | null>(to('getProfile', { id: userId }), { failure: API_ERRORS.profile, expect: ['user_id'], nullOn: [404] }),

    getUserSubscriptions: (userId: number) =>
      call<SubscriptionsResult>(to('getProfileSubscriptions', { id: userId }), {
        failure: API_ERRORS.subscriptions,
        expect: ['subscriptions'],
      }),

    getMySubscriptions: () =>
      call<SubscriptionsResult>(to('getMySubscriptions'), { failure: API_ERRORS.subscriptions, expect: ['subscriptions'] }),

    uploadAvatar: (file: Blob, fileName = 'avatar') => {
      const form = new FormData();
      form.append('avatar', file, fileName);
      return call<AvatarUploadResponse>(to('uploadAvatar'), {
        body: form,
        failure: API_ERRORS.avatar,
        expect: ['avatar_url'],
      });
    },

    /** The author's edit (api-v2 "Own wishes"): text and/or is_public; answers the updated wish. */
    updateWish: async (wishId: number, change: UpdateWishRequest): Promise<Wish> =>
      (await call<{ wish: Wish }>(to('updateWish', { id: wishId }), { body: change, failure: API_ERRORS.updateWish, expect: ['wish'] })).wish,

    deleteWish: (wishId: number) => call<MessageResponse>(to('deleteWish', { id: wishId }), { failure: API_ERRORS.deleteWish }),

    getMyReports: (page = 1) => call<MyReportsPage>(to('listMyReports', {}, `?page=${page}`), { failure: API_ERRORS.moderationLoad, expect: ['reports'] }),

    getReportQueue: (status: ReportStatus, page = 1) =>
      call<ReportQueuePage>(to('getReportQueue', {}, `?status=${status}&page=${page}`), { failure: API_ERRORS.moderationLoad, expect: ['items'] }),

    moderateWish: (wishId: number, action: ModerationWishAction, reason: string) =>
      call<ModerationWishResponse>(to('moderateWish', { id: wishId }), { body: { action, reason }, failure: API_ERRORS.moderation, expect: ['message'] }),

    moderateUser: (userId: number, action: ModerationUserAction, reason: string) =>
      call<MessageResponse>(to('moderateUser', { id: userId }), { body: { action, reason }, failure: API_ERRORS.moderation, expect: ['message'] }),

    getModerationLog: (page = 1) => call<ModerationLogPage>(to('getModerationLog', {}, `?page=${page}`), { failure: API_ERRORS.moderationLoad, expect: ['entries'] }),

    getOffers: (page = 1) => call<OfferInboxPage>(to('getOfferInbox', {}, `?page=${page}`), { failure: API_ERRORS.moderationLoad, expect: ['offers'] }),
    // ---- the social layer: following feed, notifications, account (docs/features.md)
    getFollowingFeed: (page = 1) => call<FeedPage>(to('getFollowingFeedPage', { page }), { failure: API_ERRORS.general, expect: ['wishes'] }),

    getNotifications: (page = 1) =>
      call<NotificationsPage>(to('listNotifications', {}, `?page=${page}`), { failure: API_ERRORS.general, expect: ['notifications', 'unread_count'] }),

    /** Marks the given notifications (or, without ids, all) read; resolves to the new unread count. */
    /**
     * The live unread count (GET /api/notifications/stream/) with the Authorization header, never a
     * token in the URL; an expired token is refreshed once, as for every call. Resolves when the
     * server ends the stream (token expiry, session end, idle timeout) and rejects with an ApiError
     * when it refuses it (401, 429); the caller reconnects.
     */
    streamUnreadCount: async (options: { onCount: (count: number) => void; onRetry?: (ms: number) => void; signal?: AbortSignal }): Promise<void> => {
      const failure = API_ERRORS.general;
      const response = await send(to('streamUnreadCount'), { failure, signal: options.signal, accept: 'text/event-stream' });
      if (!response.ok) throw new ApiError(errorText(await readJson(response), failure), response.status);
      await readEventStream(
        response,
        ({ event, data }) => {
          const value = (data as { unread_count?: unknown } | null)?.unread_count;
          if (event === 'unread' && typeof value === 'number') options.onCount(value);
        },
        options.onRetry,
      );
    },

    markNotificationsRead: (ids?: number[]) =>
      call<UnreadCount>(to('markNotificationsRead'), { body: ids ? { ids } : {}, failure: API_ERRORS.general, expect: ['unread_count'] }),

    getAccount: () => call<Account>(to('getAccount'), { failure: API_ERRORS.general, expect: ['email'] }),

    updateAccount: (patch: AccountPatch) => call<Account>(to('updateAccount'), { body: patch, failure: API_ERRORS.general, expect: ['email'] }),

    changePassword: (currentPassword: string, newPassword: string) =>
      call<ChangePasswordResponse>(to('changePassword'), {
        body: { current_password: currentPassword, new_password: newPassword },
        failure: API_ERRORS.general,
        expect: ['access', 'refresh'],
      }),

    signOutEverywhere: () => call<MessageResponse>(to('signOutEverywhere'), { failure: API_ERRORS.general }),

    /** Everything the server stores about the member (the JSON the export file holds). */
    exportAccount: () => call<Record<string, unknown>>(to('exportAccount'), { failure: API_ERRORS.general, expect: ['account'] }),

    deleteAccount: (password: string) => call<MessageResponse>(to('deleteAccount'), { body: { password }, failure: API_ERRORS.general }),

    /** Markdown text of a static page (terms, privacy_policy). */
    getStaticPage: async (name: string): Promise<string> => {
      let response: Response;
      try {
        response = await doFetch(`${baseUrl}/static/markdown/${name}.md`);
      } catch {
        throw new ApiError(API_ERRORS.general, 0);
      }
      if (!response.ok) throw new ApiError(API_ERRORS.general, response.status);
      return response.text();
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The client every app uses (same origin as the page). */
export const api: ApiClient = createApiClient();
