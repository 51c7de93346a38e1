/** @wishes/shared: the contract, API client (call), event streams, session, bus, validation, constants and UI kit. */
export * from './constants';
export * from './validation';
export * from './bus';
export * from './session';
export * from './returnTo';
export * from './streams';
export { API_ERRORS, ApiError, call, send, createClient, CALL_RULES, fetchStaticPage, type CallInit, type CallRule, type Client, type ClientOptions, type ResponseOf, type ParamsOf, type QueryOf, type BodyOf } from './client';
export * from './query';
export * from './options';
export * from './embedded';
export * from './format';
export * from './hooks';
export * from './useKeyedState';
export * from './forms';
export * from './paging';
export * from './remoteLoading';
export * from './ui';
// Types only: the TypeBox schemas stay out of browser bundles.
export type * from './contract/schemas';
export type * from './contract/social';
export type * from './contract/chats';
export type * from './contract/deliveries';
export * from './remotes';
export * from './remoteOverride';
