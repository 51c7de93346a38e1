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
import type { OPERATIONS, OperationId } from './contract/operations';
/** The person-facing texts of docs/product.md#8-error-texts (exact spec texts). */
export declare const API_ERRORS: {
    readonly search: "Search failed. Please try again.";
    readonly registration: "Registration failed. Please try again.";
    readonly vote: "Failed to vote";
    readonly removeVote: "Failed to remove vote";
    readonly voters: "Failed to fetch voters";
    readonly resetRequest: "Password reset request failed. Please try again.";
    readonly resetConfirm: "Password reset failed. Please try again.";
    readonly subscribe: "Could not subscribe to this user. Please try again.";
    readonly unsubscribe: "Could not unsubscribe from this user. Please try again.";
    readonly profile: "Could not check subscription status.";
    readonly subscriptions: "Could not fetch subscriptions.";
    readonly avatar: "Failed to upload avatar.";
    readonly unexpected: "Unexpected response format.";
    readonly generate: "Failed to generate wish. Please try again.";
    readonly improve: "Failed to rewrite the wish. Please try again.";
    readonly chat: "The assistant could not answer. Please try again.";
    readonly chatLoad: "Could not open this chat. Please try again.";
    readonly save: "Failed to save wish. Please try again.";
    readonly offer: "Error sending offer. Please try again.";
    readonly general: "An unexpected error occurred";
    readonly updateWish: "Could not save your changes. Please try again.";
    readonly deleteWish: "Could not delete the wish. Please try again.";
    readonly moderation: "The moderation action failed. Please try again.";
    readonly moderationLoad: "Could not load this list. Please try again.";
    readonly sendWish: "Could not send the wish. Please try again.";
    readonly deliveries: "Could not load your sent wishes. Please try again.";
    readonly cancelDelivery: "Could not cancel this delivery. Please try again.";
    readonly card: "Could not draw the card. Please try again.";
};
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
export declare const CALL_RULES: Partial<Record<OperationId, CallRule>>;
/** A failed call: `message` is what to show; `status` is 0 for a network failure. */
export declare class ApiError extends Error {
    readonly status: number;
    readonly body: Record<string, unknown> | null;
    constructor(message: string, status: number, body?: Record<string, unknown> | null);
}
type Operations = typeof OPERATIONS;
type SchemaType<S> = S extends TSchema ? Static<S> : unknown;
type SuccessOf<R> = R extends {
    200: infer S;
} ? S : R extends {
    201: infer S;
} ? S : never;
/** What operation `Id` answers on success (a JSON body of the contract; `unknown` for media). */
export type ResponseOf<Id extends OperationId> = SchemaType<SuccessOf<Operations[Id]['responses']>>;
/** Its path parameters, query and body, as the table declares them. */
export type ParamsOf<Id extends OperationId> = Operations[Id] extends {
    params: infer S;
} ? {
    [K in keyof SchemaType<S>]: string | number;
} : never;
export type QueryOf<Id extends OperationId> = Operations[Id] extends {
    query: infer S;
} ? {
    [K in keyof SchemaType<S>]?: SchemaType<S>[K] | number;
} : never;
export type BodyOf<Id extends OperationId> = Operations[Id] extends {
    multipart: true;
} ? FormData : Operations[Id] extends {
    body: infer S;
} ? SchemaType<S> : never;
type Part<K extends string, T> = [T] extends [never] ? {
    [P in K]?: never;
} : {
    [P in K]: T;
};
/** call()'s second argument: `params`/`body` are required when the operation has them; `query` is optional. */
export type CallInit<Id extends OperationId> = Part<'params', ParamsOf<Id>> & Part<'body', BodyOf<Id>> & {
    query?: [QueryOf<Id>] extends [never] ? never : QueryOf<Id>;
    signal?: AbortSignal;
    /** Accept header (default application/json): an event stream or a PNG. */
    accept?: string;
};
type RequiredKeys<T> = {
    [K in keyof T]-?: undefined extends T[K] ? never : K;
}[keyof T];
/** The second argument may be left out when nothing in it is required. */
type InitArg<Id extends OperationId> = RequiredKeys<CallInit<Id>> extends never ? [init?: CallInit<Id>] : [init: CallInit<Id>];
export interface ClientOptions {
    baseUrl?: string;
    fetch?: (input: string, init?: RequestInit) => Promise<Response>;
    getToken?: () => string | null;
    /** Called on a 401 token_not_valid; resolve true to retry the call once. */
    refresh?: () => Promise<boolean>;
}
export declare function readJson(response: Response): Promise<Record<string, unknown> | null>;
export declare function createClient(options?: ClientOptions): {
    call: <Id extends OperationId>(id: Id, ...init: InitArg<Id>) => Promise<ResponseOf<Id>>;
    send: <Id extends OperationId>(id: Id, ...[init]: InitArg<Id>) => Promise<Response>;
};
export type Client = ReturnType<typeof createClient>;
/** The site's client (same origin as the page): `call('getFeedPage', { params: { page: 2 } })`. */
export declare const call: <Id extends OperationId>(id: Id, ...init: InitArg<Id>) => Promise<ResponseOf<Id>>;
/** The raw response of a call (event streams, PNGs) with the same token, refresh and retry. */
export declare const send: <Id extends OperationId>(id: Id, ...[init]: InitArg<Id>) => Promise<Response>;
/** Markdown of a static page (terms, privacy_policy): a file the server serves, not an API call. */
export declare function fetchStaticPage(name: string, doFetch?: typeof fetch): Promise<string>;
export {};
