/**
 * The remotes' files, CORS-open so the shell can load them from another origin:
 * - GET /mf/releases/<remote>/<release-id>/*: a release's files; its URL names the release, so
 *   every file is cached for good. Only finished releases (release.json written last) that passed
 *   the gate are served; one published over HTTP (possibly to another process) is copied here from
 *   the database first;
 * - GET /mf/<folder>/*: a remote's built files from <root>/<folder>/dist (unless the gate refused
 *   that build at start, releases/site-build.ts).
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app/deps';
import { readRelease, releaseDir } from '../releases/catalog';
import { verifyPreviewToken, previewFromCookie } from '../releases/canary';
import { ensureLocal, publishedMeta } from '../releases/published';
import { refusedSiteBuilds } from '../releases/site-build';
import { everLive } from '../releases/store';
import { IMMUTABLE, safeRelativePath } from './assets';
import type { SendBuilt } from './built-files';
import type { RemoteLocation } from './remotes';

export function registerRemoteFiles(
  app: FastifyInstance,
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  site: { root: string; byFolder: ReadonlyMap<string, RemoteLocation>; sendBuilt: SendBuilt },
) {
  /**
   * Releases whose files may be served: those that passed the gate, i.e. published over HTTP (the
   * gate ran at publish) or live at some point (active, a canary, any switch's target), or the one
   * this browser's preview link pins. A folder `npm run release` wrote that was never activated,
   * or that the gate refused, is not reachable. Once accepted, always accepted (cached).
   */
  const accepted = new Set<string>();
  const servable = async (cookie: string | undefined, remote: string, release: string): Promise<boolean> => {
    const key = `${remote}/${release}`;
    if (accepted.has(key)) return true;
    const pin = verifyPreviewToken(config.jwtSecret, previewFromCookie(cookie));
    if (pin && pin.remote === remote && pin.release === release) return true;
    const ok = (await publishedMeta(db, remote, release)) !== null || (await everLive(db, remote, release));
    if (ok) accepted.add(key);
    return ok;
  };

  app.get<{ Params: { remote: string; release: string; '*': string } }>('/mf/releases/:remote/:release/*', { schema: { hide: true } }, async (request, reply) => {
    const { remote, release } = request.params;
    const dir = releaseDir(config.releasesDir, remote, release);
    const relative = safeRelativePath(request.params['*'] ?? '');
    if (!dir || !relative) return reply.callNotFound();
    if (!(await servable(request.headers.cookie, remote, release).catch(() => false))) return reply.callNotFound();
    if (!readRelease(config.releasesDir, remote, release) && !(await ensureLocal(db, config.releasesDir, remote, release).catch(() => false))) return reply.callNotFound();
    reply.header('Access-Control-Allow-Origin', '*').header('Cross-Origin-Resource-Policy', 'cross-origin');
    return site.sendBuilt(reply, dir, relative, IMMUTABLE);
  });

  app.get<{ Params: { folder: string; '*': string } }>('/mf/:folder/*', { schema: { hide: true } }, async (request, reply) => {
    const location = site.byFolder.get(request.params.folder);
    const relative = safeRelativePath(request.params['*'] ?? '');
    // A site build the gate refused at start (releases/site-build.ts) is not served either.
    if (!location || !relative || refusedSiteBuilds.has(location.folder)) return reply.callNotFound();
    // Remotes may be loaded from another origin (the shell on a CDN, or a dev server).
    reply.header('Access-Control-Allow-Origin', '*').header('Cross-Origin-Resource-Policy', 'cross-origin');
    return site.sendBuilt(reply, path.join(site.root, location.folder, 'dist'), relative);
  });
}
