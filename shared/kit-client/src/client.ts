/**
 * The API client derived from the operation table (contract/operations.ts): one typed
 * `call(operationId, { params, query, body, signal })`. Its request and response types come from
 * the table's schemas as types only (`import type` + `Static<>`), so the browser loads no TypeBox;
 * the method and path come from the generated API_ROUTES. It sends the bearer token when one is
 * stored, retries once after refreshing an expired token, applies the spec's response checks
 * (docs/product.md#5-validation) and maps failures to the text a person should see
 * (docs/product.md#8-error-texts): the server's `error` field where present, else the call's text
 * in CALL_RULES.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { OPERATIONS, OperationId } from '@wishes/kit-contract/operations';
import { API_ROUTES, apiPath } from '@wishes/kit-contract/routes';
import { getAccessToken, refreshNow } from '@wishes/kit-session';

/** The person-facing texts of docs/product.md#8-error-texts (exact spec texts). */
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

/** What the client knows of a call beyond the table: its failure text and response checks. */
export interface CallRule {
  /** The docs/product.md#8-error-texts default text when the server gives no `error` (default: general). */
  failure?: string;
  /** Field names the response must contain (docs/product.md#5-validation response checks). */
  expect?: readonly string[];
  /** Sent without the bearer token (login, sign-up, password reset). */
  anonymous?: boolean;
}

/** ONE map keyed by operationId; a call not listed fails with API_ERRORS.general and checks nothing. */
export const CALL_RULES: Partial<Record<OperationId, CallRule>> = {
  getOptions: { expect: ['site_name'] },
  generateText: { failure: API_ERRORS.generate, expect: ['text'] },
  streamGeneratedText: { failure: API_ERRORS.generate },
  improveText: { failure: API_ERRORS.improve, expect: ['text'] },
  saveWish: { failure: API_ERRORS.save, expect: ['wish_id'] },
  createChat: { failure: API_ERRORS.chat, expect: ['chat_id', 'text'] },
  postChatMessage: { failure: API_ERRORS.chat, expect: ['reply', 'text'] },
  getChat: { failure: API_ERRORS.chatLoad, expect: ['chat_id', 'messages', 'versions'] },
  getWishChat: { failure: API_ERRORS.chatLoad, expect: ['chat_id', 'messages', 'versions'] },
  sendWish: { failure: API_ERRORS.sendWish, expect: ['delivery_id', 'status'] },
  listDeliveries: { failure: API_ERRORS.deliveries, expect: ['deliveries'] },
  cancelDelivery: { failure: API_ERRORS.cancelDelivery },
  getWishCard: { failure: API_ERRORS.card },
  getWish: { expect: ['wish'] },
  search: { failure: API_ERRORS.search, expect: ['wishes'] },
  searchPage: { failure: API_ERRORS.search, expect: ['wishes'] },
  getFeed: { expect: ['wishes'] },
  getFeedPage: { expect: ['wishes'] },
  getFollowingFeed: { expect: ['wishes'] },
  getFollowingFeedPage: { expect: ['wishes'] },
  getUserWishes: { expect: ['wishes'] },
  getUserWishesPage: { expect: ['wishes'] },
  createUser: { failure: API_ERRORS.registration, expect: ['user_id'], anonymous: true },
  obtainToken: { failure: 'Authentication failed', expect: ['access', 'refresh'], anonymous: true },
  submitOffer: { failure: API_ERRORS.offer },
  voteOnWish: { failure: API_ERRORS.vote, expect: ['wish'] },
  removeVote: { failure: API_ERRORS.removeVote, expect: ['wish'] },
  listVoters: { failure: API_ERRORS.voters, expect: ['voters'] },
  requestPasswordReset: { failure: API_ERRORS.resetRequest, anonymous: true },
  confirmPasswordReset: { failure: API_ERRORS.resetConfirm, anonymous: true },
  subscribe: { failure: API_ERRORS.subscribe },
  unsubscribe: { failure: API_ERRORS.unsubscribe },
  getProfile: { failure: API_ERRORS.profile, expect: ['user_id'] },
  getProfileSubscriptions: { failure: API_ERRORS.subscriptions, expect: ['subscriptions'] },
  getMySubscriptions: { failure: API_ERRORS.subscriptions, expect: ['subscriptions'] },
  uploadAvatar: { failure: API_ERRORS.avatar, expect: ['avatar_url'] },
  updateWish: { failure: API_ERRORS.updateWish, expect: ['wish'] },
  deleteWish: { failure: API_ERRORS.deleteWish },
  listMyReports: { failure: API_ERRORS.moderationLoad, expect: ['reports'] },
  getReportQueue: { failure: API_ERRORS.moderationLoad, expect: ['items'] },
  moderateWish: { failure: API_ERRORS.moderation, expect: ['message'] },
  moderateUser: { failure: API_ERRORS.moderation, expect: ['message'] },
  getModerationLog: { failure: API_ERRORS.moderationLoad, expect: ['entries'] },
  getOfferInbox: { failure: API_ERRORS.moderationLoad, expect: ['offers'] },
  listNotifications: { expect: ['notifications', 'unread_count'] },
  markNotificationsRead: { expect: ['unread_count'] },
  getAccount: { expect: ['email'] },
  updateAccount: { expect: ['email'] },
  changePassword: { expect: ['access', 'refresh'] },
  exportAccount: { expect: ['account'] },
};

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

// ---- types from the table (types only: no TypeBox at run time)
type Operations = typeof OPERATIONS;
type SchemaType<S> = S extends TSchema ? Static<S> : unknown;
type SuccessOf<R> = R extends { 200: infer S } ? S : R extends { 201: infer S } ? S : never;

/** What operation `Id` answers on success (a JSON body of the contract; `unknown` for media). */
export type ResponseOf<Id extends OperationId> = SchemaType<SuccessOf<Operations[Id]['responses']>>;
/** Its path parameters, query and body, as the table declares them. */
// Path and query values travel as text, so numbers are welcome where the schema says a digit string.
export type ParamsOf<Id extends OperationId> = Operations[Id] extends { params: infer S } ? { [K in keyof SchemaType<S>]: string | number } : never;
export type QueryOf<Id extends OperationId> = Operations[Id] extends { query: infer S } ? { [K in keyof SchemaType<S>]?: SchemaType<S>[K] | number } : never;
export type BodyOf<Id extends OperationId> = Operations[Id] extends { multipart: true } ? FormData : Operations[Id] extends { body: infer S } ? SchemaType<S> : never;

type Part<K extends string, T> = [T] extends [never] ? { [P in K]?: never } : { [P in K]: T };
/** call()'s second argument: `params`/`body` are required when the operation has them; `query` is optional. */
export type CallInit<Id extends OperationId> = Part<'params', ParamsOf<Id>> &
  Part<'body', BodyOf<Id>> & {
    query?: [QueryOf<Id>] extends [never] ? never : QueryOf<Id>;
    signal?: AbortSignal;
    /** Accept header (default application/json): an event stream or a PNG. */
    accept?: string;
    /** Extra request headers the operation reads (e.g. a group signer's X-Edit-Token). */
    headers?: Record<string, string>;
  };
type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];
/** The second argument may be left out when nothing in it is required. */
type InitArg<Id extends OperationId> = RequiredKeys<CallInit<Id>> extends never ? [init?: CallInit<Id>] : [init: CallInit<Id>];

export interface ClientOptions {
  baseUrl?: string;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  getToken?: () => string | null;
  /** Called on a 401 token_not_valid; resolve true to retry the call once. */
  refresh?: () => Promise<boolean>;
}

function errorText(body: Record<string, unknown> | null, fallback: string): string {
  const error = body?.error;
  return typeof error === 'string' && error.trim() ? error : fallback;
}

export async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const parsed = await response.json();
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function createClient(options: ClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
  const getToken = options.getToken ?? getAccessToken;
  const refresh = options.refresh ?? refreshNow;

  /** The raw response (after the one refresh-and-retry): for streams and binary bodies. */
  async function send<Id extends OperationId>(id: Id, ...[init]: InitArg<Id>): Promise<Response> {
    const rule: CallRule = CALL_RULES[id] ?? {};
    const failure = rule.failure ?? API_ERRORS.general;
    const { params, query, body: payload, signal, accept, headers: extra } = (init ?? {}) as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown; signal?: AbortSignal; accept?: string; headers?: Record<string, string> };
    const url = baseUrl + apiPath(id, params) + queryString(query);
    const attempt = async (retried: boolean): Promise<Response> => {
      const headers: Record<string, string> = { ...extra, Accept: accept ?? 'application/json' };
      let body: BodyInit | undefined;
      if (payload instanceof FormData) body = payload;
      else if (payload !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(payload);
      }
      const token = rule.anonymous ? null : getToken();
      if (token) headers.Authorization = `Bearer ${token}`;
      let response: Response;
      try {
        response = await doFetch(url, { method: API_ROUTES[id].method, headers, body, ...(signal ? { signal } : {}) });
      } catch {
        throw new ApiError(failure, 0);
      }
      if (response.status === 401 && token && !retried) {
        const peek = await readJson(response.clone());
        if (peek?.code === 'token_not_valid' && (await refresh())) return attempt(true);
      }
      return response;
    };
    return attempt(false);
  }

  /** Calls operation `id` and resolves with its checked JSON answer; rejects with an ApiError. */
  async function call<Id extends OperationId>(id: Id, ...init: InitArg<Id>): Promise<ResponseOf<Id>> {
    const rule: CallRule = CALL_RULES[id] ?? {};
    const failure = rule.failure ?? API_ERRORS.general;
    const response = await send(id, ...init);
    const body = await readJson(response);
    if (!response.ok) throw new ApiError(errorText(body, failure), response.status, body);
    if (!body || rule.expect?.some((field) => !(field in body))) throw new ApiError(failure, response.status, body);
    return body as ResponseOf<Id>;
  }

  return { call, send };
}

export type Client = ReturnType<typeof createClient>;

const client = createClient();

/** The site's client (same origin as the page): `call('getFeedPage', { params: { page: 2 } })`. */
export const call = client.call;
/** The raw response of a call (event streams, PNGs) with the same token, refresh and retry. */
export const send = client.send;

/** Markdown of a static page (terms, privacy_policy): a file the server serves, not an API call. */
export async function fetchStaticPage(name: string, doFetch: typeof fetch = (input, init) => globalThis.fetch(input, init)): Promise<string> {
  let response: Response;
  try {
    response = await doFetch(`/static/markdown/${name}.md`);
  } catch {
    throw new ApiError(API_ERRORS.general, 0);
  }
  if (!response.ok) throw new ApiError(API_ERRORS.general, response.status);
  return response.text();
}
