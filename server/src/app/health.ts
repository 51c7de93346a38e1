/** Liveness (/healthz: the process answers; "degraded" while Redis is away in cluster mode) and readiness (/readyz: the database answers too) for load balancers. */
import type { FastifyInstance } from 'fastify';
import { PROBE_PATHS } from '@wishes/kit-contract/api';
import { pingDatabase } from '../db/connect';

export default async function healthRoutes(app: FastifyInstance) {
  // Still 200 while Redis is away (the process answers, on its own): the proxy keeps it in rotation.
  app.get(PROBE_PATHS.live, { schema: { hide: true } }, async () =>
    app.deps.cluster && !app.deps.cluster.available() ? { status: 'degraded', detail: 'Redis unavailable: rate limits per process, caches short-lived' } : { status: 'ok' },
  );
  app.get(PROBE_PATHS.ready, { schema: { hide: true } }, async (_request, reply) => {
    const ok = await pingDatabase(app.deps.db);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable' });
  });
}
