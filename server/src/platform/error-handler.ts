/**
 * Every error as JSON: our HttpError as `{ error, ...extra }`, simplejwt-style AuthError as
 * `{ detail, code? }`, schema failures as a 400 naming the field, and never a stack trace.
 * The shapes are the contract's ErrorResponse and DetailResponse (documented per status in the OpenAPI).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthError, HttpError } from './errors';

/** A sentence for a schema validation failure, plus a per-field map. */
function describeValidation(error: FastifyError): { error: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const params = issue.params as Record<string, unknown>;
    let field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    let message = issue.message ?? 'is invalid';
    if (issue.keyword === 'required' && typeof params.missingProperty === 'string') {
      field = params.missingProperty;
      message = 'This field is required.';
    } else if (issue.keyword === 'type') {
      message = `Must be of type ${String(params.type)}.`;
    } else if (issue.keyword === 'maxLength') {
      message = `Ensure this field has no more than ${String(params.limit)} characters.`;
    } else if (issue.keyword === 'minimum' || issue.keyword === 'exclusiveMinimum') {
      message = 'Ensure this value is a positive number.';
    } else if (issue.keyword === 'anyOf' || issue.keyword === 'const' || issue.keyword === 'enum') {
      message = 'Not a valid choice.';
    }
    if (!field) field = error.validationContext ?? 'body';
    if (!(field in fields)) fields[field] = message;
  }
  const [first] = Object.entries(fields);
  return { error: first ? `${first[0]}: ${first[1]}` : 'Invalid request.', fields };
}

/**
 * For a route plugin whose calls answer every error as `{detail}` (the v3+ contract), schema
 * failures too: inside that plugin only, a schema failure also carries its sentence as `detail`;
 * every other error goes on to the site's handler.
 */
export function answerSchemaErrorsWithDetail(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    if (!error.validation) throw error;
    const body = describeValidation(error);
    return reply.code(400).send({ detail: body.error, ...body });
  });
}

/**
 * `isUnavailable` tells a lost database (answered 503 with Retry-After) from a fault; the
 * composition root passes the database layer's own test, so this file knows no module.
 */
export function installErrorHandling(app: FastifyInstance, isUnavailable: (error: unknown) => boolean) {
  app.setErrorHandler((error: FastifyError | HttpError | AuthError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.status).send({ error: error.message, ...error.extra });
    }
    if (error instanceof AuthError) {
      return reply.code(error.status).send({ detail: error.detail, ...(error.code ? { code: error.code } : {}), ...error.extra });
    }
    const fe = error as FastifyError;
    if (fe.validation) return reply.code(400).send(describeValidation(fe));
    const status = fe.statusCode ?? 500;
    if (status === 413 || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ error: 'Request body is too large.' });
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(415).send({ error: 'Unsupported media type: send JSON (Content-Type: application/json).' });
    if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe instanceof SyntaxError || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ error: 'Malformed JSON in request body.' });
    }
    if (status === 429) return reply.code(429).send({ error: 'Too many requests. Please try again later.' });
    if (status >= 400 && status < 500) return reply.code(status).send({ error: fe.message || 'Bad request.' });
    if (isUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).header('Retry-After', '1').send({ error: 'Service temporarily unavailable. Please try again.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(status >= 500 && status < 600 ? status : 500).send({ error: 'Internal server error.' });
  });
}

/**
 * JSON 404 for unknown paths. The pages module (registered before this) may own the not-found
 * handler for non-API paths; Fastify allows one per prefix, so ours is only the fallback.
 */
export function installNotFound(app: FastifyInstance) {
  try {
    app.setNotFoundHandler((_request, reply) => {
      reply.code(404).send({ error: 'Not found.' });
    });
  } catch {
    app.log.debug('not-found handler provided by the pages module');
  }
}

