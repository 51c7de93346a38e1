/**
 * The site's two event streams (generation, the unread count), read with eventsource-parser over
 * `send()` from the operation-table client (./client.ts): the bearer token in the Authorization
 * header (never in the URL), one refresh on an expired token, the spec's error texts. Every other
 * call is `call(operationId, …)`.
 */
import { createParser } from 'eventsource-parser';
import type { GenerateRequest, RateLimit } from '@wishes/kit-contract/schemas';
import { API_ERRORS, ApiError, createClient, readJson, type ClientOptions } from './client';

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

/** The streams over a client of their own (tests pass `fetch`, `getToken`, `refresh`). */
export function createStreams(options: ClientOptions = {}) {
  const { send } = createClient(options);
  return {
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

  };
}

const streams = createStreams();
/** Streams a draft: see createStreams. */
export const streamText = streams.streamText;
/** The live unread count: see createStreams. */
export const streamUnreadCount = streams.streamUnreadCount;
