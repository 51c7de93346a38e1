import type { GenerateRequest, RateLimit } from './contract/schemas';
import { type ClientOptions } from './client';
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
export declare function readEventStream(response: Response, onEvent: (event: StreamEvent) => void, onRetry?: (ms: number) => void): Promise<void>;
/** The streams over a client of their own (tests pass `fetch`, `getToken`, `refresh`). */
export declare function createStreams(options?: ClientOptions): {
    /**
     * Streams a draft (POST /api/base/generate_text/stream/): `onToken` gets each piece and the
     * text so far. Resolves with the whole text and quota, or with what arrived when `signal`
     * stopped it; rejects with an ApiError (its body's `partial` holds what arrived) on a refusal
     * or a stream that broke off.
     */
    streamText: (request: GenerateRequest, options: {
        onToken: (piece: string, textSoFar: string) => void;
        signal?: AbortSignal;
    }) => Promise<StreamedDraft>;
    /**
     * The live unread count (GET /api/notifications/stream/) with the Authorization header, never a
     * token in the URL; an expired token is refreshed once, as for every call. Resolves when the
     * server ends the stream (token expiry, session end, idle timeout) and rejects with an ApiError
     * when it refuses it (401, 429); the caller reconnects.
     */
    streamUnreadCount: (options: {
        onCount: (count: number) => void;
        onRetry?: (ms: number) => void;
        signal?: AbortSignal;
    }) => Promise<void>;
};
/** Streams a draft: see createStreams. */
export declare const streamText: (request: GenerateRequest, options: {
    onToken: (piece: string, textSoFar: string) => void;
    signal?: AbortSignal;
}) => Promise<StreamedDraft>;
/** The live unread count: see createStreams. */
export declare const streamUnreadCount: (options: {
    onCount: (count: number) => void;
    onRetry?: (ms: number) => void;
    signal?: AbortSignal;
}) => Promise<void>;
