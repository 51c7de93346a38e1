/**
 * Serves the built site (registered last, after every API module): the remote manifest
 * (manifest.ts), the remotes' and releases' files (remote-files.ts), the kit's tarballs (kit.ts),
 * the shell's built files at /,
 * and for every other non-API GET path a page (page.ts). Built files go out through built-files.ts
 * (@fastify/static, precompressed copies). Unknown /api, /media and /static paths and missing build
 * files fall through to the app's JSON 404. A missing dist folder is a 404, never a crash.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app/deps';
import { looksLikeAsset, safeRelativePath } from './assets';
import { releaseFileType } from '../releases/file-types';
import { registerBuiltFiles } from './built-files';
import { createManifestWriter, registerManifest, type CurrentLocations } from './manifest';
import { createPageSender } from './page';
import { createReleaseChoice } from './release-choice';
import { registerKitFiles } from './kit';
import { registerRemoteFiles } from './remote-files';
import { createLocationResolver, remoteLocations, type RemoteLocation } from './remotes';

/** Paths that belong to the API or to other modules: never answered with the app's HTML. */
const NOT_PAGES = /^\/(api|media|static|mf|kit)(\/|$)/;

export interface PagesOptions {
  deps: AppDeps;
  /** Folder holding shell/dist and <remote>/dist; default Config.siteRoot (WISHES_SITE_ROOT). */
  siteRoot?: string;
  env?: Record<string, string | undefined>;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function pathnameOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

export default async function pagesRoutes(app: FastifyInstance, opts: PagesOptions) {
  const env = opts.env ?? process.env;
  const { db, config } = opts.deps;
  const siteRoot = path.resolve(opts.siteRoot ?? config.siteRoot);
  const shellDist = path.join(siteRoot, 'shell', 'dist');
  const defaults = remoteLocations(env, siteRoot);
  const byFolder = new Map<string, RemoteLocation>(defaults.map((l) => [l.folder, l]));
  // The active releases, read per request: a switch counts from the next request on.
  const resolveLocations = createLocationResolver({ db, releasesDir: config.releasesDir, defaults, env });
  const currentLocations: CurrentLocations = (request: FastifyRequest, bucket = null, pin = null) =>
    resolveLocations(bucket, pin).catch((error: unknown) => {
      // The database is down: the built dist/ folders still make a working site.
      request.log.error({ err: error }, 'could not read the active remote releases');
      return defaults;
    });
  const choice = createReleaseChoice(opts.deps);
  const sendBuilt = await registerBuiltFiles(app, siteRoot, { serveSourceMaps: config.serveSourceMaps });
  const manifest = createManifestWriter(config.remoteOverrides);
  const sendPage = createPageSender(opts.deps, shellDist, currentLocations, choice, manifest);

  registerManifest(app, currentLocations, choice, manifest);
  registerRemoteFiles(app, opts.deps, { root: siteRoot, byFolder, sendBuilt });
  registerKitFiles(app, { root: siteRoot, sendBuilt });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = pathnameOf(request.url);
    if (NOT_PAGES.test(pathname)) return reply.callNotFound();
    if (pathname === '/' || pathname === '/index.html') return sendPage(request, reply, '/');
    const relative = safeRelativePath(pathname);
    // Only the shell's code and what it loads: any other file of its build is never a page of its own.
    if (relative && releaseFileType(relative) !== null && isFile(path.join(shellDist, relative))) return sendBuilt(reply, shellDist, relative);
    if (looksLikeAsset(pathname)) return reply.callNotFound();
    // A group's invite page carries its secret in the path: as /w/, no referrer, never indexed.
    if (pathname.startsWith('/g/')) reply.header('Referrer-Policy', 'no-referrer').header('X-Robots-Tag', 'noindex');
    return sendPage(request, reply, pathname);
  });
}
