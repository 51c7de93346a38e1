/**
 * Serves the built site (registered last, after every API module):
 * - GET /mf/remotes.json: where each remote lives and what it declares (see remotes.ts), following
 *   the active releases;
 * - GET /mf/releases/<remote>/<release-id>/*: a release's files, immutable;
 * - GET /mf/<folder>/*: a remote's built files from <root>/<folder>/dist, CORS-open so the shell
 *   can load them from another origin;
 * - the shell's built files at /, and for every other non-API GET path the shell's index.html
 *   (status 200: it is a single-page app, the client renders its own not-found page), with the
 *   route's remote entries and page chunks preloaded, the remote manifest and the site options
 *   inlined (the shell does not have to fetch them before it can start) and, for /feed and
 *   /user/{id}, the first page embedded.
 * Built files are sent as the build's precompressed copy (.br, else .gz) when the client accepts
 * it, so no CPU is spent compressing them per request.
 * Unknown /api, /media and /static paths and missing build files fall through to the app's JSON
 * 404. A missing dist folder is a 404, never a crash.
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { EmbeddedData } from '@wishes/shared/contract';
import { FEED } from '@wishes/shared/constants';
import { FIRST_PAINT_CSS, renderFeedFirstPaint } from '@wishes/shared/firstPaint';
import type { AppDeps } from '../app/deps';
import { feedPage, userWishesPage } from '../wishes/feeds';
import { getProfile } from '../profiles/queries';
import { loadOptions } from '../options/load';
import { acceptedEncodings, cacheControlFor, contentTypeFor, IMMUTABLE, isSourceMap, looksLikeAsset, PRECOMPRESSED, regularFileInside, safeRelativePath } from './assets';
import { createTemplateReader, OPTIONS_ELEMENT_ID, REMOTES_ELEMENT_ID, renderPage } from './html';
import { createPreloadPlanner } from './preload';
import { createLocationResolver, modulesForPath, remoteLocations, remotesManifest, type RemoteLocation } from './remotes';
import { readRelease, releaseDir } from '../releases/catalog';
import { ensureLocal } from '../releases/published';
import { bucketCookie, bucketFromCookie, newBucket, newLoadId, PREVIEW_COOKIE, PREVIEW_PARAM, previewFromCookie, recordCanaryLoads, verifyPreviewToken, type PreviewPin } from '../releases/canary';
import { encodeUserText, previewFor, previewTags } from '../previews/meta';

export const MANIFEST_PATH = '/mf/remotes.json';

/** Paths that belong to the API or to other modules: never answered with the app's HTML. */
const NOT_PAGES = /^\/(api|media|static|mf)(\/|$)/;

const NOT_BUILT_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Wishes is not built yet</title></head>' +
  '<body><h1>Wishes is not built yet</h1><p>Run <code>npm run build</code> (or <code>npm start</code>) and reload.</p></body></html>';

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
  const currentLocations = (request: FastifyRequest, bucket: number | null = null, pin: PreviewPin | null = null) =>
    resolveLocations(bucket, pin).catch((error: unknown) => {
      // The database is down: the built dist/ folders still make a working site.
      request.log.error({ err: error }, 'could not read the active remote releases');
      return defaults;
    });
  const readTemplate = createTemplateReader(path.join(shellDist, 'index.html'));
  const preloadsFor = createPreloadPlanner();

  // sendFile only (no routes of its own); `send` refuses paths outside the root it is given.
  await app.register(fastifyStatic, { root: siteRoot, serve: false });

  const sendBuilt = (request: FastifyRequest, reply: FastifyReply, distDir: string, relative: string, cacheControl = cacheControlFor(relative)) => {
    if (!existsSync(distDir)) return reply.callNotFound();
    // No links, nothing outside the folder, no source maps unless configured; a missing file is a
    // plain 404, decided before the Cache-Control (never an immutable error).
    if ((isSourceMap(relative) && !config.serveSourceMaps) || !regularFileInside(distDir, relative)) return reply.callNotFound();
    reply.header('Cache-Control', cacheControl);
    // ETag/Last-Modified revalidation for the no-cache entry files; our own Cache-Control wins.
    const sendOptions = { cacheControl: false, etag: true, lastModified: true, dotfiles: 'deny', index: false } as const;
    const type = contentTypeFor(relative);
    if (type) {
      const accepted = acceptedEncodings(request.headers['accept-encoding']);
      const copy = PRECOMPRESSED.find((c) => accepted.has(c.encoding) && regularFileInside(distDir, relative + c.extension));
      // The answer depends on Accept-Encoding whenever a compressed copy exists.
      if (PRECOMPRESSED.some((c) => regularFileInside(distDir, relative + c.extension))) reply.header('Vary', 'Accept-Encoding');
      if (copy) {
        // @fastify/compress leaves a response that already has a Content-Encoding alone.
        reply.header('Content-Encoding', copy.encoding).type(type);
        return reply.sendFile(relative + copy.extension, distDir, { ...sendOptions, contentType: false });
      }
    }
    return reply.sendFile(relative, distDir, sendOptions);
  };

  /** This browser's canary bucket (releases/canary.ts), set as a cookie on its first visit. */
  const bucketOf = (request: FastifyRequest, reply: FastifyReply): number => {
    const known = bucketFromCookie(request.headers.cookie);
    if (known !== null) return known;
    const bucket = newBucket();
    reply.header('Set-Cookie', bucketCookie(bucket, request.protocol === 'https'));
    return bucket;
  };

  /**
   * The release a preview link pins for this browser: from the link's query (then kept in a cookie
   * until it expires) or from that cookie.
   */
  const previewOf = (request: FastifyRequest, reply: FastifyReply): PreviewPin | null => {
    const fromQuery = (request.query as Record<string, unknown> | undefined)?.[PREVIEW_PARAM];
    if (typeof fromQuery === 'string') {
      const pin = verifyPreviewToken(config.jwtSecret, fromQuery);
      if (pin) {
        const maxAge = Math.max(1, Math.floor((pin.expires - Date.now()) / 1000));
        reply.header('Set-Cookie', `${PREVIEW_COOKIE}=${fromQuery}; Path=/; Max-Age=${maxAge}; SameSite=Lax; HttpOnly${request.protocol === 'https' ? '; Secure' : ''}`);
        return pin;
      }
    }
    return verifyPreviewToken(config.jwtSecret, previewFromCookie(request.headers.cookie));
  };

  /** A signed load id for this page load; the canaries it was served are counted (in the database). */
  const startLoad = async (request: FastifyRequest, locations: readonly RemoteLocation[]): Promise<string> => {
    const loadId = newLoadId(config.jwtSecret);
    const served = locations.filter((l) => l.canary).map((l) => ({ remote: l.folder, release: l.release }));
    await recordCanaryLoads(db, loadId, served).catch((error: unknown) => request.log.error({ err: error }, 'could not count canary loads'));
    return loadId;
  };

  /** The ETag of the manifest for these locations (not of its load id). */
  const manifestEtag = (locations: readonly RemoteLocation[]) => `"${createHash('sha256').update(JSON.stringify(remotesManifest(locations))).digest('base64url').slice(0, 27)}"`;

  // Per bucket (Vary: Cookie); an ETag over the remotes lets an open tab revalidate cheaply (a
  // 304 keeps its load id and counts no load).
  app.get(MANIFEST_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-cache').header('Access-Control-Allow-Origin', '*').header('Vary', 'Cookie');
    const locations = await currentLocations(request, bucketOf(request, reply), previewOf(request, reply));
    const etag = manifestEtag(locations);
    reply.header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return remotesManifest(locations, await startLoad(request, locations));
  });

  // A release's files: its URL names the release, so every file is cached for good. Only
  // finished releases (release.json written last by `npm run release`) are served.
  app.get<{ Params: { remote: string; release: string; '*': string } }>('/mf/releases/:remote/:release/*', { schema: { hide: true } }, async (request, reply) => {
    const { remote, release } = request.params;
    const dir = releaseDir(config.releasesDir, remote, release);
    const relative = safeRelativePath(request.params['*'] ?? '');
    if (!dir || !relative) return reply.callNotFound();
    // Published over HTTP (possibly to another process): copied here from the database first.
    if (!readRelease(config.releasesDir, remote, release) && !(await ensureLocal(db, config.releasesDir, remote, release).catch(() => false))) return reply.callNotFound();
    reply.header('Access-Control-Allow-Origin', '*').header('Cross-Origin-Resource-Policy', 'cross-origin');
    return sendBuilt(request, reply, dir, relative, IMMUTABLE);
  });

  app.get<{ Params: { folder: string; '*': string } }>('/mf/:folder/*', { schema: { hide: true } }, async (request, reply) => {
    const location = byFolder.get(request.params.folder);
    const relative = safeRelativePath(request.params['*'] ?? '');
    if (!location || !relative) return reply.callNotFound();
    // Remotes may be loaded from another origin (the shell on a CDN, or a dev server).
    reply.header('Access-Control-Allow-Origin', '*').header('Cross-Origin-Resource-Policy', 'cross-origin');
    return sendBuilt(request, reply, path.join(siteRoot, location.folder, 'dist'), relative);
  });

  const embeddedFor = async (request: FastifyRequest, pathname: string): Promise<EmbeddedData | undefined> => {
    const viewerId = request.userId ?? null;
    const trimmed = pathname.replace(/\/+$/, '');
    if (trimmed === '/feed') {
      return { path: '/feed', feed: await feedPage(db, FEED.firstPage, FEED.pageSize, viewerId) };
    }
    const match = /^\/user\/(\d{1,15})$/.exec(trimmed);
    if (match) {
      const userId = Number(match[1]);
      if (!Number.isSafeInteger(userId) || userId <= 0) return undefined;
      const profile = await getProfile(db, userId, viewerId);
      // An unknown user: the page asks the API itself and shows its own not-found message.
      if (!profile) return undefined;
      const wishes = await userWishesPage(db, userId, FEED.firstPage, FEED.pageSize, viewerId);
      return { path: `/user/${userId}`, profile: { profile, wishes } };
    }
    return undefined;
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const template = readTemplate();
    if (template === null) {
      request.log.error(`shell is not built: ${path.join(shellDist, 'index.html')} is missing`);
      return reply.code(503).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(NOT_BUILT_HTML);
    }
    let embedded: EmbeddedData | undefined;
    try {
      embedded = await embeddedFor(request, pathname);
    } catch (error) {
      // The page still works without embedded data: the client fetches it.
      request.log.error({ err: error }, 'could not prepare embedded page data');
    }
    const locations = await currentLocations(request, bucketOf(request, reply), previewOf(request, reply));
    const preloadScripts = preloadsFor(modulesForPath(pathname, locations), locations);
    let options: unknown = null;
    try {
      options = loadOptions(config.optionsPath, config.siteName).options;
    } catch (error) {
      // The shell falls back to GET /api/base/options (which reports the problem itself).
      request.log.error({ err: error }, 'could not read the site options for the page');
    }
    const data: Record<string, unknown> = { [REMOTES_ELEMENT_ID]: { ...remotesManifest(locations, await startLoad(request, locations)), etag: manifestEtag(locations) } };
    if (options) data[OPTIONS_ELEMENT_ID] = options;
    const siteName = (options as { site_name?: string } | null)?.site_name ?? config.siteName ?? 'Wishes';
    let meta: string | undefined;
    let titleHtml: string | undefined;
    try {
      const preview = await previewFor(db, pathname, config.publicUrl, siteName);
      meta = previewTags(preview, siteName);
      if (preview.type !== 'website') titleHtml = encodeUserText(preview.title);
    } catch (error) {
      // The page works without previews; an unfurler then sees the generic title.
      request.log.error({ err: error }, 'could not prepare link-preview tags');
    }
    // The feed's first page drawn in HTML: the first card shows before any script has arrived.
    const firstPaintHtml = embedded?.feed ? renderFeedFirstPaint(embedded.path, embedded.feed.wishes) : '';
    const firstPaint = firstPaintHtml ? { html: firstPaintHtml, css: FIRST_PAINT_CSS } : undefined;
    const html = renderPage(template, { preloadScripts, preloadFetches: [], embedded, data, meta, titleHtml, firstPaint });
    return reply.code(200).header('Cache-Control', 'no-cache').header('Vary', 'Cookie').type('text/html; charset=utf-8').send(html);
  };

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = pathnameOf(request.url);
    if (NOT_PAGES.test(pathname)) return reply.callNotFound();
    if (pathname === '/' || pathname === '/index.html') return sendPage(request, reply, '/');
    const relative = safeRelativePath(pathname);
    if (relative && relative !== 'index.html' && isFile(path.join(shellDist, relative))) {
      return sendBuilt(request, reply, shellDist, relative);
    }
    if (looksLikeAsset(pathname)) return reply.callNotFound();
    return sendPage(request, reply, pathname);
  });
}
