/**
 * @wishes/kit-contract: the API contract as types only (docs/architecture.md, "The kit"). The
 * data shapes, the operation table's request/response types as the client sees them, and the
 * declaration a remote ships in its release. No run-time code.
 */
export type * from '../contract/schemas';
export type * from '../contract/social';
export type * from '../contract/chats';
export type * from '../contract/deliveries';
export type { OperationId } from '../contract/operations';
export type { BodyOf, CallInit, CallRule, Client, ClientOptions, ParamsOf, QueryOf, ResponseOf } from '../client';
export type { ConsumedModule, MenuDeclaration, NavDeclaration, NavVisibility, RemoteDeclaration, RouteDeclaration } from '../registry';
