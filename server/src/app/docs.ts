/**
 * /api/docs (Swagger UI) and /api/docs/json: the OpenAPI document generated from the operation
 * table (@wishes/kit-contract/api, openapi.ts), served as it is rather than collected from routes.
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { buildOpenApi } from '@wishes/kit-contract/api';

export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, { mode: 'static', specification: { document: buildOpenApi() as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: siteFramingPolicy });
}

/**
 * Swagger UI's own CSP (hashes of its inline scripts), brought in line with the rest of the site
 * (app/csp.ts): never framed (`frame-ancestors 'none'`, beside X-Frame-Options: DENY), and no
 * `upgrade-insecure-requests`, which breaks the docs on a site served over plain http.
 */
export function siteFramingPolicy(header: string): string {
  return header
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !/^upgrade-insecure-requests$/i.test(directive))
    .map((directive) => (/^frame-ancestors\b/i.test(directive) ? "frame-ancestors 'none'" : directive))
    .join('; ');
}
