/**
 * /api/docs (Swagger UI) and /api/docs/json: the OpenAPI document generated from the operation
 * table (@wishes/shared/contract, openapi.ts), served as it is rather than collected from routes.
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { buildOpenApi } from '@wishes/shared/contract';

export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, { mode: 'static', specification: { document: buildOpenApi() as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
