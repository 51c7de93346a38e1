/** Liveness (/healthz: the process answers) and readiness (/readyz: the database answers too) for load balancers. */
import type { FastifyInstance } from 'fastify';
import { PROBE_PATHS } from '@wishes/shared/contract';
import { pingDatabase } from '../db/connect';

export default async function healthRoutes(app: FastifyInstance) {
  app.get(PROBE_PATHS.live, { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get(PROBE_PATHS.ready, { schema: { hide: true } }, async (_request, reply) => {
    const ok = await pingDatabase(app.deps.db);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable' });
  });
}
