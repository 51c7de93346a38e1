/**
 * What a log line may say about a request's URL: token-like query parameters (`access_token`,
 * `token`, `refresh`, `code`, `key`, `secret`, `password`, `signature`, ...) are replaced by
 * `[redacted]`, so a token sent in a URL (old EventSource clients, links with a secret, a team's
 * signed preview link) never reaches a log. Used by the logger's request serializer (app.ts), for
 * every line that names a request.
 */
import type { FastifyRequest } from 'fastify';
import { scrubUrl } from './request-log';

const SECRET_PARAM = /(token|refresh|secret|password|passwd|code|key|sig|signature|auth|session|jwt|load_id|preview)/i;

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash === -1 ? undefined : hash);
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      let name = eq === -1 ? pair : pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is judged as it stands.
      }
      return eq !== -1 && SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${redacted}`;
}

/** Fastify's default request serializer, with the URL redacted (query secrets, and link secrets in the path). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(scrubUrl(request.url)),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
