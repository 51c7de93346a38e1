/**
 * @wishes/kit-contract: the API contract as types (docs/architecture.md, "The kit"): the data
 * shapes and the declaration a remote ships in its release; no run-time code on this entry. The
 * run-time parts are subpaths: ./constants, ./validation, ./routes (the client's method-and-path
 * map), ./operations and ./api (the whole contract with its TypeBox schemas, for the server).
 */
export type * from './schemas';
export type * from './social';
export type * from './chats';
export type * from './deliveries';
export type * from './people';
export type * from './groups';
export type * from './replies';
export type { OperationId } from './operations';
export type { ConsumedModule, MenuDeclaration, NavDeclaration, NavVisibility, RemoteDeclaration, RouteDeclaration } from './registry';
