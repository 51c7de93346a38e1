/**
 * Admin calls for remote releases (api-v2 "Remote releases"): the same switches as
 * `npm run remotes`, over HTTP. 401 for visitors, 403 for anyone but an admin (app/roles.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app/deps';
import { registerOperations } from '../app/operations';
import { HttpError } from '../app/errors';
import { requireUser } from '../app/auth';
import { isAdmin } from '../app/roles';
import { activateRelease, ReleaseRefused, remoteStates, rollbackRelease, type ReleaseContext } from './service';

export const NOT_ADMIN = 'Only admins can manage remote releases.';

export default async function releaseRoutes(app: FastifyInstance, { deps, siteRoot }: { deps: AppDeps; siteRoot?: string }) {
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

  registerOperations(app, deps, {
    listRemotes: {
      handler: async (request) => {
        await requireAdmin(request);
        return { remotes: await remoteStates(ctx) };
      },
    },

    activateRelease: {
      handler: async (request) => {
        const actor = await requireAdmin(request);
        const record = await activateRelease(ctx, request.params.remote, request.body.release, actor).catch(refusedAsHttp);
        return { message: `${record.remote} ${record.release_id} is active`, switch: record };
      },
    },

    rollbackRelease: {
      handler: async (request) => {
        const actor = await requireAdmin(request);
        const record = await rollbackRelease(ctx, request.params.remote, actor).catch(refusedAsHttp);
        return { message: `${record.remote} rolled back to ${record.release_id}`, switch: record };
      },
    },
  });
}
