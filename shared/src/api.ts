/**
 * Typed client for the Wishes API (spec §7, api-contract.md). Sends the bearer token when one is
 * stored, retries once after refreshing an expired token, applies the spec's response checks
 * (§5) and maps failures to the text a person should see (§8): the server's `error` field where
 * present, else the listed default for that call.
 */
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

interface CallOptions {
  method?: string;
  body?: unknown;
  /** The §8 default text when the server gives no `error`. */
  failure: string;
  /** Field names the response must contain (§5 response checks). */
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

/** Splits an event-stream text into complete events; returns them and the unfinished rest. */
export function parseEventStream(buffer: string): { events: Array<{ event: string; data: unknown }>; rest: string } {
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message';
      const raw = /^data: ?(.*)$/m.exec(block)?.[1];
      let data: unknown = null;
      try {
        data = raw ? JSON.parse(raw) : null;
      } catch {
        data = null;
      }
      return { event, data };
    });
  return { events, rest };
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

  async function send(path: string, call: CallOptions, retried = false): Promise<Response> {
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
      response = await doFetch(baseUrl + path, { method: call.method ?? 'GET', headers, body, ...(call.signal ? { signal: call.signal } : {}) });
    } catch {
      throw new ApiError(call.failure, 0);
    }
    if (response.status === 401 && token && !retried) {
      const peek = await readJson(response.clone());
      if (peek?.code === 'token_not_valid' && (await refresh())) return send(path, call, true);
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

  async function call<T>(path: string, options: CallOptions): Promise<T> {
    const response = await send(path, options);
    if (options.nullOn?.includes(response.status)) return null as T;
    const body = await readJson(response);
    if (!response.ok) throw new ApiError(errorText(body, options.failure), response.status, body);
    if (!body || (options.expect && options.expect.some((field) => !(field in body)))) {
      throw new ApiError(options.failure, response.status, body);
    }
    return body as T;
  }

  return {
    getOptions: () => call<Options>('/api/base/options', { failure: API_ERRORS.general, expect: ['site_name'] }),

    generateText: (request: GenerateRequest) =>
      call<GenerateResponse>('/api/base/generate_text/', {
        method: 'POST',
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
        response = await send('/api/base/generate_text/stream/', { method: 'POST', body: request, failure, signal: options.signal, accept: 'text/event-stream' });
      } catch (error) {
        if (stopped()) return { text, stopped: true };
        throw error;
      }
      if (!response.ok) {
        const body = await readJson(response);
        throw new ApiError(errorText(body, failure), response.status, body);
      }
      let done: StreamedDraft | null = null;
      const handle = (events: Array<{ event: string; data: unknown }>) => {
        for (const { event, data } of events) {
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
        }
      };
      try {
        const reader = response.body?.getReader?.();
        if (reader) {
          const decoder = new TextDecoder();
          let buffer = '';
          for (;;) {
            const { value, done: finished } = await reader.read();
            if (finished) break;
            buffer += decoder.decode(value, { stream: true });
            const parsed = parseEventStream(buffer);
            buffer = parsed.rest;
            handle(parsed.events);
          }
          handle(parseEventStream(`${buffer}\n\n`).events);
        } else {
          handle(parseEventStream(`${await response.text()}\n\n`).events);
        }
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
      call<ImproveResponse>('/api/base/improve_text/', {
        method: 'POST',
        body: { text, instruction },
        failure: API_ERRORS.improve,
        expect: ['text'],
      }),

    /** Saves a wish; `chatId` keeps the caller's chat with it (api-v2 → Generation). */
    saveWish: (text: string, isPublic = true, chatId?: number) =>
      call<SaveWishResponse>('/api/base/save_wish/', {
        method: 'POST',
        body: chatId === undefined ? { text, is_public: isPublic } : { text, is_public: isPublic, chat_id: chatId },
        failure: API_ERRORS.save,
        expect: ['wish_id'],
      }),

    /**
     * Starts the chat of a draft: without `text` it writes the first draft (one unit of the quota);
     * with `text` (the editor's draft) it starts from that and spends nothing.
     */
    startChat: (request: CreateChatRequest) =>
      call<CreateChatResponse>('/api/base/chats/', { method: 'POST', body: request, failure: API_ERRORS.chat, expect: ['chat_id', 'text'] }),

    /** One instruction to the assistant; `text` is the editor's current text (kept as a version when edited by hand). */
    sendChatMessage: (chatId: number, message: string, text?: string) =>
      call<ChatMessageResponse>(`/api/base/chats/${chatId}/messages/`, {
        method: 'POST',
        body: text === undefined ? { message } : { message, text },
        failure: API_ERRORS.chat,
        expect: ['reply', 'text'],
      }),

    /** The author's chat; null when it does not exist for the caller. */
    getChat: (chatId: number) => call<Chat | null>(`/api/base/chats/${chatId}/`, { failure: API_ERRORS.chatLoad, nullOn: [404], expect: ['chat_id', 'messages', 'versions'] }),

    /** The chat kept with a wish, for its author; null when there is none (or the caller is not the author). */
    getWishChat: (wishId: number) =>
      call<Chat | null>(`/api/base/wish/${wishId}/chat/`, { failure: API_ERRORS.chatLoad, nullOn: [404], expect: ['chat_id', 'messages', 'versions'] }),

    /** null when the wish does not exist (or is private to someone else). */
    getWish: async (id: number | string): Promise<Wish | null> => {
      const body = await call<{ wish: Wish } | null>(`/api/base/wish/${id}/`, {
        failure: API_ERRORS.general,
        expect: ['wish'],
        nullOn: [404],
      });
      return body ? body.wish : null;
    },

    search: (query: string, page = 1) =>
      call<SearchPage>(page > 1 ? `/api/base/search/${page}/` : '/api/base/search/', {
        method: 'POST',
        body: { query },
        failure: API_ERRORS.search,
        expect: ['wishes'],
      }),

    getFeed: (page = 1) => call<FeedPage>(`/api/base/feed/${page}/`, { failure: API_ERRORS.general, expect: ['wishes'] }),

    getUserWishes: (userId: number | string, page = 1) =>
      call<FeedPage>(`/api/base/user/${userId}/wishes/${page}/`, { failure: API_ERRORS.general, expect: ['wishes'] }),

    createUser: (payload: CreateUserRequest) =>
      call<CreateUserResponse>('/api/base/create_user/', {
        method: 'POST',
        body: payload,
        failure: API_ERRORS.registration,
        expect: ['user_id'],
        anonymous: true,
      }),

    /** Throws ApiError with the raw body so the sign-in screen can apply its own §8 rules. */
    login: (username: string, password: string) =>
      call<TokenPair>('/api/token/', {
        method: 'POST',
        body: { username, password },
        failure: 'Authentication failed',
        expect: ['access', 'refresh'],
        anonymous: true,
      }),

    submitOffer: (offer: OfferRequest) =>
      call<MessageResponse>('/api/offer/submit/', { method: 'POST', body: offer, failure: API_ERRORS.offer }),

    submitComplaint: (complaint: ComplaintRequest) =>
      call<MessageResponse>('/api/complaints/submit/', { method: 'POST', body: complaint, failure: API_ERRORS.general }),

    vote: (wishId: number, voteType: VoteType = DEFAULT_VOTE_TYPE) =>
      call<VoteResponse>(`/api/wish/${wishId}/vote/`, {
        method: 'POST',
        body: { vote_type: voteType },
        failure: API_ERRORS.vote,
        expect: ['wish'],
      }),

    removeVote: (wishId: number) =>
      call<VoteResponse>(`/api/wish/${wishId}/vote/`, { method: 'DELETE', failure: API_ERRORS.removeVote, expect: ['wish'] }),

    getVoters: (wishId: number, voteType?: VoteType) =>
      call<VotersResult>(`/api/wish/${wishId}/voters/${voteType ? `?vote_type=${voteType}` : ''}`, {
        failure: API_ERRORS.voters,
        expect: ['voters'],
      }),

    requestPasswordReset: (email: string) =>
      call<MessageResponse>('/api/password/reset/', {
        method: 'POST',
        body: { email },
        failure: API_ERRORS.resetRequest,
        anonymous: true,
      }),

    confirmPasswordReset: (payload: ResetConfirmRequest) =>
      call<MessageResponse>('/api/password/reset/confirm/', {
        method: 'POST',
        body: payload,
        failure: API_ERRORS.resetConfirm,
        anonymous: true,
      }),

    subscribe: (userId: number) =>
      call<SubscribeResponse>(`/api/profile/${userId}/subscribe/`, { method: 'POST', failure: API_ERRORS.subscribe }),

    unsubscribe: (userId: number) =>
      call<SubscribeResponse>(`/api/profile/${userId}/subscribe/`, { method: 'DELETE', failure: API_ERRORS.unsubscribe }),

    /** null when the user does not exist (404). */
    getProfile: (userId: number | string) =>
      call<Profile | null>(`/api/profile/${userId}/`, { failure: API_ERRORS.profile, expect: ['user_id'], nullOn: [404] }),

    getUserSubscriptions: (userId: number) =>
      call<SubscriptionsResult>(`/api/profile/${userId}/subscriptions/`, {
        failure: API_ERRORS.subscriptions,
        expect: ['subscriptions'],
      }),

    getMySubscriptions: () =>
      call<SubscriptionsResult>('/api/profile/my/subscriptions/', { failure: API_ERRORS.subscriptions, expect: ['subscriptions'] }),

    uploadAvatar: (file: Blob, fileName = 'avatar') => {
      const form = new FormData();
      form.append('avatar', file, fileName);
      return call<AvatarUploadResponse>('/api/profile/my/avatar/upload/', {
        method: 'POST',
        body: form,
        failure: API_ERRORS.avatar,
        expect: ['avatar_url'],
      });
    },

    /** The author's edit (api-v2 "Own wishes"): text and/or is_public; answers the updated wish. */
    updateWish: async (wishId: number, change: UpdateWishRequest): Promise<Wish> =>
      (await call<{ wish: Wish }>(`/api/base/wish/${wishId}/`, { method: 'PATCH', body: change, failure: API_ERRORS.updateWish, expect: ['wish'] })).wish,

    deleteWish: (wishId: number) => call<MessageResponse>(`/api/base/wish/${wishId}/`, { method: 'DELETE', failure: API_ERRORS.deleteWish }),

    getMyReports: (page = 1) => call<MyReportsPage>(`/api/complaints/my/?page=${page}`, { failure: API_ERRORS.moderationLoad, expect: ['reports'] }),

    getReportQueue: (status: ReportStatus, page = 1) =>
      call<ReportQueuePage>(`/api/moderation/reports/?status=${status}&page=${page}`, { failure: API_ERRORS.moderationLoad, expect: ['items'] }),

    moderateWish: (wishId: number, action: ModerationWishAction, reason: string) =>
      call<ModerationWishResponse>(`/api/moderation/wish/${wishId}/`, { method: 'POST', body: { action, reason }, failure: API_ERRORS.moderation, expect: ['message'] }),

    moderateUser: (userId: number, action: ModerationUserAction, reason: string) =>
      call<MessageResponse>(`/api/moderation/user/${userId}/`, { method: 'POST', body: { action, reason }, failure: API_ERRORS.moderation, expect: ['message'] }),

    getModerationLog: (page = 1) => call<ModerationLogPage>(`/api/moderation/log/?page=${page}`, { failure: API_ERRORS.moderationLoad, expect: ['entries'] }),

    getOffers: (page = 1) => call<OfferInboxPage>(`/api/moderation/offers/?page=${page}`, { failure: API_ERRORS.moderationLoad, expect: ['offers'] }),
    // ---- the social layer (api-v2.md: following feed, notifications, account)
    getFollowingFeed: (page = 1) => call<FeedPage>(`/api/base/feed/following/${page}/`, { failure: API_ERRORS.general, expect: ['wishes'] }),

    getNotifications: (page = 1) =>
      call<NotificationsPage>(`/api/notifications/?page=${page}`, { failure: API_ERRORS.general, expect: ['notifications', 'unread_count'] }),

    /** Marks the given notifications (or, without ids, all) read; resolves to the new unread count. */
    markNotificationsRead: (ids?: number[]) =>
      call<UnreadCount>('/api/notifications/read/', { method: 'POST', body: ids ? { ids } : {}, failure: API_ERRORS.general, expect: ['unread_count'] }),

    getAccount: () => call<Account>('/api/account/', { failure: API_ERRORS.general, expect: ['email'] }),

    updateAccount: (patch: AccountPatch) => call<Account>('/api/account/', { method: 'PATCH', body: patch, failure: API_ERRORS.general, expect: ['email'] }),

    changePassword: (currentPassword: string, newPassword: string) =>
      call<ChangePasswordResponse>('/api/account/password/', {
        method: 'POST',
        body: { current_password: currentPassword, new_password: newPassword },
        failure: API_ERRORS.general,
        expect: ['access', 'refresh'],
      }),

    signOutEverywhere: () => call<MessageResponse>('/api/account/sign_out_everywhere/', { method: 'POST', failure: API_ERRORS.general }),

    /** Everything the server stores about the member (the JSON the export file holds). */
    exportAccount: () => call<Record<string, unknown>>('/api/account/export/', { failure: API_ERRORS.general, expect: ['account'] }),

    deleteAccount: (password: string) => call<MessageResponse>('/api/account/', { method: 'DELETE', body: { password }, failure: API_ERRORS.general }),

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
