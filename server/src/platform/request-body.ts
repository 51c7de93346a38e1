/** How request bodies are read: JSON only (multipart where a route registers it), empty is "no body", no U+0000. */
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/** The default JSON parser, except that an empty body is "no body" rather than an error. */
export function installJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  // The API speaks JSON (and multipart, for avatars): a text/plain body is 415, not a string body.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });
}

export function installBodyChecks(app: FastifyInstance) {
  // An absent JSON body on a route with a body schema reads as {} so "missing field" is the error.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) (request as { body: unknown }).body = {};
    // PostgreSQL text cannot hold U+0000; refuse it on both databases, as Django's CharField does.
    else if (hasNulCharacter(request.body)) throw new HttpError(400, 'Null characters are not allowed.');
  });
}

/** True when any string (or key) in a parsed JSON body contains U+0000. */
function hasNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNulCharacter(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNulCharacter(v, depth + 1));
}

