/**
 * The remotes' files, CORS-open so the shell can load them from another origin:
 * - GET /mf/releases/<remote>/<release-id>/*: a release's files; its URL names the release, so
 *   every file is cached for good. Only finished releases (release.json written last) are served;
 *   one published over HTTP (possibly to another process) is copied here from the database first;
 * - GET /mf/<folder>/*: a remote's built files from <root>/<folder>/dist.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app/deps';
import { readRelease, releaseDir } from '../releases/catalog';
import { ensureLocal } from '../releases/published';
import { IMMUTABLE, safeRelativePath } from './assets';
import type { SendBuilt } from './built-files';
import type { RemoteLocation } from './remotes';

export function registerRemoteFiles(
  app: FastifyInstance,
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  site: { root: string; byFolder: ReadonlyMap<string, RemoteLocation>; sendBuilt: SendBuilt },
) {
  app.get<{ Params: { remote: string; release: string; '*': string } }>('/mf/releases/:remote/:release/*', { schema: { hide: true } }, async (request, reply) => {
    const { remote, release } = request.params;
    const dir = releaseDir(config.releasesDir, remote, release);
    const relative = safeRelativePath(request.params['*'] ?? '');
    if (!dir || !relative) return reply.callNotFound();
    if (!readRelease(config.releasesDir, remote, release) && !(await ensureLocal(db, config.releasesDir, remote, release).catch(() => false))) return reply.callNotFound();
    reply.header('Access-Control-Allow-Origin', '*').header('Cross-Origin-Resource-Policy', 'cross-origin');
    return site.sendBuilt(reply, dir, relative, IMMUTABLE);
  });

  app.get<{ Params: { folder: string; '*': string } }>('/mf/:folder/*', { schema: { hide: true } }, async (request, reply) => {
    const location = site.byFolder.get(request.params.folder);
    const relative = safeRelativePath(request.params['*'] ?? '');
    if (!location || !relative) return reply.callNotFound();
    // Remotes may be loaded from another origin (the shell on a CDN, or a dev server).
    reply.header('Access-Control-Allow-Origin', '*').header('Cross-Origin-Resource-Policy', 'cross-origin');
    return site.sendBuilt(reply, path.join(site.root, location.folder, 'dist'), relative);
  });
}
