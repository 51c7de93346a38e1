/**
 * The remotes' files, CORS-open so the shell can load them from another origin:
 * - GET /mf/releases/<remote>/<release-id>/*: a release's files; its URL names the release, so
 *   every file is cached for good. Only finished releases (release.json written last) that are or
 *   were live in the last 24 hours, or that this browser's preview pins, are served; one published
 *   over HTTP (possibly to another process) is copied here from the database first. Each file goes
 *   out with its own type only, never as a page (releases/file-types.ts);
 * - GET /mf/<folder>/*: a remote's built files from <root>/<folder>/dist (unless the gate refused
 *   that build at start, releases/site-build.ts).
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app/deps';
import { readRelease, releaseDir } from '../releases/catalog';
import { verifyPreviewToken, previewFromCookie } from '../releases/canary';
import { ensureLocal } from '../releases/published';
import { refusedSiteBuilds } from '../releases/site-build';
import { servedUntil } from '../releases/store';
import { IMMUTABLE, safeRelativePath } from './assets';
import type { SendBuilt } from './built-files';
import type { RemoteLocation } from './remotes';

/** How long a live release's "may be served" answer is kept before it is read again. */
const LIVE_RECHECK_MS = 60_000;

export function registerRemoteFiles(
  app: FastifyInstance,
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  site: { root: string; byFolder: ReadonlyMap<string, RemoteLocation>; sendBuilt: SendBuilt },
) {
  /**
   * Whether a release's files may be served to this browser: a live release (active or a canary),
   * one that stopped being live less than 24 hours ago (tabs opened before the switch), or the one
   * this browser's confirmed preview pins. A release that never went live (published and waiting,
   * refused by the gate, or written by `npm run release` and never activated) is served to nobody
   * else: its files could otherwise be opened from a link by anyone. Decisions are kept until they
   * may change: a live release is checked again after a minute (a switch keeps it served for 24
   * hours anyway), an old one until its 24 hours end.
   */
  const servedUntilCache = new Map<string, number>();
  const servable = async (cookie: string | undefined, remote: string, release: string): Promise<boolean> => {
    const pin = verifyPreviewToken(config.jwtSecret, previewFromCookie(cookie));
    if (pin && pin.remote === remote && pin.release === release) return true;
    const key = `${remote}/${release}`;
    const now = Date.now();
    if ((servedUntilCache.get(key) ?? 0) > now) return true;
    const until = await servedUntil(db, remote, release, now, LIVE_RECHECK_MS);
    if (until === null) {
      servedUntilCache.delete(key);
      return false;
    }
    servedUntilCache.set(key, until);
    return true;
  };

  app.get<{ Params: { remote: string; release: string; '*': string } }>('/mf/releases/:remote/:release/*', { schema: { hide: true } }, async (request, reply) => {
    const { remote, release } = request.params;
    const dir = releaseDir(config.releasesDir, remote, release);
    const relative = safeRelativePath(request.params['*'] ?? '');
    if (!dir || !relative) return reply.callNotFound();
    if (!(await servable(request.headers.cookie, remote, release).catch(() => false))) return reply.callNotFound();
    if (!readRelease(config.releasesDir, remote, release) && !(await ensureLocal(db, config.releasesDir, remote, release).catch(() => false))) return reply.callNotFound();
    reply.header('Access-Control-Allow-Origin', '*').header('Cross-Origin-Resource-Policy', 'cross-origin');
    return site.sendBuilt(reply, dir, relative, { cacheControl: IMMUTABLE });
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
