/**
 * @deprecated The method-per-call client of before the operation-table client (./client.ts): a
 * thin layer over `createClient().call/send`, kept only while remotes convert (README of
 * docs/architecture.md → "Data layer"). New code calls `call()` and the TanStack Query hooks.
 * The event streams (generation, unread count) still live here: another change owns SSE.
 */
import { createParser } from 'eventsource-parser';
import type {
  ComplaintRequest,
  CreateUserRequest,
  GenerateRequest,
  ImproveInstruction,
  ModerationUserAction,
  ModerationWishAction,
  OfferRequest,
  RateLimit,
  ReportStatus,
  ResetConfirmRequest,
  UpdateWishRequest,
  VoteType,
  Wish,
} from './contract/schemas';
import type { AccountPatch } from './contract/social';
import type { CardTheme, SendWishRequest } from './contract/deliveries';
import type { CreateChatRequest } from './contract/chats';
import { DEFAULT_VOTE_TYPE } from './constants';
import { API_ERRORS, ApiError, createClient, fetchStaticPage, readJson, type ClientOptions } from './client';

export { API_ERRORS, ApiError };
export type ApiClientOptions = ClientOptions;

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

/** A lookup that answers null on 404 instead of throwing (the old client's contract). */
async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** @deprecated Use `call()` from ./client (re-exported by @wishes/shared). */
export function createApiClient(options: ClientOptions = {}) {
  const { call, send } = createClient(options);

  return {
    getOptions: () => call('getOptions'),
    generateText: (request: GenerateRequest) => call('generateText', { body: request }),

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
        response = await send('streamGeneratedText', { body: request, signal: options.signal, accept: 'text/event-stream' });
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

    improveText: (text: string, instruction: ImproveInstruction) => call('improveText', { body: { text, instruction } }),
    saveWish: (text: string, isPublic = true, chatId?: number, cardTheme?: string) =>
      call('saveWish', { body: { text, is_public: isPublic, ...(chatId === undefined ? {} : { chat_id: chatId }), ...(cardTheme ? { card_theme: cardTheme } : {}) } }),
    startChat: (request: CreateChatRequest) => call('createChat', { body: request }),
    sendChatMessage: (chatId: number, message: string, text?: string) => call('postChatMessage', { params: { id: chatId }, body: text === undefined ? { message } : { message, text } }),
    getChat: (chatId: number) => orNull(call('getChat', { params: { id: chatId } })),
    sendWish: (wishId: number, request: SendWishRequest) => call('sendWish', { params: { id: wishId }, body: request }),
    listDeliveries: (page = 1) => call('listDeliveries', { query: { page } }),
    cancelDelivery: (deliveryId: number) => call('cancelDelivery', { params: { id: deliveryId } }),

    listCardThemes: async (): Promise<CardTheme[]> => {
      const response = await send('listCardThemes');
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok || !Array.isArray(body)) throw new ApiError(API_ERRORS.general, response.status);
      return body as CardTheme[];
    },

    /** A wish's card as a PNG blob, with the caller's token (the author's private wishes too). */
    getCard: async (wishId: number, theme: string, format: 'og' | 'square' | 'story'): Promise<Blob> => {
      const response = await send('getWishCard', { params: { id: wishId }, query: { theme, format }, accept: 'image/png' });
      if (!response.ok) throw new ApiError(API_ERRORS.card, response.status);
      return response.blob();
    },

    getWishChat: (wishId: number) => orNull(call('getWishChat', { params: { id: wishId } })),
    /** null when the wish does not exist (or is private to someone else). */
    getWish: async (id: number | string): Promise<Wish | null> => (await orNull(call('getWish', { params: { id } })))?.wish ?? null,
    search: (query: string, page = 1) => (page > 1 ? call('searchPage', { params: { page }, body: { query } }) : call('search', { body: { query } })),
    getFeed: (page = 1) => call('getFeedPage', { params: { page } }),
    getUserWishes: (userId: number | string, page = 1) => call('getUserWishesPage', { params: { id: userId, page } }),
    createUser: (payload: CreateUserRequest) => call('createUser', { body: payload }),
    /** Throws ApiError with the raw body so the sign-in screen can apply its own docs/product.md#8-error-texts rules. */
    login: (username: string, password: string) => call('obtainToken', { body: { username, password } }),
    submitOffer: (offer: OfferRequest) => call('submitOffer', { body: offer }),
    submitComplaint: (complaint: ComplaintRequest) => call('submitComplaint', { body: complaint }),
    vote: (wishId: number, voteType: VoteType = DEFAULT_VOTE_TYPE) => call('voteOnWish', { params: { id: wishId }, body: { vote_type: voteType } }),
    removeVote: (wishId: number) => call('removeVote', { params: { id: wishId } }),
    /** One page of voters; pass the previous answer's `next_cursor` as `page.cursor` for the next. */
    getVoters: (wishId: number, voteType?: VoteType, page: { limit?: number; cursor?: string } = {}) =>
      call('listVoters', { params: { id: wishId }, query: { vote_type: voteType, limit: page.limit, cursor: page.cursor } }),
    requestPasswordReset: (email: string) => call('requestPasswordReset', { body: { email } }),
    confirmPasswordReset: (payload: ResetConfirmRequest) => call('confirmPasswordReset', { body: payload }),
    subscribe: (userId: number) => call('subscribe', { params: { id: userId } }),
    unsubscribe: (userId: number) => call('unsubscribe', { params: { id: userId } }),
    /** null when the user does not exist (404). */
    getProfile: (userId: number | string) => orNull(call('getProfile', { params: { id: userId } })),
    getUserSubscriptions: (userId: number) => call('getProfileSubscriptions', { params: { id: userId } }),
    getMySubscriptions: () => call('getMySubscriptions'),
    uploadAvatar: (file: Blob, fileName = 'avatar') => {
      const form = new FormData();
      form.append('avatar', file, fileName);
      return call('uploadAvatar', { body: form });
    },
    /** The author's edit: text and/or is_public; answers the updated wish. */
    updateWish: async (wishId: number, change: UpdateWishRequest): Promise<Wish> => (await call('updateWish', { params: { id: wishId }, body: change })).wish,
    deleteWish: (wishId: number) => call('deleteWish', { params: { id: wishId } }),
    getMyReports: (page = 1) => call('listMyReports', { query: { page } }),
    getReportQueue: (status: ReportStatus, page = 1) => call('getReportQueue', { query: { status, page } }),
    moderateWish: (wishId: number, action: ModerationWishAction, reason: string) => call('moderateWish', { params: { id: wishId }, body: { action, reason } }),
    moderateUser: (userId: number, action: ModerationUserAction, reason: string) => call('moderateUser', { params: { id: userId }, body: { action, reason } }),
    getModerationLog: (page = 1) => call('getModerationLog', { query: { page } }),
    getOffers: (page = 1) => call('getOfferInbox', { query: { page } }),
    getFollowingFeed: (page = 1) => call('getFollowingFeedPage', { params: { page } }),
    getNotifications: (page = 1) => call('listNotifications', { query: { page } }),

    /**
     * The live unread count (GET /api/notifications/stream/) with the Authorization header, never a
     * token in the URL; an expired token is refreshed once, as for every call. Resolves when the
     * server ends the stream (token expiry, session end, idle timeout) and rejects with an ApiError
     * when it refuses it (401, 429); the caller reconnects.
     */
    streamUnreadCount: async (options: { onCount: (count: number) => void; onRetry?: (ms: number) => void; signal?: AbortSignal }): Promise<void> => {
      const response = await send('streamUnreadCount', { signal: options.signal, accept: 'text/event-stream' });
      if (!response.ok) throw new ApiError(errorText(await readJson(response), API_ERRORS.general), response.status);
      await readEventStream(
        response,
        ({ event, data }) => {
          const value = (data as { unread_count?: unknown } | null)?.unread_count;
          if (event === 'unread' && typeof value === 'number') options.onCount(value);
        },
        options.onRetry,
      );
    },

    /** Marks the given notifications (or, without ids, all) read; resolves to the new unread count. */
    markNotificationsRead: (ids?: number[]) => call('markNotificationsRead', { body: ids ? { ids } : {} }),
    getAccount: () => call('getAccount'),
    updateAccount: (patch: AccountPatch) => call('updateAccount', { body: patch }),
    changePassword: (currentPassword: string, newPassword: string) => call('changePassword', { body: { current_password: currentPassword, new_password: newPassword } }),
    signOutEverywhere: () => call('signOutEverywhere'),
    /** Everything the server stores about the member (the JSON the export file holds). */
    exportAccount: () => call('exportAccount') as Promise<Record<string, unknown>>,
    deleteAccount: (password: string) => call('deleteAccount', { body: { password } }),
    /** Markdown text of a static page (terms, privacy_policy). */
    getStaticPage: (name: string) => fetchStaticPage(name, options.fetch ? (input, init) => options.fetch!(String(input), init) : undefined),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** @deprecated The client every unconverted app uses; new code calls `call()`. */
export const api: ApiClient = createApiClient();
