/**
 * Typed client for the Wishes API (spec §7, api-contract.md). Sends the bearer token when one is
 * stored, retries once after refreshing an expired token, applies the spec's response checks
 * (§5) and maps failures to the text a person should see (§8): the server's `error` field where
 * present, else the listed default for that call.
 */
import type {
  AvatarUploadResponse,
  ComplaintRequest,
  CreateUserRequest,
  CreateUserResponse,
  FeedPage,
  GenerateRequest,
  GenerateResponse,
  MessageResponse,
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
  save: 'Failed to save wish. Please try again.',
  offer: 'Error sending offer. Please try again.',
  general: 'An unexpected error occurred',
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
    const headers: Record<string, string> = { Accept: 'application/json' };
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
      response = await doFetch(baseUrl + path, { method: call.method ?? 'GET', headers, body });
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

    saveWish: (text: string, isPublic = true) =>
      call<SaveWishResponse>('/api/base/save_wish/', {
        method: 'POST',
        body: { text, is_public: isPublic },
        failure: API_ERRORS.save,
        expect: ['wish_id'],
      }),

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
