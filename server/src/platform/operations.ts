/**
 * The registrar: turns handlers keyed by operationId into Fastify routes, taking method, path,
 * request schemas, auth and documentation from the operation table (@wishes/kit-contract/api,
 * operations.ts). Each URL-area folder's routes.ts is `defineRoutes((app, deps) => ({ opId: … }))`,
 * the composition root's binding of `routeDefiner` to its deps (app/deps.ts): the registrar knows no
 * module, so it is generic over what a route receives.
 *
 * Per route, in order: the auth preHandler (signed-in levels), the rate limits, the handler's own
 * preHandlers, then the handler. Role checks stay in the handlers (they need the role's message
 * and sometimes the role itself). Only JSON success schemas go to Fastify's serializer; error
 * bodies keep their exact shape and are checked against the document by the conformance test.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';
import { OPERATIONS, routePathOf, type Operation, type OperationId } from '@wishes/kit-contract/api';
import { rateLimiter, type LimitRule } from './ratelimit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation table's id of the route (the request log names it). */
    operationId?: OperationId;
  }
}

type Op<Id extends OperationId> = (typeof OPERATIONS)[Id];
type StaticOf<S> = S extends TSchema ? Static<S> : unknown;

/** The request as the operation's schemas type it. */
export type OperationRequest<Id extends OperationId> = FastifyRequest<{
  Params: Op<Id> extends { params: infer P } ? StaticOf<P> : unknown;
  Querystring: Op<Id> extends { query: infer Q } ? StaticOf<Q> : unknown;
  Body: Op<Id> extends { body: infer B; multipart?: undefined } ? StaticOf<B> : unknown;
}>;

export interface OperationHandler<Id extends OperationId> {
  handler: (request: OperationRequest<Id>, reply: FastifyReply) => unknown;
  /** Throttles, each a preHandler answering 429 with Retry-After (platform/ratelimit.ts). */
  rateLimit?: LimitRule[];
  /** Further preHandlers, after auth and the rate limits (e.g. the login lockout). */
  preHandler?: preHandlerAsyncHookHandler[];
  /** The handler checks the caller itself (the event stream also takes its token from the query). */
  checksAuth?: true;
  /** Route options beyond the table's (e.g. `compress: false` for a stream). */
  options?: Pick<RouteOptions, 'compress'>;
}

export type OperationHandlers = { [Id in OperationId]?: OperationHandler<Id> };

/** Fastify's schema for the route: request schemas and the JSON success responses. */
function fastifySchema(op: Operation) {
  const response: Record<number, TSchema> = {};
  for (const [status, body] of Object.entries(op.responses)) {
    if (body && !('contentType' in body && typeof body.contentType === 'string')) response[Number(status)] = body as TSchema;
  }
  return {
    ...(op.params ? { params: op.params } : {}),
    ...(op.query ? { querystring: op.query } : {}),
    ...(op.body && !op.multipart ? { body: op.body } : {}),
    ...(Object.keys(response).length ? { response } : {}),
    hide: true, // the document comes whole from the table (app/docs.ts)
  };
}

/** What the registrar itself reads of the deps a route receives. */
export interface RegistrarDeps {
  config: { rateLimitScale: number };
}

/** Registers each handler's operation on `app`. */
export function registerOperations(app: FastifyInstance, deps: RegistrarDeps, handlers: OperationHandlers) {
  for (const [id, entry] of Object.entries(handlers) as [OperationId, OperationHandler<OperationId>][]) {
    const op: Operation = OPERATIONS[id];
    const preHandler: preHandlerAsyncHookHandler[] = [];
    if (op.auth !== 'visitor' && op.auth !== 'optional' && !entry.checksAuth) preHandler.push(app.authenticate);
    for (const rule of entry.rateLimit ?? []) preHandler.push(rateLimiter(app, deps.config.rateLimitScale, rule));
    preHandler.push(...(entry.preHandler ?? []));
    app.route({
      method: op.method,
      url: routePathOf(op.path),
      schema: fastifySchema(op),
      config: { operationId: id },
      ...(preHandler.length ? { preHandler } : {}),
      ...entry.options,
      handler: entry.handler as (request: FastifyRequest, reply: FastifyReply) => unknown,
    });
  }
}

/** `defineRoutes` for an app whose route plugins receive `{ deps: D }`: a URL area's routes as a Fastify plugin registering the handlers `build` returns. */
export function routeDefiner<D extends RegistrarDeps>() {
  return (build: (app: FastifyInstance, deps: D) => OperationHandlers | Promise<OperationHandlers>): FastifyPluginAsync<{ deps: D }> =>
    async (app, { deps }) => registerOperations(app, deps, await build(app, deps));
}
