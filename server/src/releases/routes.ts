/**
 * Admin calls for remote releases (api-v2 "Remote releases"): the same switches as
 * `npm run remotes`, over HTTP. 401 for visitors, 403 for anyone but an admin (app/roles.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ActivateReleaseRequestSchema, ErrorResponseSchema, ReleaseSwitchResponseSchema, RemoteParamsSchema, RemoteStatesResponseSchema } from '@wishes/shared/contract';
import type { AppDeps } from '../app/deps';
import { HttpError } from '../app/errors';
import { requireUser } from '../app/auth';
import { isAdmin } from '../app/roles';
import { activateRelease, ReleaseRefused, remoteStates, rollbackRelease, type ReleaseContext } from './service';

export const NOT_ADMIN = 'Only admins can manage remote releases.';

export default async function releaseRoutes(fastify: FastifyInstance, { deps, siteRoot }: { deps: AppDeps; siteRoot?: string }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx: ReleaseContext = { db: deps.db, releasesDir: deps.config.releasesDir, siteRoot: siteRoot ?? deps.config.siteRoot };

  /** The signed-in admin's actor label, else 401/403. */
  const requireAdmin = async (request: FastifyRequest): Promise<string> => {
    const userId = requireUser(request);
    if (!(await isAdmin(deps, userId))) throw new HttpError(403, NOT_ADMIN);
    const user = await deps.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
    return `user:${userId} ${user?.email ?? ''}`.trim();
  };
  const refusedAsHttp = (error: unknown): never => {
    if (error instanceof ReleaseRefused) throw new HttpError(error.status, error.message);
    throw error;
  };
  // No 401 schema: the auth hook's simplejwt body ({detail, code}) must pass through unchanged.
  const errors = { 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
  const common = { tags: ['admin'], security: [{ bearer: [] }] };

  app.get(
    '/api/admin/remotes/',
    { schema: { ...common, description: 'Every remote, its active release, its releases and its latest switches.', response: { 200: RemoteStatesResponseSchema } }, preHandler: app.authenticate },
    async (request) => {
      await requireAdmin(request);
      return { remotes: await remoteStates(ctx) };
    },
  );

  app.post(
    '/api/admin/remotes/:remote/activate/',
    {
      schema: {
        ...common,
        description: "Makes a release active (from the next request on). 409 with a one-line reason when the gate refuses it (a shared singleton the shell does not provide, a missing file); nothing changes then.",
        params: RemoteParamsSchema,
        body: ActivateReleaseRequestSchema,
        response: { 200: ReleaseSwitchResponseSchema, ...errors },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const actor = await requireAdmin(request);
      const record = await activateRelease(ctx, request.params.remote, request.body.release, actor).catch(refusedAsHttp);
      return { message: `${record.remote} ${record.release_id} is active`, switch: record };
    },
  );

  app.post(
    '/api/admin/remotes/:remote/rollback/',
    {
      schema: { ...common, description: 'Returns to the release that was active before the current one.', params: RemoteParamsSchema, response: { 200: ReleaseSwitchResponseSchema, ...errors } },
      preHandler: app.authenticate,
    },
    async (request) => {
      const actor = await requireAdmin(request);
      const record = await rollbackRelease(ctx, request.params.remote, actor).catch(refusedAsHttp);
      return { message: `${record.remote} rolled back to ${record.release_id}`, switch: record };
    },
  );
}
