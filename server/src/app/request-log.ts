import type { FastifyInstance } from 'fastify';

/** Paths whose segment after the prefix is a secret (a recipient's link): logged as `[token]`. */
const SECRET_PATHS = /^(\/w\/|\/g\/|\/api\/base\/deliveries\/received\/|\/api\/groups\/invite\/|\/api\/groups\/unsubscribe\/)[^/?#]+/;

/** A group invitee's own token rides in `?i=` beside the invite. */
const INVITEE_QUERY = /^((?:\/g\/|\/api\/groups\/invite\/)[^?#]*\?(?:[^#]*&)?i=)[^&#]*/;

/** The email verification links (an account's, a group signer's) carry their token in the query. */
const SECRET_QUERY = /^((?:\/verify-email|\/groups\/confirm-email)\?(?:[^#]*&)?token=)[^&#]*/;

/** The URL as it may be logged: a recipient's link secret (or a verification token) is replaced. */
export function scrubUrl(url: string): string {
  return url.replace(INVITEE_QUERY, '$1[token]').replace(SECRET_PATHS, '$1[token]').replace(SECRET_QUERY, '$1[token]');
}

/**
 * One log line per request, after the response: every write (POST/PUT/PATCH/DELETE) and every
 * 4xx/5xx at info (errors are also logged with their stack by the error handler); successful
 * GET/HEAD/OPTIONS reads only when the level is debug or lower, since at hundreds or thousands of
 * reads a second they are noise and a measurable share of each read's CPU.
 */
export function installRequestLog(app: FastifyInstance) {
  const logReads = app.log.level === 'debug' || app.log.level === 'trace';
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const read = request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS';
    if (status >= 400 || !read || logReads) {
      const line = { req: request, res: reply, responseTime: reply.elapsedTime, operationId: request.routeOptions.config.operationId };
      if (status >= 500) request.log.error(line, 'request completed');
      else if (status >= 400 || !read) request.log.info(line, 'request completed');
      else request.log.debug(line, 'request completed');
    }
    done();
  });
}

