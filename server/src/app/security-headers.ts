/**
 * Helmet's security headers, computed once at start and set on every reply by one onRequest hook.
 * (@fastify/helmet builds a new helmet middleware, re-parsing the CSP directives, on every request:
 * about 8 % of the CPU time of a small API response.) The options are helmet's own; nothing in
 * them depends on the request (no CSP nonces), so the headers are the same for every response.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet(options) sets, captured from one run against a stand-in response. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
  };
  helmet(options)({ headers: {} } as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * HSTS is sent only on a response to an https request, directly or through a trusted proxy's
 * X-Forwarded-Proto (request.protocol follows TRUST_PROXY): over plain http the header means
 * nothing to a browser (RFC 6797 §7.2) and, on an http-only site, announces a policy it cannot keep.
 */
async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const { 'strict-transport-security': hsts, ...headers } = helmetHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (hsts && request.protocol === 'https') reply.header('strict-transport-security', hsts);
    done();
  });
}

export default fp(securityHeaders, { name: 'wishes-security-headers' });
