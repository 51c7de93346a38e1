/**
 * The OpenAPI 3.1 document, generated from the operation table (./operations.ts). The server serves
 * it at /api/docs/json; `npm run openapi` writes it to openapi.json for Redocly and client
 * generators; server/src/security/openapi-conformance.test.ts checks every answer against it.
 */
import type { TSchema } from '@sinclair/typebox';
import { DetailResponseSchema, ErrorResponseSchema } from './schemas';
import { OPERATIONS, TAGS, errorStatusesOf, type Operation, type OperationId, type SuccessResponse } from './operations';

type Json = Record<string, unknown>;

/** A TypeBox schema as plain JSON Schema (TypeBox's symbol keys dropped). */
const plain = (schema: TSchema): Json => JSON.parse(JSON.stringify(schema)) as Json;

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid request: a field of the wrong type or value, or malformed JSON (`fields` names the field when there is one).',
  401: 'Not signed in, or the token is invalid or expired (`code: token_not_valid`); on the token views, wrong credentials.',
  403: 'Signed in, but not allowed (not the author, or not a moderator or admin).',
  404: 'No such thing, or one the caller may not see.',
  409: 'Conflicts with the current state.',
  413: 'The request body is too large.',
  415: 'The body is not JSON (or, for an upload, not an image).',
  429: 'Too many requests; Retry-After says when to try again.',
  502: 'The language model answered with something unusable.',
  503: 'Temporarily unavailable (database, search or language model); Retry-After when known.',
};

const errorResponseName = (status: number) => `Error${status}`;

function successResponse(status: number, response: SuccessResponse): Json {
  if (response === null) return { description: status === 304 ? 'Not modified (the ETag sent is current).' : 'No body.' };
  if ('contentType' in response && typeof response.contentType === 'string') {
    const schema = response.schema ? plain(response.schema) : response.contentType.startsWith('image/') ? { type: 'string', format: 'binary' } : { type: 'string' };
    return { description: response.description, content: { [response.contentType]: { schema } } };
  }
  return { description: 'Success.', content: { 'application/json': { schema: plain(response as TSchema) } } };
}

function parametersOf(op: Operation): Json[] {
  const list: Json[] = [];
  for (const [where, schema] of [['path', op.params], ['query', op.query]] as const) {
    if (!schema) continue;
    const required = new Set<string>((schema as { required?: string[] }).required ?? []);
    for (const [name, property] of Object.entries((schema as { properties?: Record<string, TSchema> }).properties ?? {})) {
      const { description, ...rest } = plain(property);
      list.push({ name, in: where, required: where === 'path' || required.has(name), ...(description ? { description } : {}), schema: rest });
    }
  }
  return list;
}

function securityOf(op: Operation): Json[] {
  if (op.tokenView) return [];
  if (op.auth === 'visitor' || op.auth === 'optional') return [{}, { bearer: [] }];
  return [{ bearer: [] }];
}

function operationObject(id: OperationId): Json {
  const op: Operation = OPERATIONS[id];
  const responses: Json = {};
  for (const [status, response] of Object.entries(op.responses)) responses[status] = successResponse(Number(status), response as SuccessResponse);
  for (const status of errorStatusesOf(op)) responses[String(status)] = { $ref: `#/components/responses/${errorResponseName(status)}` };
  const parameters = parametersOf(op);
  return {
    operationId: id,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    security: securityOf(op),
    ...(parameters.length ? { parameters } : {}),
    ...(op.rawBody ? { requestBody: { required: true, description: op.rawBody.description, content: { [op.rawBody.contentType]: { schema: { type: 'string', format: 'binary' } } } } } : {}),
    ...(op.body
      ? { requestBody: { required: true, content: { [op.multipart ? 'multipart/form-data' : 'application/json']: { schema: plain(op.body) } } } }
      : {}),
    responses,
    'x-auth': op.auth,
  };
}

export function buildOpenApi(): Json {
  const paths: Record<string, Json> = {};
  const used = new Set<number>();
  for (const id of Object.keys(OPERATIONS) as OperationId[]) {
    const op: Operation = OPERATIONS[id];
    for (const status of errorStatusesOf(op)) used.add(status);
    (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(id);
  }
  const responses: Json = {};
  for (const status of [...used].sort((a, b) => a - b)) {
    const schema = status === 401 ? 'AuthError' : 'Error';
    responses[errorResponseName(status)] = {
      description: ERROR_TEXT[status] ?? 'Error.',
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Wishes API',
      version: '1.0.0',
      description:
        'Every call of the Wishes site, generated from the operation table (shared/kit-contract/src/operations.ts). Paths keep their trailing slash (the contract requires it). `x-auth` says who may call: visitor, optional (anyone; signed-in callers see their own private wishes), user, moderator or admin.',
      license: { name: 'UNLICENSED (private)', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'The site that serves this document (npm start: http://localhost:8000).' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token from POST /api/token/.' } },
      schemas: { Error: plain(ErrorResponseSchema), AuthError: plain(DetailResponseSchema) },
      responses,
    },
  };
}
